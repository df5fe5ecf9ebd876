import { MAX_EXACT_TOTAL, MAX_VENUE_RESULTS, type Venue } from "@shared/contracts/venues";
import { metersToMilesString } from "@shared/units";
import type { Db } from "../db/client";
import { LIVE_MUSIC, liveClaims, liveFit, type LiveVibe, presentLatestUpdate } from "../live/crowd";
import {
  shownRating,
  type CatalogHit,
  type CatalogSearch,
  type LeanHit,
  type LeanVenue,
  type Ranking,
  type VenueCatalog,
} from "./catalog";
import { loadVenueState, type StateReader } from "./live-state";
import {
  countWithin,
  presentStoredVenue,
  storedVenueHead,
  ratingOf,
  venuesServingDiets,
  venuesWithin,
  type RadiusSearch,
  type StoredVenue,
  type VenueRow,
} from "./queries";
import { matchScore, personalRank, rankFor, ratingRank, suggestionRank, type VibeScores } from "./ranking";
import type { MatchSort } from "@shared/vocabulary";
import { openStatus, openTier, type OpenStatus } from "./hours";

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
  return (await venuesWithin(db, q)).slice(q.skip ?? 0).map((row) => ({ venue: row, meters: row.meters! }));
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
  const end = pageEnd(offset, limit, total);
  if (offset >= end) return { rows: [], total };
  const rows = await venuesNear(reader, { ...q, limit: end });
  return { rows: rows.slice(offset), total };
}

/**
 * The venues that count as having one of `vibes` for now (live/crowd.ts liveClaims): none unless
 * Live Music is asked for.
 */
async function claimedFor(reader: StateReader, vibes: readonly string[]): Promise<number[]> {
  return vibes.includes(LIVE_MUSIC) ? liveClaims(await reader.live.all(), vibes) : [];
}

/** What a person said they like (Profile → My Preferences): the vibes and diets picks follow. */
export interface Preferences {
  vibes: readonly string[];
  diets: readonly string[];
}

/**
 * The venues of a radius best suited to an hour of the day, or to the caller's preferences, the
 * page `offset` (default 0) to `offset + limit` of them. `total`: how many the ranking holds.
 *
 * With preferences ('Personalized Picks', issue 26) the picks are only venues that follow them:
 * that fit a preferred vibe (among the nearest MATCH_CANDIDATES that do) or serve a chosen diet by
 * their OpenStreetMap tags, ranked by personalRank. When none does, the answer is the hour's
 * suggestions and `personal` is false, so the screen can say why (never the hour's list under a
 * personal heading). Without preferences: the nearest MATCH_CANDIDATES ranked by suggestionRank.
 */
export async function suggestionsNear(
  reader: VenueReader,
  q: RadiusSearch & { offset?: number },
  hour: number,
  prefs: Preferences = { vibes: [], diets: [] },
): Promise<{ rows: VenueRow[]; total: number; personal: boolean }> {
  const offset = q.offset ?? 0;
  const page = <T>(ranked: { r: T; rank: number }[]) =>
    ranked
      .sort((a, b) => b.rank - a.rank)
      .slice(offset, offset + q.limit)
      .map(({ r }) => r);
  if (prefs.vibes.length || prefs.diets.length) {
    // an owner's live music tonight counts for a person who likes Live Music (live/crowd.ts liveClaims)
    const claimed = await claimedFor(reader, prefs.vibes);
    const [byVibe, byDiet] = await Promise.all([
      prefs.vibes.length ? venuesNear(reader, { ...q, vibes: prefs.vibes, claimed, limit: MATCH_CANDIDATES }) : [],
      prefs.diets.length ? venuesServingDiets(reader.db, { ...q, limit: MATCH_CANDIDATES }, prefs.diets) : [],
    ]);
    const diets = new Map(byDiet.map((r) => [r.id, r.diets]));
    const rows = new Map<number, VenueRow>();
    for (const r of [...byVibe, ...byDiet]) if (!rows.has(r.id)) rows.set(r.id, r);
    if (rows.size) {
      const ranked = [...rows.values()].map((r) => ({
        r,
        rank: personalRank(
          { category: r.category, vibeScores: r.vibe_scores, diets: diets.get(r.id) ?? [] },
          hour,
          prefs,
          r.meters!,
          q.radiusMeters,
        ),
      }));
      return { rows: page(ranked), total: rows.size, personal: true };
    }
  }
  const rows = await venuesNear(reader, { ...q, limit: MATCH_CANDIDATES });
  const ranked = rows.map((r) => ({
    r,
    rank: suggestionRank({ category: r.category, vibeScores: r.vibe_scores }, hour, r.meters!, q.radiusMeters),
  }));
  return { rows: page(ranked), total: rows.length, personal: false };
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
  /**
   * The instant of the request (ctx.clock()). With vibes, under Best match and the default order
   * (not Top Rated), venues open at it (or opening within the hour) come first, then those whose
   * hours are unknown, then the closed ones (issue 25, docs/discovery.md "Time counts").
   */
  now?: Date;
  /**
   * The page is for its JSON (matchedJson): the catalog's venues come lean (VenueCatalog.bestLean),
   * their answer's bytes without the venue decoded, and MatchedVenue.head holds them.
   */
  lean?: boolean;
}

