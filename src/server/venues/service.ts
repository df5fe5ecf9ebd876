import { MAX_VENUE_RESULTS, type Venue } from "@shared/contracts/venues";
import { metersToMilesString } from "@shared/units";
import type { Db } from "../db/client";
import { liveFit, type LiveVibe, presentLatestUpdate } from "../live/crowd";
import type { CatalogHit, VenueCatalog } from "./catalog";
import { loadVenueState, type StateReader } from "./live-state";
import { presentStoredVenue, venuesWithin, type RadiusSearch, type VenueRow } from "./queries";
import { matchRank, matchScore, suggestionRank } from "./ranking";
import { openStatus, type OpenStatus } from "./hours";

/** Nearest matches read before ranking; the best MAX_VENUE_RESULTS of them are returned. */
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

/**
 * The venues of a radius best suited to an hour of the day (and to the preferred vibes, when the
 * caller has some): the nearest MATCH_CANDIDATES, ranked by suggestionRank.
 */
export async function suggestionsNear(
  reader: VenueReader,
  q: RadiusSearch,
  hour: number,
  preferred: readonly string[],
): Promise<VenueRow[]> {
  const rows = await venuesNear(reader, { ...q, limit: MATCH_CANDIDATES });
  return rows
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
    .slice(0, q.limit)
    .map(({ r }) => r);
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
  userId?: string | null;
}

/** One venue of a match: the stored venue and what this request adds to it. */
export interface MatchedVenue {
  venue: CatalogHit["venue"];
  meters: number;
  fit: number | null;
  isFavorite: boolean;
  live: LiveVibe | null;
}

/**
 * Venues inside the radius that fit at least one vibe, best matches first (docs/discovery.md).
 * A fresh live vibe (owner broadcast, recent check-ins) counts in the fit while it lasts and is
 * shown as the venue's latestUpdate.
 */
export async function matchVenues(reader: VenueReader, q: MatchRequest): Promise<MatchedVenue[]> {
  const radiusMeters = q.radiusKm * 1000;
  const hits = await venueHitsNear(reader, {
    latitude: q.latitude,
    longitude: q.longitude,
    radiusMeters,
    vibes: q.vibes,
    category: q.category,
    search: q.search,
    openAt: q.openAt,
    limit: q.vibes.length ? MATCH_CANDIDATES : MAX_VENUE_RESULTS,
  });
  const { live, favorites } = await loadVenueState(
    reader,
    hits.map((h) => h.venue.id),
    q.userId,
  );
  const matched = (h: CatalogHit, fit: number | null, l: LiveVibe | null): MatchedVenue => ({
    venue: h.venue,
    meters: h.meters,
    fit,
    isFavorite: favorites.has(h.venue.id),
    live: l,
  });
  if (!q.vibes.length) return hits.map((h) => matched(h, null, live.get(h.venue.id) ?? null));
  return hits
    .map((h) => {
      const l = live.get(h.venue.id) ?? null;
      const fit = liveFit(matchScore(h.venue.vibe_scores, q.vibes), l, q.vibes);
      return { h, l, fit, rank: matchRank(fit, h.meters, radiusMeters) };
    })
    .sort((a, b) => b.rank - a.rank)
    .slice(0, MAX_VENUE_RESULTS)
    .map(({ h, fit, l }) => matched(h, fit, l));
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
