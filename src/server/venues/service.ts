import { MAX_VENUE_RESULTS, type Venue } from "@shared/contracts/venues";
import { metersToMilesString } from "@shared/units";
import type { Db } from "../db/client";
import { liveFit, type LiveVibe, presentLatestUpdate } from "../live/crowd";
import type { CatalogHit, VenueCatalog } from "./catalog";
import { loadVenueState, type StateReader } from "./live-state";
import { countWithin, presentStoredVenue, venuesWithin, type RadiusSearch, type VenueRow } from "./queries";
import { matchScore, rankFor, suggestionRank, type VibeScores } from "./ranking";
import type { MatchSort } from "@shared/vocabulary";
import { openStatus, type OpenStatus } from "./hours";

/** Nearest venues suggestions are chosen from. */
export const MATCH_CANDIDATES = MAX_VENUE_RESULTS * 2;

/** Where venues are read from: the database, and what this instance keeps in memory. */
export interface VenueReader extends StateReader {
  db: Db;
  catalog: VenueCatalog;
}

/**
 * Venues inside a circle, nearest first, with their distance. Without text search the instance's
 * catalog answers (no radius query in the database); a text search runs in the database, where
 * unaccent and LIKE are. Whether the caller saved them is for loadVenueState to tell.
 */
export async function venueHitsNear({ db, catalog }: VenueReader, q: RadiusSearch): Promise<CatalogHit[]> {
  if (!q.search) return catalog.within(q);
  return (await venuesWithin(db, q)).map((row) => ({ venue: row, meters: row.meters! }));
}

/** venueHitsNear as rows (is_favorite false). */
export async function venuesNear(reader: VenueReader, q: RadiusSearch): Promise<VenueRow[]> {
  return (await venueHitsNear(reader, q)).map((h) => ({ ...h.venue, meters: h.meters, is_favorite: false }));
}

/** The nearest venues of a radius, `offset` to `offset + limit`, and how many the radius holds. */
export async function nearestPage(
  reader: VenueReader,
  q: Omit<RadiusSearch, "limit">,
  offset: number,
  limit: number,
): Promise<{ rows: VenueRow[]; total: number }> {
  const total = await countNear(reader, q);
  if (offset >= total) return { rows: [], total };
  const rows = await venuesNear(reader, { ...q, limit: Math.min(offset + limit, total) });
  return { rows: rows.slice(offset), total };
}

/**
 * The venues of a radius best suited to an hour of the day (and to the preferred vibes, when the
 * caller has some): the nearest MATCH_CANDIDATES ranked by suggestionRank, the page `offset`
 * (default 0) to `offset + limit` of them. `total`: how many the ranking holds.
 */
export async function suggestionsNear(
  reader: VenueReader,
  q: RadiusSearch & { offset?: number },
  hour: number,
  preferred: readonly string[],
): Promise<{ rows: VenueRow[]; total: number }> {
  const rows = await venuesNear(reader, { ...q, limit: MATCH_CANDIDATES });
  const offset = q.offset ?? 0;
  const page = rows
    .map((r) => ({
      r,
      rank: suggestionRank(
        { category: r.category, vibeScores: r.vibe_scores },
        hour,
        preferred,
        r.meters!,
        q.radiusMeters,
      ),
    }))
    .sort((a, b) => b.rank - a.rank)
    .slice(offset, offset + q.limit)
    .map(({ r }) => r);
  return { rows: page, total: rows.length };
}

export interface MatchRequest {
  latitude: number;
  longitude: number;
  radiusKm: number;
  /** Empty: every venue in the radius, nearest first. */
  vibes: readonly string[];
  category?: string;
  search?: string;
  /** Only venues open at this instant. */
  openAt?: Date;
  /** best: ranked by fit alone; proximity and rating (default): by fit and nearness (ranking.ts). */
  sort?: MatchSort;
  userId?: string | null;
  /** The page: `limit` venues (default MAX_VENUE_RESULTS) after the first `offset` (default 0) of the ranking. */
  offset?: number;
  limit?: number;
}

/** One venue of a match: the stored venue and what this request adds to it. */
export interface MatchedVenue {
  venue: CatalogHit["venue"];
  meters: number;
  fit: number | null;
  isFavorite: boolean;
  live: LiveVibe | null;
}