/** What a request adds to a venue of a match. */
interface MatchedFields {
  meters: number;
  fit: number | null;
  isFavorite: boolean;
  live: LiveVibe | null;
  /** Not confirmed for the vibes asked for, but likely for this one (vibes/likely.ts), and why. */
  likely?: { vibe: string; reasons: string[] };
}
/** A venue of a match that is not lean: the stored venue, decoded. */
export type DecodedMatch = MatchedFields & { venue: CatalogHit["venue"]; head?: undefined };
/**
 * One venue of a match: the stored venue, or in a lean match (MatchRequest.lean) the fields read
 * of it and its answer's bytes (LeanHit), and what this request adds to it.
 */
export type MatchedVenue = DecodedMatch | (MatchedFields & { venue: LeanVenue; head: Buffer });

/** One page of a match, and how many venues the whole ranking holds. */
export interface MatchPage<M = MatchedVenue> {
  venues: M[];
  total: number;
  /** How many of `total` are confirmed matches (the rest are likely ones); equal to total without vibes. */
  confirmed: number;
}

/**
 * When the confirmed matches of a radius are fewer than this (a page), the ranking goes on with the
 * likely ones (issue 25).
 */
export const LIKELY_BELOW = MAX_VENUE_RESULTS;
/** A likely weight (vibes/likely.ts, 2 and up) read as a fit in 0..1 for the default order's rank. */
const likelyFit = (weight: number) => Math.min(1, weight / 6);

/**
 * Where a page of a list of `total` venues ends: a total past MAX_EXACT_TOTAL says only "more than"
 * (VenueCatalog.count), so the page is read whole and ends where the venues do.
 */
const pageEnd = (offset: number, limit: number, total: number) =>
  total > MAX_EXACT_TOTAL ? offset + limit : Math.min(offset + limit, total);

/** How many venues venueHitsNear would find without a limit: from the catalog, or SQL for a text search. */
export async function countNear({ db, catalog }: VenueReader, q: Omit<RadiusSearch, "limit">): Promise<number> {
  return q.search ? countWithin(db, q) : catalog.count(q);
}

/**
 * Venues inside the radius that fit at least one vibe, best matches first (docs/discovery.md), one
 * page at a time. The ranking is over every fitting venue of the radius, so pages are disjoint and
 * together are the ranking; `total` is its size. Without a text search, when the confirmed matches
 * fill less than a page (LIKELY_BELOW) the ranking goes on with the likely ones (vibes/likely.ts),
 * each with its likely vibe and reasons and no fit; `confirmed` says how many are confirmed. With
 * `now`, open venues come first (MatchRequest.now). A fresh live vibe (owner broadcast, recent
 * check-ins) counts in the fit while it lasts and is shown as the venue's latestUpdate.
 */