/** One page of a match, and how many venues the whole ranking holds. */
export interface MatchPage {
  venues: MatchedVenue[];
  total: number;
}

/** How many venues venueHitsNear would find without a limit: from the catalog, or SQL for a text search. */
export async function countNear({ db, catalog }: VenueReader, q: Omit<RadiusSearch, "limit">): Promise<number> {
  return q.search ? countWithin(db, q) : catalog.count(q);
}

/**
 * Venues inside the radius that fit at least one vibe, best matches first (docs/discovery.md), one
 * page at a time. The ranking is over every fitting venue of the radius, so pages are disjoint and
 * together are the ranking; `total` is its size. A fresh live vibe (owner broadcast, recent
 * check-ins) counts in the fit while it lasts and is shown as the venue's latestUpdate.
 */
export async function matchVenues(reader: VenueReader, q: MatchRequest): Promise<MatchPage> {
  const radiusMeters = q.radiusKm * 1000;
  const offset = q.offset ?? 0;
  const limit = q.limit ?? MAX_VENUE_RESULTS;
  const search = {
    latitude: q.latitude,
    longitude: q.longitude,
    radiusMeters,
    vibes: q.vibes,
    category: q.category,
    search: q.search,
    openAt: q.openAt,
  };
  const matchRank = rankFor(q.sort);
  const fitOf = (scores: VibeScores, l: LiveVibe | null) => liveFit(matchScore(scores, q.vibes), l, q.vibes);

  if (q.vibes.length && !q.search) {
    // One pass over the circle (the catalog) ranks every fitting venue, keeps the best offset +
    // limit and counts them all. Live vibes are few: all of them are read first.
    const live = await reader.live.all();
    const { hits, count } = await reader.catalog.best({ ...search, limit: offset + limit }, (venue, meters) =>
      matchRank(fitOf(venue.vibeScore, live.get(venue.id) ?? null), meters, radiusMeters),
    );
    const saved = q.userId ? await reader.favorites.of(q.userId) : NO_FAVORITES;
    return {
      venues: hits.slice(offset).map((h) => {
        const l = live.get(h.venue.id) ?? null;
        return matched(h, fitOf(h.venue.vibe_scores, l), saved, l);
      }),
      total: count,
    };
  }

  const total = await countNear(reader, search);
  const end = Math.min(offset + limit, total);
  if (offset >= end) return { venues: [], total };
  // Without vibes the ranking is nearness: the nearest `end` are read. A text search reads its
  // venues in SQL (the words narrow them to a few) and ranks them all.
  const hits = await venueHitsNear(reader, { ...search, limit: q.vibes.length ? total : end });
  const { live, favorites } = await loadVenueState(
    reader,
    hits.map((h) => h.venue.id),
    q.userId,
  );
  if (!q.vibes.length)
    return {
      venues: hits.slice(offset).map((h) => matched(h, null, favorites, live.get(h.venue.id) ?? null)),
      total,
    };
  // Array.prototype.sort is stable: equal ranks stay nearest first (ties by id), as read, the
  // same order as the catalog's.
  const ranked = hits
    .map((h) => {
      const l = live.get(h.venue.id) ?? null;
      const fit = fitOf(h.venue.vibe_scores, l);
      return { h, l, fit, rank: matchRank(fit, h.meters, radiusMeters) };
    })
    .sort((a, b) => b.rank - a.rank);
  return {
    venues: ranked.slice(offset, end).map(({ h, fit, l }) => matched(h, fit, favorites, l)),
    total,
  };
}

const NO_FAVORITES: ReadonlySet<number> = new Set();

function matched(h: CatalogHit, fit: number | null, favorites: ReadonlySet<number>, l: LiveVibe | null): MatchedVenue {
  return { venue: h.venue, meters: h.meters, fit, isFavorite: favorites.has(h.venue.id), live: l };
}

/** A matched venue as the API's Venue. */
export function presentMatched(m: MatchedVenue): Venue {
  const venue = presentStoredVenue(m.venue, m.meters, m.isFavorite, m.fit);
  if (m.live) venue.latestUpdate = presentLatestUpdate(m.live);
  return venue;
}