export function matchVenues(reader: VenueReader, q: MatchRequest & { lean: true }): Promise<MatchPage>;
export function matchVenues(reader: VenueReader, q: MatchRequest & { lean?: false }): Promise<MatchPage<DecodedMatch>>;
export function matchVenues(reader: VenueReader, q: MatchRequest): Promise<MatchPage>;
export async function matchVenues(reader: VenueReader, q: MatchRequest): Promise<MatchPage> {
  const radiusMeters = q.radiusKm * 1000;
  /** The catalog's ranking, its hits lean for a lean match. */
  const best = (s: CatalogSearch, ranking: Ranking): Promise<{ hits: (CatalogHit | LeanHit)[]; count: number }> =>
    q.lean ? reader.catalog.bestLean(s, ranking) : reader.catalog.best(s, ranking);
  const offset = q.offset ?? 0;
  const limit = q.limit ?? MAX_VENUE_RESULTS;
  const search = {
    latitude: q.latitude,
    longitude: q.longitude,
    radiusMeters,
    vibes: q.vibes,
    // venues whose owner announced live music tonight are Live Music while it lasts (issue 26)
    claimed: await claimedFor(reader, q.vibes),
    category: q.category,
    search: q.search,
    openAt: q.openAt,
  };
  const matchRank = rankFor(q.sort);
  const fitOf = (scores: VibeScores, l: LiveVibe | null) => liveFit(matchScore(scores, q.vibes), l, q.vibes);

  if (q.sort === "rating" && !q.search) {
    // Top Rated: every venue of the radius (that fits a chosen vibe) ranked by its rating in one
    // pass, so the rated ones come first on the first page however far inside the radius they are.
    const { hits: page, count } = await best(
      { ...search, limit: offset + limit, skip: offset },
      matchRanking({ vibes: q.vibes, sort: "rating", radiusMeters }),
    );
    const { live, favorites } = await loadVenueState(
      reader,
      page.map((h) => h.venue.id),
      q.userId,
    );
    const confirmed = page.map((h) => {
      const l = live.get(h.venue.id) ?? null;
      return matched(h, q.vibes.length ? fitOf(h.venue.vibe_scores, l) : null, favorites, l);
    });
    if (!q.vibes.length) return { venues: confirmed, total: count, confirmed: count };
    const more = await likelyAfter(best, search, count, offset, limit, {
      score: (venue) => ratingRank(shownRating(venue)),
      bound: () => 0,
    });
    return {
      venues: [...confirmed, ...more.hits.map((h) => likelyMatch(h, q.vibes, favorites))].slice(0, limit),
      total: count + more.count,
      confirmed: count,
    };
  }

  if (q.vibes.length && !q.search) {
    // One pass over the circle (the catalog) ranks every fitting venue, keeps the best offset +
    // limit and counts them all. Live vibes are few: all of them are read first.
    const live = await reader.live.all();
    // Open venues first (q.now), then unknown hours, then closed: the ranking's tier.
    const { hits, count } = await best(
      { ...search, limit: offset + limit, skip: offset },
      matchRanking({ vibes: q.vibes, sort: q.sort, radiusMeters, now: q.now }, live),
    );
    const saved = q.userId ? await reader.favorites.of(q.userId) : NO_FAVORITES;
    const confirmed = hits.map((h) => {
      const l = live.get(h.venue.id) ?? null;
      // the catalog's fit when it ranked by it (the same number, without reading the scores again)
      return matched(h, liveFit(h.fit ?? matchScore(h.venue.vibe_scores, q.vibes), l, q.vibes), saved, l);
    });
    const now = q.now;
    const more = await likelyAfter(best, search, count, offset, limit, {
      score: (venue, meters) => matchRank(likelyFit(venue.likelyWeight(q.vibes)), meters, radiusMeters),
      bound: () => 0,
      ...(now && openFirst(now)),
    });
    return {
      venues: [...confirmed, ...more.hits.map((h) => likelyMatch(h, q.vibes, saved))].slice(0, limit),
      total: count + more.count,
      confirmed: count,
    };
  }

  const total = await countNear(reader, search);
  const end = pageEnd(offset, limit, total);
  if (offset >= end) return { venues: [], total, confirmed: total };
  // Without vibes the ranking is nearness: the nearest `end` are read. A text search reads its
  // venues in SQL (the words narrow them to a few) and ranks them all, by rating under Top Rated.
  const byRating = q.sort === "rating";
  // nearness alone: the page is the nearest `end` but the first `offset` (made, not the ones before)
  const nearness = !q.vibes.length && !byRating;
  const near = { ...search, limit: nearness ? end : total, ...(nearness && { skip: offset }) };
  // a lean match reads the catalog's venues lean; a text search's come from SQL
  const read: (CatalogHit | LeanHit)[] =
    q.lean && !q.search ? await reader.catalog.withinLean(near) : await venueHitsNear(reader, near);
  // stable: equal ratings stay nearest first, as read (only a text search's: Top Rated is above)
  const hits = byRating
    ? (read as CatalogHit[])
        .map((h) => ({ h, rank: ratingRank(ratingOf(h.venue).rating) }))
        .sort((a, b) => b.rank - a.rank)
        .map(({ h }) => h)
    : read;
  const { live, favorites } = await loadVenueState(
    reader,
    hits.map((h) => h.venue.id),
    q.userId,
  );
  if (byRating)
    return {
      venues: hits.slice(offset, end).map((h) => {
        const l = live.get(h.venue.id) ?? null;
        return matched(h, q.vibes.length ? fitOf(h.venue.vibe_scores, l) : null, favorites, l);
      }),
      total,
      confirmed: total,
    };
  if (nearness)
    return {
      venues: hits.map((h) => matched(h, null, favorites, live.get(h.venue.id) ?? null)),
      total,
      confirmed: total,
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
    confirmed: total,
  };
}

/**
 * The likely venues (vibes/likely.ts) that follow `confirmed` confirmed ones in a ranking, for the
 * page `offset` to `offset + limit`: none when the confirmed ones fill a page (LIKELY_BELOW).
 * `count`: how many likely venues the ranking holds.
 */
async function likelyAfter(
  best: (s: CatalogSearch, ranking: Ranking) => Promise<{ hits: (CatalogHit | LeanHit)[]; count: number }>,
  search: Omit<RadiusSearch, "limit"> & { vibes: readonly string[]; openAt?: Date; category?: string },
  confirmed: number,
  offset: number,
  limit: number,
  ranking: Ranking,
): Promise<{ hits: (CatalogHit | LeanHit)[]; count: number }> {
  if (confirmed >= LIKELY_BELOW) return { hits: [], count: 0 };
  const want = Math.max(0, offset + limit - confirmed);
  const { hits, count } = await best({ ...search, likely: true, limit: want }, ranking);
  return { hits: hits.slice(Math.max(0, offset - confirmed)), count };
}

/** A likely venue of a match: no fit (no percentage), and the likely vibe asked for with its reasons. */
function likelyMatch(h: CatalogHit | LeanHit, vibes: readonly string[], favorites: ReadonlySet<number>): MatchedVenue {
  const l = (h.venue.likely_vibes ?? []).find((x) => vibes.includes(x.vibe));
  const m = matched(h, null, favorites, null);
  if (l) m.likely = { vibe: l.vibe, reasons: [...l.reasons] };
  return m;
}

const NO_FAVORITES: ReadonlySet<number> = new Set();

/**
 * A ranking's open-first tier at `now` (venues/hours.ts openTier), keyed by its minute: openTier
 * reads the minute only, so the catalog keeps its answers for every search of that minute.
 */
function openFirst(now: Date): Pick<Ranking, "tier" | "tierKey"> {
  return {
    tier: (hours: string | null) => openTier(hours, now),
    tierKey: `open-first ${Math.floor(now.getTime() / 60_000)}`,
  };
}

/**
 * The catalog's ranking of a match (catalog.best): Top Rated by the rating shown; otherwise by the
 * sort's rank of the fit (a fresh live vibe counts in) and nearness. Its bound is the same rank of
 * a group's best stored scores at its nearest: matchScore, the ranks and nearness only grow with
 * their inputs, so no venue of the group ranks above it, but a venue with a live vibe (an outlier,
 * scored on its own).
 */