/**
 * The JSON of matched venues, as the bytes sent: exactly JSON.stringify of presentMatched's Venues
 * but for the order of their keys. A match answers up to 100 venues of 20 fields (50-90 kB); the
 * fields that do not depend on the request are encoded once per stored venue and kept as bytes,
 * like a live vibe's latestUpdate, so an answer is copied together into one buffer: no text to
 * build, flatten and encode again for every request. The few fields written per answer are ASCII.
 * A venue read again by the catalog is a new object, so kept bytes never outlive the venue they
 * were made from.
 */
export function matchedJson(list: readonly MatchedVenue[], now: Date = new Date()): Buffer {
  // Per venue: [head: kept fields + ',"distance":"'] distance ['","isFavorite":…,"matchScore":']
  // score [open: ',"openStatus":…'] [latest: ',"latestUpdate":…}']. Only the distance and the
  // score are written per answer; the open status (one object per hours value and minute) and the
  // live vibe are kept as bytes per object.
  const heads: Buffer[] = new Array(list.length);
  const distances: string[] = new Array(list.length);
  const scores: string[] = new Array(list.length);
  const latest: Buffer[] = new Array(list.length);
  const opens: Buffer[] = new Array(list.length);
  let size = 2 + Math.max(0, list.length - 1); // brackets and commas
  for (let i = 0; i < list.length; i++) {
    const m = list[i];
    let head = fixedJson.get(m.venue);
    if (head === undefined) {
      const {
        distance: _d,
        isFavorite: _f,
        matchScore: _s,
        latestUpdate: _l,
        openStatus: _o,
        ...rest
      } = presentStoredVenue(m.venue, null, false, null);
      head = Buffer.from(`${JSON.stringify(rest).slice(0, -1)},"distance":"`);
      fixedJson.set(m.venue, head);
    }
    heads[i] = head;
    distances[i] = metersToMilesString(m.meters); // digits and a point
    scores[i] = m.fit !== null && Number.isFinite(m.fit) ? String(m.fit) : "null"; // as JSON.stringify writes it
    latest[i] = m.live ? liveJson(m.live) : NO_LATEST;
    opens[i] = openJson(openStatus(m.venue.opening_hours, now));
    size +=
      head.length +
      distances[i].length +
      FAVORITE[+m.isFavorite].length +
      scores[i].length +
      opens[i].length +
      latest[i].length;
  }
  const out = Buffer.allocUnsafe(size);
  out[0] = OPEN_BRACKET;
  let at = 1;
  for (let i = 0; i < list.length; i++) {
    if (i) out[at++] = COMMA;
    out.set(heads[i], at);
    at += heads[i].length;
    at = ascii(out, at, distances[i]);
    const favorite = FAVORITE[+list[i].isFavorite];
    out.set(favorite, at);
    at += favorite.length;
    at = ascii(out, at, scores[i]);
    out.set(opens[i], at);
    at += opens[i].length;
    out.set(latest[i], at);
    at += latest[i].length;
  }
  out[at] = CLOSE_BRACKET;
  return out;
}
/** Writes a short ASCII text (a few characters: by hand costs less than Buffer.write's checks). */
function ascii(out: Buffer, at: number, text: string): number {
  for (let k = 0; k < text.length; k++) out[at++] = text.charCodeAt(k);
  return at;
}
const fixedJson = new WeakMap<object, Buffer>();
const FAVORITE = [Buffer.from('","isFavorite":false,"matchScore":'), Buffer.from('","isFavorite":true,"matchScore":')];
const NO_LATEST = Buffer.from(',"latestUpdate":null}');
const COMMA = 0x2c;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

/** A live vibe's latestUpdate and the venue's closing brace as JSON bytes, made once per live vibe. */
function liveJson(live: LiveVibe): Buffer {
  let bytes = latestJson.get(live);
  if (bytes === undefined)
    latestJson.set(live, (bytes = Buffer.from(`,"latestUpdate":${JSON.stringify(presentLatestUpdate(live))}}`)));
  return bytes;
}
const latestJson = new WeakMap<LiveVibe, Buffer>();

/** ',"openStatus":{…}' for a status (hours.ts hands out one object per value and minute). */
function openJson(status: OpenStatus | null): Buffer {
  if (status === null) return NO_OPEN;
  let bytes = openBytes.get(status);
  if (bytes === undefined) openBytes.set(status, (bytes = Buffer.from(`,"openStatus":${JSON.stringify(status)}`)));
  return bytes;
}
const openBytes = new WeakMap<OpenStatus, Buffer>();
const NO_OPEN = Buffer.from(',"openStatus":null');