export function matchRanking(
  q: { vibes: readonly string[]; sort?: MatchSort; radiusMeters: number; now?: Date },
  live: ReadonlyMap<number, LiveVibe> = new Map(),
): Ranking {
  if (q.sort === "rating")
    return {
      score: (venue) => ratingRank(shownRating(venue)),
      bound: (best) => ratingRank(best.rating),
      // the rating alone moves the score: its order per group, visited as a fit's (catalog.ts rank)
      fit: { key: "rating", of: (_scores, rating) => ratingRank(rating()), bound: (rank) => rank },
    };
  const rank = rankFor(q.sort);
  const { vibes, radiusMeters } = q;
  return {
    score: (venue, meters) =>
      rank(liveFit(matchScore(venue.vibeScore, vibes), live.get(venue.id) ?? null, vibes), meters, radiusMeters),
    bound: (best, meters) =>
      rank(
        matchScore((vibe) => best.vibeScore(vibe), vibes),
        meters,
        radiusMeters,
      ),
    vibes,
    // the fit alone moves the score (but for the live vibes, outliers): its order per group. One
    // vibe's fit is its score, in its score column's order, but by the fit the catalog bounds a
    // cell's parts in turn and lets a part's visit give way (catalog.ts rank), as it cannot by columns
    ...(vibes.length > 0 && {
      fit: {
        key: `matchScore ${[...vibes].sort().join(",")}`,
        of: (score: (vibe: string) => number | undefined) => matchScore(score, vibes),
        bound: (fit: number, meters: number) => rank(fit, meters, radiusMeters),
      },
    }),
    outliers: live.keys(),
    // open now (or within the hour), then unknown hours, then closed (issue 25): not under Top Rated
    ...(q.now && q.vibes.length && openFirst(q.now)),
  };
}

function matched(
  h: CatalogHit | LeanHit,
  fit: number | null,
  favorites: ReadonlySet<number>,
  l: LiveVibe | null,
): MatchedVenue {
  const head = "head" in h ? h.head : undefined;
  return {
    venue: h.venue,
    head,
    meters: h.meters,
    fit,
    isFavorite: favorites.has(h.venue.id),
    live: l,
  } as MatchedVenue;
}

/** A matched venue as the API's Venue. */
export function presentMatched(m: DecodedMatch, now: Date): Venue {
  const venue = presentStoredVenue(m.venue, m.meters, m.isFavorite, m.fit, now);
  if (m.live) venue.latestUpdate = presentLatestUpdate(m.live);
  if (m.likely) venue.likely = m.likely;
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
export function matchedJson(list: readonly MatchedVenue[], now: Date): Buffer {
  // Per venue: [head: kept fields + ',"distance":"'] distance ['","isFavorite":…,"matchScore":']
  // score [open: ',"openStatus":…'] [latest: ',"latestUpdate":…}']. Only the distance and the
  // score are written per answer; the open status (one object per hours value and minute) and the
  // live vibe are kept as bytes per object.
  const heads: Buffer[] = new Array(list.length);
  const distances: string[] = new Array(list.length);
  const scores: string[] = new Array(list.length);
  const latest: Buffer[] = new Array(list.length);
  const opens: Buffer[] = new Array(list.length);
  const likely: Buffer[] = new Array(list.length);
  let size = 2 + Math.max(0, list.length - 1); // brackets and commas
  for (let i = 0; i < list.length; i++) {
    const m = list[i];
    // a lean match's venue comes with its bytes (VenueStore.headJson); else made of the venue, kept with it
    let head = m.head ?? fixedJson.get(m.venue);
    if (head === undefined) {
      head = storedVenueHead(m.venue as Readonly<StoredVenue>, now);
      fixedJson.set(m.venue, head);
    }
    heads[i] = head;
    distances[i] = metersToMilesString(m.meters); // digits and a point
    scores[i] = m.fit !== null && Number.isFinite(m.fit) ? String(m.fit) : "null"; // as JSON.stringify writes it
    latest[i] = m.live ? liveJson(m.live) : NO_LATEST;
    opens[i] = openJson(openStatus(m.venue.opening_hours, now));
    likely[i] = m.likely ? Buffer.from(`,"likely":${JSON.stringify(m.likely)}`) : NO_BYTES;
    size +=
      head.length +
      distances[i].length +
      FAVORITE[+m.isFavorite].length +
      scores[i].length +
      opens[i].length +
      likely[i].length +
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
    out.set(likely[i], at);
    at += likely[i].length;
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
const NO_BYTES = Buffer.alloc(0);
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
