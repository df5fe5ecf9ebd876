import { followChanges, type ChangeFeed } from "../db/changes";
import type { Db } from "../db/client";
import { EARTH_RADIUS_M } from "../db/earth";
import {
  grown,
  type LeanVenue,
  MAX_VIBE_BITS,
  NO_SCORE_BYTE,
  STORE_ROW_SQL,
  type StoreRow,
  VenueStore,
} from "./catalog-store";

export type { LeanVenue } from "./catalog-store";
import { isOpenAt, isOpenLate } from "./hours";
import type { StoredVenue } from "./queries";
import { venueRating } from "./ratings";
import { MAX_EXACT_TOTAL } from "@shared/contracts/venues";

/**
 * Every venue, held in memory by each instance, for the radius searches that matching and
 * suggestions make on nearly every request (docs/discovery.md, "Venue catalog"); compactly, a
 * column per field (catalog-store.ts), a venue's object made only when it is answered.
 *
 * Venues change rarely (a sync, the seed) and are read all the time, so each instance loads them
 * once and then follows the changes that a trigger on the table announces on commit (migration
 * 008, db/changes.ts): changed ids are read again; '*' (a bulk change, or a lost listening
 * connection) reads everything again, into a new store that replaces the old one when it is
 * whole. A change made on another instance is seen once its reread is done (milliseconds); a
 * writer on this instance is answered once its own change is read (readmodel/).
 *
 * The search is the same as venuesWithin's SQL without text search: the cube extension's earth
 * (a sphere of radius 6,378,168 m), the great-circle distance it measures, nearest first.
 */
export interface CatalogSearch {
  latitude: number;
  longitude: number;
  radiusMeters: number;
  /** Only venues whose detected vibes include at least one of these. */
  vibes?: readonly string[];
  /**
   * Instead: only venues that are likely (vibes/likely.ts) for at least one of `vibes` and detected
   * for none of them: the list that goes on after the confirmed ones (issue 25). `best` and `count`
   * only; they visit each venue of the circle that has likely vibes (listed per cell when it is
   * packed), since likely venues follow fewer than a page of confirmed ones: a circle with few matches.
   */
  likely?: boolean;
  /**
   * Venues that count as having one of `vibes` for now although it is not detected for them: an
   * owner's "Live music tonight" while the broadcast is fresh (live/crowd.ts liveClaims, issue 26).
   * They are confirmed matches (never likely ones), found and counted like the venues detected for
   * a wanted vibe; the other filters (circle, category, hours) still apply. A handful at most.
   */
  claimed?: readonly number[];
  category?: string;
  /** Only venues whose opening hours say they are open at this instant (venues/hours.ts). */
  openAt?: Date;
  /** Only venues whose opening hours say they are open after midnight of the night of this instant. */
  openLateAt?: Date;
  limit: number;
  /**
   * Of the first `limit`, the first `skip` are ranked but not answered: a later page's venues are
   * made (VenueStore.venue), not the pages' before it.
   */
  skip?: number;
}

/**
 * A hit of VenueCatalog.bestLean: its venue's answer bytes (VenueStore.headJson) and the few
 * fields a match reads, instead of the venue decoded. Made when the search ends, as a hit's venue
 * is: a later change to the venue is not in it.
 */
export interface LeanHit extends Omit<CatalogHit, "venue"> {
  venue: LeanVenue;
  /** The venue's fields as the API's JSON, but those of the request (VenueStore.headJson). */
  head: Buffer;
}

/** How a search's hits are made of their slots: decoded (CatalogHit) or lean (LeanHit). */
type HitMaker<H> = (slot: number, meters: number, fit?: number) => H;

export interface CatalogHit {
  venue: Readonly<StoredVenue>;
  meters: number;
  /**
   * The ranking's fit of the venue (Ranking.fit.of), when the search ranked it by its fit: the
   * number its caller would work out again from `venue.vibe_scores` (or its rating, Top Rated's).
   */
  fit?: number;
}

/**
 * What a ranking reads of a venue while `best` scans a circle, without making the venue's object.
 * The object passed is reused for the next venue: read it during the call, do not keep it.
 */
export interface VenueFacts {
  readonly id: number;
  readonly category: string;
  readonly rating: number | null;
  readonly review_count: number | null;
  /** VIBE members' ratings (venues/ratings.ts): their sum and count, or null when none. */
  readonly memberRating: { sum: number; count: number } | null;
  /** The venue's stored score for a vibe (vibe_scores[vibe]), or undefined when it has none. */
  vibeScore(vibe: string): number | undefined;
  /** Its OpenStreetMap opening_hours, or null. */
  readonly openingHours: string | null;
  /** The heaviest weight of its likely vibes among `vibes` (vibes/likely.ts); 0 when none is likely. */
  likelyWeight(vibes: readonly string[]): number;
}

/**
 * The best possible of a group of venues (a grid cell or a part of one), for a Ranking's bound:
 * no venue of the group has a higher stored score for a vibe, or a higher shown rating.
 */
export interface GroupBest {
  /** The highest stored score for this vibe of any venue of the group, 0..1 (0 when none has one). */
  vibeScore(vibe: string): number;
  /** The highest rating shown (shownRating) of any venue of the group; null when none has one. */
  readonly rating: number | null;
}

/**
 * How `best` orders venues: by `tier` (smaller first), then `score` (higher first), then nearest,
 * then by id. The index skips a group of venues when even `bound` (with the group's best stored
 * scores and rating, at its nearest distance) cannot enter the page, so `bound` must be monotone:
 * never below `score` of a venue whose stored scores and rating are at most the group's and which
 * is at least that far, for every venue not in `outliers`.
 */
export interface Ranking {
  score(venue: VenueFacts, meters: number): number;
  bound(best: GroupBest, meters: number): number;
  /**
   * The vibes whose stored scores `score` grows with (besides nearness, rating and tier), when it
   * reads no other: a group's venues are then visited best score first, and left once the rest
   * cannot enter the page (the threshold algorithm); without it every venue of a group is visited.
   */
  vibes?: readonly string[];
  /**
   * The one figure of a venue's stored scores and shown rating that `score` grows with (besides
   * nearness and tier), `of` (itself growing with each score and with the rating: a fit of the
   * vibes, or Top Rated's rank of the rating, which alone asks `rating`), and the best score a venue
   * of that fit can have at `meters` or farther, `bound` (never below `score`, growing with the fit; for a
   * venue that is not an outlier, at its own distance, exactly its `score`). A group's venues are
   * then visited highest fit first and left once the next fit cannot enter the page: one list, where the
   * threshold over each vibe's own list stays loose when the venues best at one vibe are not those
   * best at another (two vibes in a dense centre). `key` names the function: the orders it makes
   * are kept per packed cell for the next search with the same key. A venue visited by its fit is
   * offered `bound(its fit, its distance)`: its score, without `score` reading its scores again.
   */
  fit?: {
    key: string;
    of(score: (vibe: string) => number | undefined, rating: () => number | null): number;
    bound(fit: number, meters: number): number;
  };
  /** Venues whose score `bound` does not cover (a live vibe moves a fit): scored one by one. */
  outliers?: Iterable<number>;
  /**
   * The venue's tier from its opening hours (open-first sorts: open now, unknown, closed), asked
   * once per distinct opening_hours value per search; none: every venue in one tier.
   */
  tier?(openingHours: string | null): number;
  /**
   * When set, `tier` answers alike in every search with the same key (the open-first tier is the
   * same all minute): its answers are kept from one such search to the next, so a city's few
   * hundred distinct opening hours are asked once a minute instead of once a search.
   */
  tierKey?: string;
}

export interface VenueCatalog {
  within(q: CatalogSearch): Promise<CatalogHit[]>;
  /** within()'s venues, each hit lean (LeanHit, as bestLean's). */
  withinLean(q: CatalogSearch): Promise<LeanHit[]>;
  /**
   * How many venues `within` would find without a limit: the whole list's size, for its pages.
   * Exact up to MAX_EXACT_TOTAL (the catalog's countCap); past it the count stops and answers one
   * more than the cap, read as "more than MAX_EXACT_TOTAL" (x-total-count "10000+", issue 28).
   */
  count(q: Omit<CatalogSearch, "limit">): Promise<number>;
  /**
   * The `limit` venues of the circle (same filters as `within`) first in the ranking's order, and
   * how many venues pass the filters (`count`, capped as count's). Work in proportion to the page, not the circle:
   * the grid index's groups are visited best bound first and skipped once they cannot enter it.
   */
  best(q: CatalogSearch, ranking: Ranking): Promise<{ hits: CatalogHit[]; count: number }>;
  /**
   * best()'s venues and count, each hit lean (LeanHit): its answer's bytes and the fields a match
   * reads, not the venue decoded. A page by nearness (Top Rated, whose ratings are rare) is mostly
   * venues not asked of late: decoding each (~3 us) and writing its JSON from the object (~5 us)
   * were most of such an answer's time (issue 28).
   */
  bestLean(q: CatalogSearch, ranking: Ranking): Promise<{ hits: LeanHit[]; count: number }>;
  /** The venues of these ids that exist (a venue's name for a post, say). */
  byIds(ids: Iterable<number>): Promise<Map<number, Readonly<StoredVenue>>>;
  readonly size: number;
  /** Grid cells whose index is not built (0 once the catalog and every change read so far are indexed). */
  readonly unindexed: number;
  close(): Promise<void>;
}

/** The rating a venue shows (queries.ts ratingOf, venues/ratings.ts), read off the catalog's columns. */
export function shownRating(v: Pick<VenueFacts, "rating" | "review_count" | "memberRating">): number | null {
  const provider = v.rating === null ? null : { source: "provider", rating: v.rating, reviewCount: v.review_count };
  return venueRating(provider, v.memberRating ?? { sum: 0, count: 0 }).rating;
}

/** Grid cells of this many degrees index the venues by position. */
/**
 * A ranking (best()) whose circle reaches cells holding at most this many venues with a wanted vibe
 * (whatever their category and hours: a scan visits each of them) visits each, counting those that
 * pass on the way, instead of counting by the groups' histograms and walking the groups best bound
 * first: with 100,000 venues over the Bay Area and a 16 km circle, 1,686 Energetic venues cost 1.3 ms
 * of CPU through the groups and ~0.6 ms one by one. (Open now counted only the open ones, so at
 * 100,000 generated venues its scans visited up to ~5 times the bar: ~0.9 ms a search where the
 * groups take ~0.35.)
 */
export const SCAN_BELOW = 4_000;

const CELL_DEG = 0.05;
const LON_CELLS = Math.round(360 / CELL_DEG);
/** Each cell is cut into SUB × SUB parts (~700 × 550 m in San Francisco), each a group of its own. */
const SUB = 8;
const SUB_DEG = CELL_DEG / SUB;

/**
 * The venues (slots of the store) of one grid cell, packed into flat arrays so that a search scans
 * numbers in a row: when the catalog is read, and again by the read of a change that touches the
 * cell (before any search runs again), so no request builds the index. Once packed, the list of
 * slots is the packed one (`slots` is null) until the cell changes.
 */
interface Cell {
  slots: number[] | null;
  packed: Packed | null;
  /** Score columns that searches have ranked this cell's venues by (orderByScore): made again with the cell. */
  ranked: number[];
}

/**
 * A packed cell: its venues ordered by part of the cell, and per group (0: the whole cell; 1..n:
 * its occupied parts, each a run of the venues) what a search reads without visiting venues:
 *
 * - the box around the group's venues' points (no venue of it is nearer, or farther, than the box);
 * - a histogram: how many venues have each (detected vibes, category, opening hours), so a group
 *   wholly inside a circle adds to a count without a venue visited;
 * - the highest stored score per vibe and the highest shown rating, a ranking's bound.
 */
interface Packed {
  slots: Int32Array;
  x: Float64Array;
  y: Float64Array;
  z: Float64Array;
  vibes: Int32Array;
  /**
   * Each position's opening hours (VenueStore.hours, interned): a search's filters and tiers read
   * them in the cell's order, a few cache lines, instead of one store entry per venue anywhere in
   * the million.
   */
  hours: Uint32Array;
  /** Each position's venue id (VenueStore.ids), the ranking's last tie-break, read the same way. */
  ids: Int32Array;
  /** Positions of the venues with each vibe bit (empty for bits no venue here has). */
  byVibe: Int32Array[];
  /** Positions of the venues whose vibes have no bits (compared by name). */
  unbitted: Int32Array;
  /** Positions of the venues with likely vibes (vibes/likely.ts), the only ones a likely search visits. */
  likelyAt: Int32Array;
  groups: number;
  /** Group g's venues are the positions from[g] .. to[g] - 1. */
  from: Int32Array;
  to: Int32Array;
  /**
   * Within a part the venues are in order of their opening hours (an interned index): part g's
   * runs of equal hours are runFrom[g] .. runFrom[g + 1] - 1, run u the positions runStart[u] ..
   * runStart[u + 1] - 1 with hours runHours[u] (a run ends where the next begins; group 0 has none).
   * An open-first ranking visits the venues of a part's best tier each, without the threshold.
   */
  runFrom: Int32Array;
  runStart: Int32Array;
  runHours: Uint32Array;
  /** Per group six numbers: minX, maxX, minY, maxY, minZ, maxZ. */
  boxes: Float64Array;
  /**
   * The cell on the grid: its first row of parts counted from the south pole (its latitude index
   * times SUB), and its western longitude; what a count reads of the cell's parts instead of their
   * boxes (rowsOf), while `onGrid`: every venue within its part's lines (not so for a point on a line
   * rounded to the other side, a pole, longitude 180: such a cell's parts are placed by their boxes).
   */
  partRow: number;
  west: number;
  onGrid: boolean;
  /** The groups of parts k .. SUB² - 1 begin at group groupAt[k] (groupAt[SUB²]: the groups' end). */
  groupAt: Uint8Array;
  /** Group g's histogram entries are histFrom[g] .. histFrom[g + 1] - 1. */
  histFrom: Int32Array;
  histList: Uint32Array;
  histCategory: Uint16Array;
  histHours: Uint32Array;
  histCount: Uint32Array;
  /**
   * The same histogram without the hours (entries by vibe list and category), for counts that do
   * not ask the hours (no Open now): with real hours most entries are one venue's own. The same
   * arrays as the first when the hours split no entry of the cell.
   */
  anyHoursFrom: Int32Array;
  anyHoursList: Uint32Array;
  anyHoursCategory: Uint16Array;
  anyHoursCount: Uint32Array;
  /** Score columns by name, as `maxScore`'s column numbers. */
  columns: Map<string, number>;
  /** Per group and column, the highest score byte (hundredths; 100 for a venue with scores kept aside). */
  maxScore: Uint8Array;
  /** Per group, the highest shown rating (NaN: none). */
  maxRating: Float64Array;
  /** Per group, 1 when a venue of it has its scores kept aside (no byte in the columns). */
  aside: Uint8Array;
  /**
   * Per score column, made when a search first ranks by it: each group's positions ordered by
   * that score, highest first (no score last), for the threshold algorithm (rank() in the catalog).
   */
  byScore: (Int32Array | undefined)[];
  /**
   * Per Ranking.fit key, made as searches first visit each group: the fit of each position (NaN
   * where not worked out yet) and each group's positions highest fit first (fitOrder).
   */
  byFit: Map<string, { fit: Float64Array; order: Int32Array; done: Uint8Array }>;
  /**
   * Per search filters (Circle.countKey: the wanted vibes, the category, the minute of Open now and
   * Open late), each group's count of venues passing them (histCount; -1 until a search asks):
   * the same filters within the same minute count the same, so a popular search's cells are
   * counted once a minute instead of once a search. COUNTS_KEPT keys at most; the oldest go.
   */
  counts: Map<string, Int32Array>;
  /**
   * Per count key as `counts`, each part's points (x, y, z in turn) of the venues passing those
   * filters (made when a count first crosses the part: countCircle), so that a part the circle's
   * edge cuts is counted by its passing venues alone, read in a row: their positions' x, y and z,
   * anywhere in the cell's columns, were three cache misses a venue (a random circle's edge parts
   * are seldom in the cache). COUNTS_KEPT keys at most; the oldest go. 24 bytes a passing venue
   * (positions were 4) of the parts some count crossed, up to twice that as a cell's array grows:
   * at most ~5 MB a key that a tenth of 1,000,000 pass. A key's lists go when the same filters
   * are counted at another minute (Open now moves on by the minute), so minutes do not pile up.
   */
  passing: Map<string, Passing>;
  /** Per count key as `counts`, running sums of its counts (a count's rows of parts wholly inside: rowsOf). */
  summed: Map<string, Int32Array>;
  /**
   * Per Ranking.fit key, each group's fit (rank()'s keptFit; NaN until a search asks): of its best
   * scores, or for a part under a fit of two or more vibes its highest venue's.
   */
  bestFits: Map<string, Float64Array>;
  /**
   * Per Ranking.fit key and tier key, the parts in the order a popped cell offers them (rank()'s
   * partOrder): best tier first, then highest fit (keptFit's). At most FIT_ORDERS_KEPT.
   */
  partOrders: Map<string, PartOrder>;
  /**
   * Each group's best tier under the Ranking.tierKey `tiersKey` (rank()'s groupTier; NaN until a
   * search asks): a cell's comes from its whole histogram, asked of every cell of every circle.
   */
  tiersKey: string;
  tiers: Float64Array;
  /**
   * Under the same `tiersKey`, each part's tier after its best (rank()'s nextTier: the least tier
   * of its venues past `tiers`', Infinity when all are in its best; NaN until a search asks).
   */
  nextTiers: Float64Array;
  /** The cell's `ranked` (the same array). */
  ranked: number[];
}

/** The shortest straight line from a point to any venue of group g can be no shorter than this. */
function chordToBox(p: Packed, g: number, x: number, y: number, z: number): number {
  const b = p.boxes;
  const o = 6 * g;
  const dx = Math.max(b[o] - x, 0, x - b[o + 1]);
  const dy = Math.max(b[o + 2] - y, 0, y - b[o + 3]);
  const dz = Math.max(b[o + 4] - z, 0, z - b[o + 5]);
  return Math.sqrt(dx * dx + dy * dy + dz * dz);
}
/** The longest straight line from a point to any venue of group g can be no longer than this. */
function farChordToBox(p: Packed, g: number, x: number, y: number, z: number): number {
  const b = p.boxes;
  const o = 6 * g;
  const dx = Math.max(Math.abs(b[o] - x), Math.abs(x - b[o + 1]));
  const dy = Math.max(Math.abs(b[o + 2] - y), Math.abs(y - b[o + 3]));
  const dz = Math.max(Math.abs(b[o + 4] - z), Math.abs(z - b[o + 5]));
  return Math.sqrt(dx * dx + dy * dy + dz * dz);
}

const NO_POSITIONS = new Int32Array(0);
const NO_POINTS = new Float64Array(0);

/** Degrees a venue may lie beyond its part's lines and still be placed by them (rounding of far smaller size). */
const GRID_SLACK = 1e-9;
/** The southern latitude of row r of parts, counted from the south pole (SUB_DEG high each). */
const rowSouth = (r: number) => r * SUB_DEG - 90;

/** A venue's part of its cell, 0 .. SUB² - 1. */
function partOf(latitude: number, longitude: number): number {
  const a = Math.floor((latitude + 90) / SUB_DEG) % SUB;
  const b = Math.floor((longitude + 180) / SUB_DEG) % SUB;
  return (((a % SUB) + SUB) % SUB) * SUB + (((b % SUB) + SUB) % SUB);
}

/** The venue's rating as shown (shownRating), NaN when it has none: what a group's maxRating keeps. */
function shownRatingOf(store: VenueStore, slot: number): number {
  const r = shownRating({
    rating: store.ratingOf(slot),
    review_count: store.reviewCountOf(slot),
    memberRating: store.memberRatingOf(slot),
  });
  return r === null ? Number.NaN : r;
}

/**
 * The points of a cell's venues that pass a count's filters, part by part as counts cross them
 * (Packed.passing): part g's are points[from[g] .. to[g] - 1] (from[g] -1 until made), each part
 * appended as it is made, so that the parts one count crosses lie side by side, not each its own
 * array (an array's header and data were two more cache misses a part).
 */
interface Passing {
  from: Int32Array;
  to: Int32Array;
  points: Float64Array;
  top: number;
}

/**
 * A cell's parts (groups 1..n) by tier, then by their fit (keptFit), highest first; each
 * one's tier and fit. A search bounds them in this order, and no further than the page needs.
 */
interface PartOrder {
  groups: Int32Array;
  tiers: Float64Array;
  fits: Float64Array;
}

function pack(store: VenueStore, cell: Cell): Packed {
  const unordered = cell.slots ? cell.slots : Array.from(cell.packed!.slots);
  const n = unordered.length;
  // the venues ordered by part (a counting sort), each part a run
  const part = new Int32Array(n);
  const runs = new Int32Array(SUB * SUB + 1);
  for (let i = 0; i < n; i++) {
    part[i] = partOf(store.latitude[unordered[i]], store.longitude[unordered[i]]);
    runs[part[i] + 1]++;
  }
  let groups = 1;
  for (let k = 1; k <= SUB * SUB; k++) {
    if (runs[k] > 0) groups++;
    runs[k] += runs[k - 1];
  }
  const slots = new Int32Array(n);
  const next = runs.slice();
  for (let i = 0; i < n; i++) slots[next[part[i]]++] = unordered[i];
  const from = new Int32Array(groups);
  const to = new Int32Array(groups);
  to[0] = n;
  const groupAt = new Uint8Array(SUB * SUB + 1);
  for (let k = 0, g = 1; k < SUB * SUB; k++) {
    groupAt[k] = g;
    if (runs[k + 1] > runs[k]) {
      from[g] = runs[k];
      to[g++] = runs[k + 1];
    }
  }
  groupAt[SUB * SUB] = groups;
  // the cell's place on the grid, and whether each venue lies within its part's lines
  const partRow = n ? latCell(store.latitude[slots[0]]) * SUB : 0;
  const west = n ? lonCell(store.longitude[slots[0]]) * CELL_DEG - 180 : 0;
  let onGrid = true;
  for (let k = 0; k < SUB * SUB && onGrid; k++) {
    const south = rowSouth(partRow + Math.floor(k / SUB));
    const westOf = west + (k % SUB) * SUB_DEG;
    for (let i = runs[k]; i < runs[k + 1]; i++) {
      const lat = store.latitude[slots[i]];
      const lon = store.longitude[slots[i]];
      if (
        !(lat >= south - GRID_SLACK && lat <= south + SUB_DEG + GRID_SLACK) ||
        !(lon >= westOf - GRID_SLACK && lon <= westOf + SUB_DEG + GRID_SLACK)
      ) {
        onGrid = false;
        break;
      }
    }
  }
  // each part's venues in order of their opening hours (then slot), and its runs of equal hours
  const byHours = (a: number, b: number) => store.hours[a] - store.hours[b] || a - b;
  const runFrom = new Int32Array(groups + 1);
  const runStart: number[] = [];
  const runHours: number[] = [];
  for (let g = 1; g < groups; g++) {
    const ofPart = slots.subarray(from[g], to[g]);
    for (let i = 1; i < ofPart.length; i++)
      if (store.hours[ofPart[i]] !== store.hours[ofPart[0]]) {
        ofPart.sort(byHours);
        break;
      }
    runFrom[g] = runStart.length;
    for (let i = from[g]; i < to[g]; i++)
      if (i === from[g] || store.hours[slots[i]] !== store.hours[slots[i - 1]]) {
        runStart.push(i);
        runHours.push(store.hours[slots[i]]);
      }
  }
  runFrom[groups] = runStart.length;
  runStart.push(n);

  const columns = new Map<string, number>();
  const scoreColumns: Uint8Array[] = [];
  for (const [name, column] of store.scoreColumns()) {
    columns.set(name, scoreColumns.length);
    scoreColumns.push(column);
  }
  const ncol = scoreColumns.length;
  const packed: Packed = {
    slots,
    x: new Float64Array(n),
    y: new Float64Array(n),
    z: new Float64Array(n),
    vibes: new Int32Array(n),
    hours: new Uint32Array(n),
    ids: new Int32Array(n),
    byVibe: [],
    unbitted: NO_POSITIONS,
    likelyAt: NO_POSITIONS,
    groups,
    from,
    to,
    runFrom,
    runStart: Int32Array.from(runStart),
    runHours: Uint32Array.from(runHours),
    boxes: new Float64Array(6 * groups),
    partRow,
    west,
    onGrid,
    groupAt,
    histFrom: new Int32Array(groups + 1),
    histList: new Uint32Array(0),
    histCategory: new Uint16Array(0),
    histHours: new Uint32Array(0),
    histCount: new Uint32Array(0),
    anyHoursFrom: new Int32Array(groups + 1),
    anyHoursList: new Uint32Array(0),
    anyHoursCategory: new Uint16Array(0),
    anyHoursCount: new Uint32Array(0),
    columns,
    maxScore: new Uint8Array(groups * ncol),
    maxRating: new Float64Array(groups).fill(Number.NaN),
    aside: new Uint8Array(groups),
    byScore: [],
    byFit: new Map(),
    counts: new Map(),
    passing: new Map(),
    summed: new Map(),
    bestFits: new Map(),
    partOrders: new Map(),
    tiersKey: "",
    tiers: new Float64Array(groups),
    nextTiers: new Float64Array(groups).fill(Number.NaN),
    ranked: cell.ranked,
  };
  const lists: number[][] = [];
  const unbitted: number[] = [];
  const likelyAt: number[] = [];
  const hist: { list: number; category: number; hours: number; count: number }[] = [];
  const anyHours: { list: number; category: number; count: number }[] = [];
  const { boxes, maxScore, maxRating } = packed;
  // Per venue, once: its point, its vibes, its shown rating and its histogram key (a number when
  // the interned values' counts allow one, else a string).
  const rating = new Float64Array(n);
  const nCategories = store.categories.values.length + 1;
  const nHours = store.openingHours.values.length + 1;
  const numericKeys = (store.vibeLists.values.length + 1) * nCategories * nHours < 2 ** 52;
  const keys: (number | string)[] = new Array(n);
  for (let i = 0; i < n; i++) {
    const slot = slots[i];
    // as toEarth, without an array a venue
    const lat = rad(store.latitude[slot]);
    const lon = rad(store.longitude[slot]);
    const cosLat = cosOfLatitude(store.latitude[slot]);
    packed.x[i] = EARTH_RADIUS_M * cosLat * Math.cos(lon);
    packed.y[i] = EARTH_RADIUS_M * cosLat * Math.sin(lon);
    packed.z[i] = EARTH_RADIUS_M * Math.sin(lat);
    const vibes = store.vibeMaskOf(slot);
    packed.vibes[i] = vibes;
    packed.hours[i] = store.hours[slot];
    packed.ids[i] = store.ids[slot];
    if (store.hasLikely(slot)) likelyAt.push(i);
    if (vibes === -1) unbitted.push(i);
    else
      for (let bit = 0; vibes >>> bit !== 0 && bit < MAX_VIBE_BITS; bit++)
        if (vibes & (1 << bit)) (lists[bit] ??= []).push(i);
    rating[i] = shownRatingOf(store, slot);
    const list = store.vibes[slot];
    keys[i] = numericKeys
      ? (list * nCategories + store.category[slot]) * nHours + store.hours[slot]
      : `${list},${store.category[slot]},${store.hours[slot]}`;
  }
  for (let g = 0; g < groups; g++) {
    const o = 6 * g;
    let minX = Infinity;
    let maxX = -Infinity;
    let minY = Infinity;
    let maxY = -Infinity;
    let minZ = Infinity;
    let maxZ = -Infinity;
    const counts = new Map<number | string, (typeof hist)[number]>();
    const anyHoursCounts = new Map<number, (typeof anyHours)[number]>();
    const first = hist.length;
    packed.anyHoursFrom[g] = anyHours.length;
    for (let i = from[g]; i < to[g]; i++) {
      const slot = slots[i];
      const x = packed.x[i];
      const y = packed.y[i];
      const z = packed.z[i];
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
      if (z < minZ) minZ = z;
      if (z > maxZ) maxZ = z;
      const entry = counts.get(keys[i]);
      if (entry) entry.count++;
      else {
        const made = { list: store.vibes[slot], category: store.category[slot], hours: store.hours[slot], count: 1 };
        counts.set(keys[i], made);
        hist.push(made);
      }
      const anyKey = store.vibes[slot] * nCategories + store.category[slot];
      const any = anyHoursCounts.get(anyKey);
      if (any) any.count++;
      else {
        const made = { list: store.vibes[slot], category: store.category[slot], count: 1 };
        anyHoursCounts.set(anyKey, made);
        anyHours.push(made);
      }
      const aside = store.scoresAside(slot);
      if (aside) packed.aside[g] = 1;
      for (let k = 0; k < ncol; k++) {
        const byte = aside ? 100 : scoreColumns[k][slot];
        if (byte !== NO_SCORE_BYTE && byte > maxScore[g * ncol + k]) maxScore[g * ncol + k] = byte;
      }
      const r = rating[i];
      if (!Number.isNaN(r) && !(r <= maxRating[g])) maxRating[g] = r;
    }
    boxes[o] = minX;
    boxes[o + 1] = maxX;
    boxes[o + 2] = minY;
    boxes[o + 3] = maxY;
    boxes[o + 4] = minZ;
    boxes[o + 5] = maxZ;
    packed.histFrom[g] = first;
  }
  packed.histFrom[groups] = hist.length;
  packed.histList = Uint32Array.from(hist, (h) => h.list);
  packed.histCategory = Uint16Array.from(hist, (h) => h.category);
  packed.histHours = Uint32Array.from(hist, (h) => h.hours);
  packed.histCount = Uint32Array.from(hist, (h) => h.count);
  packed.anyHoursFrom[groups] = anyHours.length;
  if (anyHours.length === hist.length) {
    packed.anyHoursFrom = packed.histFrom;
    packed.anyHoursList = packed.histList;
    packed.anyHoursCategory = packed.histCategory;
    packed.anyHoursCount = packed.histCount;
  } else {
    packed.anyHoursList = Uint32Array.from(anyHours, (h) => h.list);
    packed.anyHoursCategory = Uint16Array.from(anyHours, (h) => h.category);
    packed.anyHoursCount = Uint32Array.from(anyHours, (h) => h.count);
  }
  for (let bit = 0; bit < MAX_VIBE_BITS; bit++)
    packed.byVibe[bit] = lists[bit] ? Int32Array.from(lists[bit]) : NO_POSITIONS;
  if (unbitted.length) packed.unbitted = Int32Array.from(unbitted);
  if (likelyAt.length) packed.likelyAt = Int32Array.from(likelyAt);
  cell.packed = packed;
  cell.slots = null;
  // the orders searches have asked of this cell before a change, made now rather than by the next search
  for (const k of cell.ranked) orderByScore(store, packed, k);
  return packed;
}

/**
 * Positions of each group of a packed cell, highest score of column k first (NO_SCORE_BYTE last;
 * equal scores in position order): a counting sort by the byte, so made in one pass. Made when a
 * search first ranks the cell by the column, and again with the cell after a change (`ranked`).
 */
function orderByScore(store: VenueStore, p: Packed, k: number): Int32Array {
  let order = p.byScore[k];
  if (order) return order;
  const column = store.scoreColumn(k);
  order = new Int32Array(p.slots.length);
  // buckets by byte, highest first: 100 .. 0, then no score (NO_SCORE_BYTE)
  const starts = new Int32Array(103);
  const bucket = (i: number) => {
    const b = column[p.slots[i]];
    return b === NO_SCORE_BYTE ? 101 : 100 - b;
  };
  for (let g = 1; g < p.groups; g++) {
    const from = p.from[g];
    const to = p.to[g];
    starts.fill(0);
    for (let i = from; i < to; i++) starts[bucket(i) + 1]++;
    starts[0] = from;
    for (let b = 1; b < 103; b++) starts[b] += starts[b - 1];
    for (let i = from; i < to; i++) order[starts[bucket(i)]++] = i;
  }
  if (!p.ranked.includes(k)) p.ranked.push(k);
  return (p.byScore[k] = order);
}

/** At most this many filters' group counts are kept per packed cell (Packed.counts; the oldest go). */
const COUNTS_KEPT = 8;

/** At most this many fits' orders are kept per packed cell (one per vibe set asked; the oldest go). */
const FIT_ORDERS_KEPT = 4;
/** A fit gets its orders once it was asked this many times lately and makes this share of the asks. */
const FIT_MIN_ASKS = 20;
const FIT_SHARE = 0.05;
const FIT_ASKS_WINDOW = 2_000;

/**
 * Whether a search asking Ranking.fit `key` ranks by the fit's orders (each ask counted). A fit's
 * orders cost a pass over each group a search visits, paid again whenever its key falls out of a
 * cell's FIT_ORDERS_KEPT: only the fits of a good share of the searches lately (asked at least
 * FIT_MIN_ASKS times and FIT_SHARE of the asks, counts halved every FIT_ASKS_WINDOW asks) get them,
 * and no more of them than a cell keeps, the most asked first (a city's favourite moods): more would
 * push each other's orders out of the cells they share at every search. The rest rank by the score
 * columns' threshold.
 */
export function fitGate(): (key: string) => boolean {
  const asks = new Map<string, number>();
  let total = 0;
  return (key) => {
    const n = (asks.get(key) ?? 0) + 1;
    asks.set(key, n);
    if (++total >= FIT_ASKS_WINDOW) {
      total = 0;
      for (const [k, v] of asks) {
        if (v >> 1) asks.set(k, v >> 1);
        else asks.delete(k);
        total += v >> 1;
      }
    }
    if (n < FIT_MIN_ASKS || n < total * FIT_SHARE) return false;
    let ahead = 0;
    for (const [k, v] of asks) if ((v > n || (v === n && k < key)) && ++ahead >= FIT_ORDERS_KEPT) return false;
    return true;
  };
}

/**
 * Group g of a packed cell ordered by a ranking's fit (Ranking.fit), highest first (equal fits in
 * position order), and every position's fit: worked out when a search first visits the group with
 * that fit, and kept with the cell (a change packs the cell anew).
 */
function fitOrder(store: VenueStore, p: Packed, g: number, fit: NonNullable<Ranking["fit"]>) {
  let f = p.byFit.get(fit.key);
  if (!f) {
    if (p.byFit.size >= FIT_ORDERS_KEPT) p.byFit.delete(p.byFit.keys().next().value!);
    const n = p.slots.length;
    f = { fit: new Float64Array(n).fill(Number.NaN), order: new Int32Array(n), done: new Uint8Array(p.groups) };
    p.byFit.set(fit.key, f);
  }
  if (!f.done[g]) {
    const values = f.fit;
    for (let i = p.from[g]; i < p.to[g]; i++) {
      const slot = p.slots[i];
      values[i] = fit.of(
        (vibe) => store.scoreOf(slot, vibe),
        () => {
          const r = shownRatingOf(store, slot);
          return Number.isNaN(r) ? null : r;
        },
      );
      f.order[i] = i;
    }
    f.order.subarray(p.from[g], p.to[g]).sort((a, b) => values[b] - values[a] || a - b);
    f.done[g] = 1;
  }
  return f;
}

/**
 * The highest fit (Ranking.fit) of part g's venues, or with a `tier` (not NaN) of its venues in
 * that tier (`tierOf` their opening hours): read off the part's fit order (fitOrder, kept).
 */
function highestFit(
  store: VenueStore,
  p: Packed,
  g: number,
  fit: NonNullable<Ranking["fit"]>,
  tier: number,
  tierOf: (hours: number) => number,
): number {
  const f = fitOrder(store, p, g, fit);
  if (Number.isNaN(tier)) return f.fit[f.order[p.from[g]]];
  let most = Number.NEGATIVE_INFINITY;
  for (let u = p.runFrom[g]; u < p.runFrom[g + 1]; u++)
    if (tierOf(p.runHours[u]) === tier)
      for (let i = p.runStart[u]; i < p.runStart[u + 1]; i++) if (f.fit[i] > most) most = f.fit[i];
  return most;
}

/**
 * A max-heap of four children a node (entry i's are 4i+1 .. 4i+4), kept in typed arrays by its
 * subclass: `above` says which of two entries is nearer the top (the first to drop), `swap`
 * exchanges two. Four, not two: a page from 400 replaces its top ~660 times, and half the levels
 * (each comparing up to four) cost less than twice the levels (later pages 0.92-1.00 of the CPU).
 */
abstract class ArrayHeap {
  size = 0;
  limit = 0;
  protected abstract above(i: number, j: number): boolean;
  protected abstract swap(i: number, j: number): void;
  /** The entry just put at `i` (the last) moved up to its place. */
  protected siftUp(i: number) {
    while (i > 0) {
      const parent = (i - 1) >> 2;
      if (!this.above(i, parent)) return;
      this.swap(i, parent);
      i = parent;
    }
  }
  /** The entry just put at the top moved down to its place. */
  protected siftDown() {
    for (let i = 0; ; ) {
      const first = 4 * i + 1;
      const end = Math.min(first + 4, this.size);
      let largest = i;
      for (let c = first; c < end; c++) if (this.above(c, largest)) largest = c;
      if (largest === i) return;
      this.swap(i, largest);
      i = largest;
    }
  }
}

/**
 * A part's venues by fit (a ranking's fit visit): ranks `at` .. `end` - 1 of `order`, but those of
 * tier `skip` (visited before, in their own visit). Without a tier to skip (-1), all of them are in
 * the visit's tier: its best tier's venues, or a part of one tier.
 */
interface FitVisit {
  order: Int32Array;
  values: Float64Array;
  at: number;
  end: number;
  skip: number;
}

/**
 * The groups a ranking waits to visit, best bound first: (tier low first, then score high first,
 * then nearest). Each entry is written once into columns (numbers in typed arrays: no object and no
 * boxed number per entry, ~650 entries a page) and the heap (ArrayHeap, over `heap`) orders their
 * indices, so a move is one integer. An entry is kept until reset (the next search): pop() answers
 * its index, read by the columns. g: the group, or a ranking's CURSOR or RESUME (see rank).
 */
class PendingQueue extends ArrayHeap {
  private heap = new Int32Array(1024);
  private used = 0;
  packed: Packed[] = [];
  g = new Int32Array(1024);
  tier = new Float64Array(1024);
  score = new Float64Array(1024);
  meters = new Float64Array(1024);
  at = new Int32Array(1024);
  order: (PartOrder | null)[] = [];
  visit: (FitVisit | null)[] = [];

  reset() {
    this.size = 0;
    this.used = 0;
  }
  /** Whether the queue's next comes before a group whose best is (tier, score) at `meters`. */
  aheadOf(tier: number, score: number, meters: number): boolean {
    if (this.size === 0) return false;
    const e = this.heap[0];
    const t = this.tier[e];
    if (t !== tier) return t < tier;
    const s = this.score[e];
    return s !== score ? s > score : this.meters[e] < meters;
  }
  protected above(i: number, j: number): boolean {
    const a = this.heap[i];
    const b = this.heap[j];
    const ta = this.tier[a];
    const tb = this.tier[b];
    if (ta !== tb) return ta < tb;
    const sa = this.score[a];
    const sb = this.score[b];
    return sa !== sb ? sa > sb : this.meters[a] < this.meters[b];
  }
  // RankedHeap's swap is the same: each class keeps its own, as one shared by both (a base class over
  // `heap`) read `heap` of two shapes and cost the ranking 2-6% of its CPU in process (tried)
  protected swap(i: number, j: number) {
    const e = this.heap[i];
    this.heap[i] = this.heap[j];
    this.heap[j] = e;
  }
  push(
    p: Packed,
    g: number,
    tier: number,
    score: number,
    meters: number,
    order: PartOrder | null = null,
    at = 0,
    visit: FitVisit | null = null,
  ) {
    if (this.used === this.g.length) {
      const size = 2 * this.g.length;
      this.g = grown(this.g, size);
      this.tier = grown(this.tier, size);
      this.score = grown(this.score, size);
      this.meters = grown(this.meters, size);
      this.at = grown(this.at, size);
      this.heap = grown(this.heap, size);
    }
    const e = this.used++;
    this.packed[e] = p;
    this.g[e] = g;
    this.tier[e] = tier;
    this.score[e] = score;
    this.meters[e] = meters;
    this.at[e] = at;
    this.order[e] = order;
    this.visit[e] = visit;
    this.heap[this.size] = e;
    this.siftUp(this.size++);
  }
  /** The next entry's index (the queue is not empty); its fields stay readable until reset. */
  pop(): number {
    const top = this.heap[0];
    this.heap[0] = this.heap[--this.size];
    this.siftDown();
    return top;
  }
}

/**
 * The first `limit` venues offered so far in a ranking's order (tier, then score high first,
 * then nearest, then id), as a heap whose top is the one to drop first. Each venue's fields are
 * written once into columns at its entry (0 .. limit - 1) and the heap (ArrayHeap, over `heap`)
 * orders the entries, so a move is one integer, not six fields; a venue that displaces the top
 * takes over its entry.
 */
class RankedHeap extends ArrayHeap {
  private heap = new Int32Array(256);
  slots = new Int32Array(256);
  tiers = new Float64Array(256);
  scores = new Float64Array(256);
  meters = new Float64Array(256);
  ids = new Int32Array(256);
  /** Each entry's fit (Ranking.fit), NaN when it was scored without one: carried, not compared. */
  fits = new Float64Array(256);

  reset(limit: number) {
    if (this.slots.length < limit) {
      this.heap = new Int32Array(limit);
      this.slots = new Int32Array(limit);
      this.tiers = new Float64Array(limit);
      this.scores = new Float64Array(limit);
      this.meters = new Float64Array(limit);
      this.ids = new Int32Array(limit);
      this.fits = new Float64Array(limit);
    }
    this.size = 0;
    this.limit = limit;
  }
  get full(): boolean {
    return this.size >= this.limit;
  }
  /** Whether (tier, score, meters, id) comes after entry e. */
  private after(tier: number, score: number, meters: number, id: number, e: number): boolean {
    if (tier !== this.tiers[e]) return tier > this.tiers[e];
    if (score !== this.scores[e]) return score < this.scores[e];
    if (meters !== this.meters[e]) return meters > this.meters[e];
    return id > this.ids[e];
  }
  protected above(i: number, j: number): boolean {
    const a = this.heap[i];
    return this.after(this.tiers[a], this.scores[a], this.meters[a], this.ids[a], this.heap[j]);
  }
  /**
   * Whether no venue of a group whose best is (tier, score) at `meters` or farther can come
   * before the last one kept (the heap is full).
   */
  excludes(tier: number, score: number, meters: number): boolean {
    const top = this.heap[0];
    if (tier !== this.tiers[top]) return tier > this.tiers[top];
    if (score !== this.scores[top]) return score < this.scores[top];
    return meters > this.meters[top];
  }
  protected swap(i: number, j: number) {
    const e = this.heap[i];
    this.heap[i] = this.heap[j];
    this.heap[j] = e;
  }
  private put(e: number, slot: number, tier: number, score: number, meters: number, id: number, fit: number) {
    this.slots[e] = slot;
    this.tiers[e] = tier;
    this.scores[e] = score;
    this.meters[e] = meters;
    this.ids[e] = id;
    this.fits[e] = fit;
  }
  /** Keeps the venue at `slot` if it comes before the last kept (or there is room); `fit`: NaN, or its fit. */
  offer(slot: number, tier: number, score: number, meters: number, id: number, fit = Number.NaN) {
    if (this.size < this.limit) {
      const i = this.size++;
      this.heap[i] = i;
      this.put(i, slot, tier, score, meters, id, fit);
      this.siftUp(i);
      return;
    }
    const top = this.heap[0];
    if (this.after(tier, score, meters, id, top)) return;
    this.put(top, slot, tier, score, meters, id, fit);
    this.siftDown();
  }
  /**
   * The venues kept but the first `skip`, first first, with their distances and fits (as
   * NearestHeap.drain); then it holds nothing. Taken from the top, last first, until only the
   * first `skip` are left: those are dropped unsorted.
   */
  drain<H>(make: HitMaker<H>, skip = 0): H[] {
    const out: H[] = new Array(Math.max(0, this.size - skip));
    while (this.size > skip) {
      const e = this.heap[0];
      const fit = this.fits[e];
      out[this.size - 1 - skip] = make(this.slots[e], this.meters[e], Number.isNaN(fit) ? undefined : fit);
      this.heap[0] = this.heap[--this.size];
      this.siftDown();
    }
    this.size = 0;
    return out;
  }
}

/**
 * The nearest `limit` venues seen so far, as a max-heap on (chord, id): its top is the one to
 * drop first. Venues tie on distance in the data (one address, several venues); the smaller id
 * goes first, as in the SQL's ORDER BY.
 */
class NearestHeap extends ArrayHeap {
  chords = new Float64Array(256);
  slots = new Int32Array(256);
  ids: Int32Array = new Int32Array(0);

  reset(limit: number, ids: Int32Array) {
    if (this.chords.length < limit) {
      this.chords = new Float64Array(limit);
      this.slots = new Int32Array(limit);
    }
    this.ids = ids;
    this.size = 0;
    this.limit = limit;
  }
  /** The farthest chord kept, once the heap is full (Infinity until then). */
  get bound(): number {
    return this.size < this.limit ? Infinity : this.chords[0];
  }
  protected above(i: number, j: number): boolean {
    const a = this.chords[i];
    const b = this.chords[j];
    return a > b || (a === b && this.ids[this.slots[i]] > this.ids[this.slots[j]]);
  }
  protected swap(i: number, j: number) {
    const c = this.chords[i];
    this.chords[i] = this.chords[j];
    this.chords[j] = c;
    const s = this.slots[i];
    this.slots[i] = this.slots[j];
    this.slots[j] = s;
  }
  offer(slot: number, chord: number) {
    if (this.size < this.limit) {
      const i = this.size++;
      this.chords[i] = chord;
      this.slots[i] = slot;
      this.siftUp(i);
      return;
    }
    const top = this.chords[0];
    if (chord > top || (chord === top && this.ids[slot] >= this.ids[this.slots[0]])) return;
    this.chords[0] = chord;
    this.slots[0] = slot;
    this.siftDown();
  }
  /**
   * What it holds but the nearest `skip`, nearest first (taken from the top, farthest first, until the
   * nearest `skip` are left: dropped unsorted); then it is empty.
   */
  drain<H>(make: HitMaker<H>, skip = 0): H[] {
    const out: H[] = new Array(Math.max(0, this.size - skip));
    while (this.size > skip) {
      out[this.size - 1 - skip] = make(this.slots[0], chordToMeters(this.chords[0]));
      this.swap(0, --this.size);
      this.siftDown();
    }
    this.size = 0;
    return out;
  }
}

const rad = (deg: number) => (deg * Math.PI) / 180;

/** ll_to_earth: the point on the cube extension's sphere. */
export function toEarth(latitude: number, longitude: number): [number, number, number] {
  const lat = rad(latitude);
  const lon = rad(longitude);
  const cosLat = cosOfLatitude(latitude);
  return [
    EARTH_RADIUS_M * cosLat * Math.cos(lon),
    EARTH_RADIUS_M * cosLat * Math.sin(lon),
    EARTH_RADIUS_M * Math.sin(lat),
  ];
}

/**
 * cos of a latitude, 0 at a pole: a pole is one point whatever the longitude, where cos(90°) in
 * floating point (6e-17) put venues there a few tenths of a nanometre apart by longitude, and two
 * whose chords differed in the last bit at the same metres came in one order nearest first (by
 * chord) and the other by rank (by metres).
 */
function cosOfLatitude(latitude: number): number {
  return Math.abs(latitude) === 90 ? 0 : Math.cos(rad(latitude));
}

/** earth_distance from a chord (the straight line through the sphere) to the great circle. */
export function chordToMeters(chord: number): number {
  return chord >= 2 * EARTH_RADIUS_M
    ? Math.PI * EARTH_RADIUS_M
    : 2 * EARTH_RADIUS_M * Math.asin(chord / (2 * EARTH_RADIUS_M));
}

const latCell = (latitude: number) => Math.min(Math.floor((latitude + 90) / CELL_DEG), Math.round(180 / CELL_DEG) - 1);
const lonCell = (longitude: number) => ((Math.floor((longitude + 180) / CELL_DEG) % LON_CELLS) + LON_CELLS) % LON_CELLS;
const cellKey = (latIndex: number, lonIndex: number) => latIndex * LON_CELLS + lonIndex;

/** The grid cells a circle can touch: the latitude band, and a longitude range (null: all). */
function cellsAround(latitude: number, longitude: number, radiusMeters: number) {
  const angle = radiusMeters / EARTH_RADIUS_M; // radians of great circle
  const south = latitude - (angle * 180) / Math.PI;
  const north = latitude + (angle * 180) / Math.PI;
  const latFrom = latCell(Math.max(-90, south));
  const latTo = latCell(Math.min(90, north));
  // The widest longitude a circle reaches: sin(Δλ) = sin(angle) / cos(latitude); none near a pole.
  const reach = Math.sin(angle) / Math.cos(rad(latitude));
  if (south <= -90 || north >= 90 || angle >= Math.PI / 2 || reach >= 1) return { latFrom, latTo, lon: null };
  const dLon = (Math.asin(reach) * 180) / Math.PI + 1e-9;
  const from = Math.floor((longitude - dLon + 180) / CELL_DEG);
  const to = Math.floor((longitude + dLon + 180) / CELL_DEG);
  if (to - from + 1 >= LON_CELLS) return { latFrom, latTo, lon: null };
  return { latFrom, latTo, lon: { from, to } };
}

/** Degrees by which rowsOf's bounds err towards "edge": ~1 m, far above their rounding. */
const ROW_MARGIN = 1e-5;
const deg = (radians: number) => (radians * 180) / Math.PI;
/**
 * A range's first column, or its last, kept within a row (0 .. SUB; -1 .. SUB - 1). Made once: a
 * function made in a call is named at each call where tsx runs the server (esbuild's keepNames), a
 * cost that a count's ~150 rows felt.
 */
const columnFrom = (x: number) => Math.min(SUB, Math.max(0, x));
const columnTo = (x: number) => Math.min(SUB - 1, Math.max(-1, x));

/**
 * A circle's bounds by rows of parts (rowSouth's), for a count to place a part by its row and
 * column instead of its box: per row, `inner` the longitudes from the centre's (degrees, either
 * way) within which a part lies wholly inside the circle, `outer` those beyond which no point of
 * the row is inside (-1: none is). At latitude φ the circle holds the longitudes within
 * acos((cos θ - sin φ sin φc) / (cos φ cos φc)) of its centre's (θ its radius as an angle); over a
 * row that half-width is least at one of its lines and greatest at one of them or where the circle
 * is widest (a cap of less than a hemisphere holds the meridian between two of its points), and
 * ROW_MARGIN widens the row and narrows (or widens) the bounds. Only for a circle that reaches
 * neither pole nor all longitudes (cellsAround's `lon`), bounds made for the rows a count asks.
 */
export function rowsOf(latitude: number, longitude: number, radiusMeters: number, firstRow: number, rowCount: number) {
  const angle = radiusMeters / EARTH_RADIUS_M;
  const cosAngle = Math.cos(angle);
  const sinC = Math.sin(rad(latitude));
  const cosC = Math.cos(rad(latitude));
  // where the circle is widest (its meridians' tangent points), and its half-width there
  const widestAt = deg(Math.asin(Math.max(-1, Math.min(1, sinC / cosAngle))));
  const widest = deg(Math.asin(Math.min(1, Math.sin(angle) / cosC)));
  const halfWidth = (lat: number) => {
    const arg = (cosAngle - Math.sin(rad(lat)) * sinC) / (Math.cos(rad(lat)) * cosC);
    return arg <= -1 ? 180 : arg > 1 ? -1 : deg(Math.acos(arg));
  };
  const inner = new Float64Array(rowCount).fill(Number.NaN);
  const outer = new Float64Array(rowCount);
  const made = (r: number) => {
    // no further than a pole: past it cos(latitude) turns negative and halfWidth answers 180 (every
    // longitude) for a circle that does not hold the pole, which made a pole's row wholly "inside"
    const south = Math.max(-90, rowSouth(r) - ROW_MARGIN);
    const north = Math.min(90, rowSouth(r + 1) + ROW_MARGIN);
    const a = halfWidth(south);
    const b = halfWidth(north);
    const widestHere = widestAt >= south && widestAt <= north ? widest : -1;
    inner[r - firstRow] = Math.min(a, b) - ROW_MARGIN;
    const most = Math.max(a, b, widestHere);
    outer[r - firstRow] = most < 0 ? -1 : most + ROW_MARGIN;
  };
  /** Longitude (degrees east) from the centre's, within -180 .. 180. */
  const centre = ((((longitude + 180) % 360) + 360) % 360) - 180;
  const ranges = new Int32Array(4);
  return {
    /**
     * Row r of parts, in a cell whose western longitude is `west`: its columns (0 .. SUB - 1)
     * `ranges[0]` .. `ranges[1]` lie wholly inside the circle, and `ranges[2]` .. `ranges[3]` are all
     * that reach it (the others are wholly outside); an empty range ends before it begins. The
     * columns between are cut by its edge, or within ROW_MARGIN of it. The same array each call.
     */
    columns(r: number, west: number): Int32Array {
      // (a cell just beyond the circle's rows that its box test let in by a rounding: all of it cut)
      if (r < firstRow || r >= firstRow + rowCount) {
        ranges.set([0, -1, 0, SUB - 1]);
        return ranges;
      }
      if (Number.isNaN(inner[r - firstRow])) made(r);
      let w = west - centre;
      if (w < -180) w += 360;
      else if (w >= 180) w -= 360;
      // column j spans w + j * SUB_DEG .. w + (j + 1) * SUB_DEG: inside when within -inn .. inn,
      // reaching when not beyond -out .. out, each by ROW_MARGIN (whose size dwarfs the divisions' rounding)
      const inn = inner[r - firstRow];
      const out = outer[r - firstRow];
      ranges[0] = columnFrom(Math.ceil((-inn - w + ROW_MARGIN) / SUB_DEG));
      ranges[1] = inn < 0 ? -1 : columnTo(Math.floor((inn - w - ROW_MARGIN) / SUB_DEG) - 1);
      ranges[2] = columnFrom(Math.ceil((-out - w - ROW_MARGIN) / SUB_DEG) - 1);
      ranges[3] = out < 0 ? -1 : columnTo(Math.floor((out - w + ROW_MARGIN) / SUB_DEG));
      return ranges;
    },
  };
}

/** The columns the load reads of each venue (STORE_ROW_SQL's), and no more (not the earth point, nor the dates). */
const LOAD_COLUMNS = `id, category, latitude, longitude, rating, review_count, opening_hours, detected_vibes,
  vibe_scores, likely_vibes, source, attribution, member_rating_sum, member_review_count, external_id, name,
  description, address, image_url, phone_number, website, hours`;

/**
 * Venues read per statement when everything is read (a batch's rows are garbage once stored; a
 * smaller batch is a smaller message for the driver to gather), and statements asked for ahead.
 */
const READ_BATCH = 5_000;
const READ_AHEAD = 2;

export async function createVenueCatalog(
  db: Db,
  changes: ChangeFeed,
  opts: {
    onError?: (err: unknown) => void;
    /** A ranking whose reached cells hold at most this many fitting venues visits each (default SCAN_BELOW). */
    scanBelow?: number;
    /** Counts stop past this many venues (default MAX_EXACT_TOTAL): see VenueCatalog.count. */
    countCap?: number;
    /** Rank by every Ranking.fit's orders, however seldom it is asked (tests); default: popular fits only. */
    everyFit?: boolean;
  } = {},
): Promise<VenueCatalog> {
  const scanBelow = opts.scanBelow ?? SCAN_BELOW;
  const popularFit = opts.everyFit === true ? () => true : fitGate();
  const countCap = opts.countCap ?? MAX_EXACT_TOTAL;
  /** The venues, and the grid of their slots; replaced together when everything is read again. */
  let store = new VenueStore();
  let cells = new Map<number, Cell>();
  const cellOf = (s: VenueStore, slot: number) => cellKey(latCell(s.latitude[slot]), lonCell(s.longitude[slot]));
  /** Cells changed by the read under way, packed again at its end (before any search runs). */
  const touched = new Set<Cell>();
  const placeRow = (s: VenueStore, grid: Map<number, Cell>, row: StoreRow) => {
    remove(s, grid, row[0]);
    addToCell(s, grid, s.putRow(row));
  };
  const addToCell = (s: VenueStore, grid: Map<number, Cell>, slot: number) => {
    const key = cellOf(s, slot);
    let cell = grid.get(key);
    if (!cell) grid.set(key, (cell = { slots: [slot], packed: null, ranked: [] }));
    else {
      cell.slots ??= Array.from(cell.packed!.slots);
      cell.slots.push(slot);
      cell.packed = null;
    }
    touched.add(cell);
  };
  const remove = (s: VenueStore, grid: Map<number, Cell>, id: number) => {
    const slot = s.slotOf.get(id);
    if (slot === undefined) return;
    const key = cellOf(s, slot);
    s.delete(id);
    const cell = grid.get(key)!;
    cell.slots ??= Array.from(cell.packed!.slots);
    cell.slots.splice(cell.slots.indexOf(slot), 1);
    cell.packed = null;
    touched.add(cell);
    if (!cell.slots.length) grid.delete(key);
  };
  /** Builds the index of every cell the read changed: the read's work, never a search's. */
  const packTouched = (s: VenueStore) => {
    for (const cell of touched) if (cell.packed === null && cell.slots!.length) pack(s, cell);
    touched.clear();
  };

  const read = async (ids: readonly number[] | null) => {
    if (ids) {
      // as the load reads them (one JSON text per READ_BATCH ids): a big change announced as runs
      // of ids (migration 029: a sync's 20,000 venues) costs what loading those venues costs
      const found = new Set<number>();
      for (let i = 0; i < ids.length; i += READ_BATCH) {
        const [{ rows }] = await db.query<{ rows: string | null }>(
          `SELECT json_agg(${STORE_ROW_SQL})::text AS rows
             FROM (SELECT ${LOAD_COLUMNS} FROM venues WHERE id = ANY($1::int[])) v`,
          [ids.slice(i, i + READ_BATCH)],
        );
        if (!rows) continue;
        for (const row of JSON.parse(rows) as StoreRow[]) {
          found.add(row[0]);
          placeRow(store, cells, row);
        }
      }
      for (const id of ids) if (!found.has(id)) remove(store, cells, id);
      packTouched(store);
      return;
    }
    // Everything, in batches by id, into a new store: searches go on over the old one until the
    // new one is whole. A change committed meanwhile is announced and read again after this.
    // A batch comes as one JSON text (STORE_ROW_SQL) parsed at once; the batches are ranges of
    // ids cut first (every READ_BATCH-th id), so READ_AHEAD of them are asked for while one is
    // stored: the database (on another core) makes them while this process stores.
    const next = new VenueStore();
    const grid = new Map<number, Cell>();
    const cuts = await db.query<{ id: number }>(
      "SELECT id FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM venues) s WHERE n % $1 = 0 ORDER BY id",
      [READ_BATCH],
    );
    const ranges: [number, number][] = [];
    let low = -(2 ** 31);
    for (const { id } of cuts) {
      ranges.push([low, id]);
      low = id;
    }
    ranges.push([low, 2 ** 31 - 1]);
    const ask = (range: [number, number]) => {
      const asked = db.query<{ rows: string | null }>(
        `SELECT json_agg(${STORE_ROW_SQL})::text AS rows
           FROM (SELECT ${LOAD_COLUMNS} FROM venues WHERE id > $1 AND id <= $2) v`,
        range,
      );
      asked.catch(() => {}); // a failure is the read's when its turn comes
      return asked;
    };
    const asked = ranges.slice(0, READ_AHEAD).map(ask);
    for (let i = 0; i < ranges.length; i++) {
      const [{ rows }] = await asked[i];
      if (i + READ_AHEAD < ranges.length) asked.push(ask(ranges[i + READ_AHEAD]));
      if (rows) for (const row of JSON.parse(rows) as StoreRow[]) placeRow(next, grid, row);
    }
    // the index of every cell, built before the store is searched
    touched.clear();
    for (const cell of grid.values()) pack(next, cell);
    store = next;
    cells = grid;
  };

  const { ready, stop } = await followChanges(changes, "venues", read, opts.onError);

  /** Calls `fn` with every occupied cell the circle can reach (and maybe a few more); answers cellsAround. */
  const forCellsAround = (latitude: number, longitude: number, radius: number, fn: (cell: Cell) => void) => {
    const area = cellsAround(latitude, longitude, radius);
    const wanted = (area.latTo - area.latFrom + 1) * (area.lon ? area.lon.to - area.lon.from + 1 : LON_CELLS);
    if (wanted > cells.size) {
      // a wide circle: every occupied cell is fewer to look at than the circle's cells
      for (const cell of cells.values()) fn(cell);
      return area;
    }
    for (let la = area.latFrom; la <= area.latTo; la++) {
      const lonFrom = area.lon ? area.lon.from : 0;
      const lonTo = area.lon ? area.lon.to : LON_CELLS - 1;
      for (let lo = lonFrom; lo <= lonTo; lo++) {
        const cell = cells.get(cellKey(la, ((lo % LON_CELLS) + LON_CELLS) % LON_CELLS));
        if (cell) fn(cell);
      }
    }
    return area;
  };

  /**
   * Answers of a search that depend only on an interned value (a list of detected vibes, opening
   * hours), asked once per value and search: -1 not yet asked, else the answer. A search runs to
   * its end without waiting, so one set of them serves every search in turn.
   */
  const perValue = () => {
    let answers = new Float64Array(64);
    let asked = new Uint32Array(64);
    let search = 0;
    return {
      /** A new search: every answer is to be asked again. */
      next() {
        if (++search === 2 ** 32 - 1) {
          asked.fill(0);
          search = 1;
        }
      },
      get(index: number, ask: (index: number) => number): number {
        if (index >= asked.length) {
          const size = Math.max(index + 1, asked.length * 2);
          const a = new Float64Array(size);
          a.set(answers);
          answers = a;
          const s = new Uint32Array(size);
          s.set(asked);
          asked = s;
        }
        if (asked[index] === search) return answers[index];
        asked[index] = search;
        return (answers[index] = ask(index));
      },
    };
  };
  const listFits = perValue();
  const hoursFit = perValue();
  const tiers = perValue();
  /** The minutes (of openAt and openLateAt) and store that `hoursFit` answered for last. */
  let hoursFitFor: { key: string; store: VenueStore | null } = { key: "", store: null };
  /** The key (Ranking.tierKey) and store that `tiers` answered for last. */
  let tiersFor: { key: string | undefined; store: VenueStore | null } = { key: undefined, store: null };
  /** `tierOf` a ranking's tier by an interned opening hours' index: asked again unless its key is the last one. */
  const tiersOf = (ranking: Ranking) => {
    if (!ranking.tier) return () => 0;
    if (ranking.tierKey === undefined || ranking.tierKey !== tiersFor.key || tiersFor.store !== store) {
      tiers.next();
      tiersFor = { key: ranking.tierKey, store };
    }
    const tier = ranking.tier;
    const ask = (h: number) => tier(store.openingHours.values[h]);
    return (hours: number) => tiers.get(hours, ask);
  };

  /** What a search reads off its query: its centre on the earth and its filters. */
  const circleOf = (q: Omit<CatalogSearch, "limit">) => {
    const [cx, cy, cz] = toEarth(q.latitude, q.longitude);
    const radius = q.radiusMeters;
    // Within the radius exactly when the chord is at most this long. Well inside it (by a margin
    // far above rounding) no arc needs computing; near the edge the arc decides, as in the SQL.
    const maxChord =
      radius >= Math.PI * EARTH_RADIUS_M ? Infinity : 2 * EARTH_RADIUS_M * Math.sin(radius / (2 * EARTH_RADIUS_M));
    const wantVibes = q.vibes?.length ? q.vibes : null;
    // The wanted vibes' bits. A vibe without one is on no venue that has bits (every vibe of a
    // venue gets a bit while there are bits to give), so only venues without bits are compared
    // by name.
    const wantBits: number[] = [];
    let wantMask = 0;
    for (const v of wantVibes ?? []) {
      const bit = store.vibeBits.get(v);
      if (bit !== undefined && !wantBits.includes(bit)) {
        wantBits.push(bit);
        wantMask |= 1 << bit;
      }
    }
    // a category no venue has: -1, which no venue's category index is
    const category = q.category === undefined ? null : (store.categories.find(q.category) ?? -1);
    const openAt = q.openAt ?? null;
    const openLateAt = q.openLateAt ?? null;
    listFits.next();
    // what histCount's and hoursPass's answers depend on: opening hours change at whole minutes
    // (hours.ts reads them so), so hoursPass's answers are kept for every search of that minute
    const minute = (d: Date | null) => (d === null ? "-" : String(Math.floor(d.getTime() / 60_000)));
    const hoursKey = `${minute(openAt)}|${minute(openLateAt)}`;
    if (hoursKey !== hoursFitFor.key || hoursFitFor.store !== store) {
      hoursFit.next();
      hoursFitFor = { key: hoursKey, store };
    }
    // claimed venues (CatalogSearch.claimed) that a wanted vibe's detection does not already find
    const extra = new Set<number>();
    if (wantVibes !== null)
      for (const id of q.claimed ?? []) {
        const slot = store.slotOf.get(id);
        if (slot !== undefined && !store.detectedVibesOf(slot).some((v) => wantVibes.includes(v))) extra.add(slot);
      }
    const wanted = wantVibes ? [...wantVibes].sort().join(",") : "*";
    // the filters but their minutes, then the minutes: countKey starts with filterKey
    const filterKey = `${wanted}|${category ?? "*"}|`;
    const countKey = `${filterKey}${hoursKey}`;
    return {
      countKey,
      filterKey,
      /** countKey of the vibes alone (no category, no hours): what a scan visits (reachOf). */
      vibesKey: `${wanted}|*|-|-`,
      extra,
      cx,
      cy,
      cz,
      wantVibes,
      wantBits,
      wantMask,
      category,
      openAt,
      openLateAt,
      timed: openAt !== null || openLateAt !== null,
      /** Whether any filter but the distance is asked (vibes, category, Open now or Open late). */
      filtered: wantVibes !== null || category !== null || openAt !== null || openLateAt !== null,
      radius,
      maxChord,
      surelyIn: maxChord * (1 - 1e-9),
    };
  };
  type Circle = ReturnType<typeof circleOf>;

  /** Whether opening hours (an interned value's index) pass the circle's filters of time: once per value and minute. */
  const hoursPass = (c: Circle, hours: number) =>
    !c.timed ||
    hoursFit.get(hours, (h) => {
      const value = store.openingHours.values[h];
      return +(
        (c.openAt === null || isOpenAt(value, c.openAt)) &&
        (c.openLateAt === null || isOpenLate(value, c.openLateAt))
      );
    }) === 1;
  const hasWantedVibe = (c: Circle, slot: number) => {
    const vibes = store.detectedVibesOf(slot);
    return c.wantVibes!.some((v) => vibes.includes(v));
  };
  /** Whether a list of detected vibes (its index) has a wanted vibe: once per list. */
  const listPasses = (c: Circle, list: number) =>
    c.wantVibes === null ||
    listFits.get(list, (l) => {
      const { vibes, mask } = store.vibeLists.values[l];
      return +(mask === -1 ? c.wantVibes!.some((v) => vibes.includes(v)) : (mask & c.wantMask) !== 0);
    }) === 1;

  /**
   * Calls `fn` with each position of a packed cell whose venue has a wanted vibe (every position
   * when no vibe is wanted), once: the positions listed under each wanted bit, skipping those
   * already listed under an earlier one, then the venues without bits, compared by name.
   */
  const eachWanted = (c: Circle, p: Packed, fn: (i: number) => void) => {
    if (c.wantVibes === null) {
      for (let i = 0; i < p.slots.length; i++) fn(i);
      return;
    }
    let seen = 0;
    for (const bit of c.wantBits) {
      const at = p.byVibe[bit];
      for (let k = 0; k < at.length; k++) if ((p.vibes[at[k]] & seen) === 0) fn(at[k]);
      seen |= 1 << bit;
    }
    for (let k = 0; k < p.unbitted.length; k++) {
      const i = p.unbitted[k];
      if (hasWantedVibe(c, p.slots[i])) fn(i);
    }
  };

  /** Whether a venue (position i of a packed cell) passes the filters, its position aside. */
  const passes = (c: Circle, p: Packed, i: number, slot: number) => passesWith(c, slot, p.vibes[i], p.hours[i]);
  /** The same for a venue by its slot, its vibes' bits (VenueStore.vibeMaskOf) and its hours. */
  const passesWith = (c: Circle, slot: number, bits: number, hours: number) => {
    if (c.category !== null && store.category[slot] !== c.category) return false;
    if (c.wantVibes !== null && !(bits === -1 ? hasWantedVibe(c, slot) : (bits & c.wantMask) !== 0)) return false;
    return hoursPass(c, hours);
  };
  /**
   * The circle's claimed venues (Circle.extra) that pass its other filters and are inside it, with
   * their chords: found one by one, like a ranking's outliers.
   */
  const claimedInside = (c: Circle) => {
    const found: { slot: number; chord: number }[] = [];
    for (const slot of c.extra) {
      if (c.category !== null && store.category[slot] !== c.category) continue;
      if (!hoursPass(c, store.hours[slot])) continue;
      const chord = slotChordInside(c, slot);
      if (chord >= 0) found.push({ slot, chord });
    }
    return found;
  };
  /** The chord when it puts a venue inside the circle, else -1. */
  const inCircle = (c: Circle, dx: number, dy: number, dz: number) => {
    const chord = Math.sqrt(dx * dx + dy * dy + dz * dz);
    if (chord > c.surelyIn && (chord > c.maxChord || chordToMeters(chord) > c.radius)) return -1;
    return chord;
  };
  /** The chord to a venue (position i of a packed cell) when it is inside the circle, else -1. */
  const chordInside = (c: Circle, p: Packed, i: number) => inCircle(c, p.x[i] - c.cx, p.y[i] - c.cy, p.z[i] - c.cz);
  /**
   * The same for a venue found by its slot (a ranking's outlier, a claimed venue): its point made
   * as pack() makes it, the same numbers, without looking for its position in its cell.
   */
  const slotChordInside = (c: Circle, slot: number) => {
    const [x, y, z] = toEarth(store.latitude[slot], store.longitude[slot]);
    return inCircle(c, x - c.cx, y - c.cy, z - c.cz);
  };

  /** The packed cell's counts for the circle's filters (Packed.counts), -1 for a group not counted yet. */
  const countsFor = (c: Circle, p: Packed) => {
    let counts = p.counts.get(c.countKey);
    if (!counts) {
      if (p.counts.size >= COUNTS_KEPT) p.counts.delete(p.counts.keys().next().value!);
      counts = new Int32Array(p.groups).fill(-1);
      p.counts.set(c.countKey, counts);
    }
    return counts;
  };
  /** histCount of group g, kept in `counts` (countsFor's). */
  const keptIn = (counts: Int32Array, c: Circle, p: Packed, g: number) => {
    if (counts[g] < 0) counts[g] = histCount(c, p, g);
    return counts[g];
  };
  const keptCount = (c: Circle, p: Packed, g: number) => keptIn(countsFor(c, p), c, p, g);

  /** The packed cell's passing venues' points for the circle's filters (Packed.passing). */
  const passingFor = (c: Circle, p: Packed) =>
    ofThisMinute(p.passing, c, () => ({
      from: new Int32Array(p.groups).fill(-1),
      to: new Int32Array(p.groups),
      points: NO_POINTS,
      top: 0,
    }));
  /**
   * What `map` keeps for the circle's count key, made when missing. The same filters' values of
   * another minute (Open now's, a minute ago) are not asked again: dropped; COUNTS_KEPT keys at most.
   */
  const ofThisMinute = <T>(map: Map<string, T>, c: Circle, make: () => T): T => {
    let value = map.get(c.countKey);
    if (value === undefined) {
      for (const key of map.keys()) if (key.startsWith(c.filterKey)) map.delete(key);
      if (map.size >= COUNTS_KEPT) map.delete(map.keys().next().value!);
      value = make();
      map.set(c.countKey, value);
    }
    return value;
  };
  /** Makes part g's points (x, y, z in turn) of the venues passing the circle's filters (not its distance). */
  const makePassing = (lists: Passing, c: Circle, p: Packed, g: number) => {
    const found: number[] = [];
    for (let i = p.from[g]; i < p.to[g]; i++) if (passes(c, p, i, p.slots[i])) found.push(p.x[i], p.y[i], p.z[i]);
    if (lists.top + found.length > lists.points.length) {
      const grown = new Float64Array(Math.max(2 * lists.points.length, lists.top + found.length, 96));
      grown.set(lists.points.subarray(0, lists.top));
      lists.points = grown;
    }
    lists.points.set(found, lists.top);
    lists.from[g] = lists.top;
    lists.to[g] = lists.top += found.length;
  };

  /**
   * Running sums of the packed cell's counts for the circle's filters (Packed.summed): summed[g] the
   * venues of groups 1 .. g - 1 that pass them. Dropped, as `passing` is, when the same filters are
   * counted at another minute.
   */
  const summedFor = (c: Circle, p: Packed, counts: Int32Array) =>
    ofThisMinute(p.summed, c, () => {
      const summed = new Int32Array(p.groups + 1);
      for (let g = 1; g < p.groups; g++) summed[g + 1] = summed[g] + keptIn(counts, c, p, g);
      return summed;
    });
  /**
   * The venues of group g that pass the circle's filters and lie inside it, by their points: the
   * part's passing points (`lists`, passingFor's; made when first asked), or every venue of it
   * (null: nothing but the distance is asked).
   */
  const cutCount = (c: Circle, p: Packed, g: number, lists: Passing | null) => {
    let n = 0;
    const { cx, cy, cz } = c;
    if (lists === null) {
      for (let i = p.from[g]; i < p.to[g]; i++) if (chordInside(c, p, i) >= 0) n++;
      return n;
    }
    if (lists.from[g] < 0) makePassing(lists, c, p, g);
    const points = lists.points;
    for (let k = lists.from[g]; k < lists.to[g]; k += 3)
      if (inCircle(c, points[k] - cx, points[k + 1] - cy, points[k + 2] - cz) >= 0) n++;
    return n;
  };

  /** How many venues of a group its histogram says pass the filters (every one of them, when unfiltered). */
  const histCount = (c: Circle, p: Packed, g: number) => {
    if (!c.filtered) return p.to[g] - p.from[g];
    let n = 0;
    if (!c.timed) {
      for (let e = p.anyHoursFrom[g]; e < p.anyHoursFrom[g + 1]; e++)
        if ((c.category === null || p.anyHoursCategory[e] === c.category) && listPasses(c, p.anyHoursList[e]))
          n += p.anyHoursCount[e];
      return n;
    }
    for (let e = p.histFrom[g]; e < p.histFrom[g + 1]; e++) {
      if (c.category !== null && p.histCategory[e] !== c.category) continue;
      if (!listPasses(c, p.histList[e]) || !hoursPass(c, p.histHours[e])) continue;
      n += p.histCount[e];
    }
    return n;
  };

  /**
   * How many venues inside the circle pass the filters, up to countCap: past it the count stops and
   * answers countCap + 1 ("more than countCap"). Cells wholly inside add their histograms first;
   * then the cells the circle's edge crosses, where a part wholly inside adds its histogram and only
   * the venues of parts that the edge crosses are visited. A dense circle passes the cap on its
   * histograms alone and visits no venue. A crossed cell is read by its rows of parts (rowsOf): a
   * row's parts wholly inside are a run of columns, added by their running sum (summedFor), and
   * only the few the edge cuts are looked at; a box test per part was most of an exact count
   * (Open now at 16 km: ~1,250 parts a count, ~140 of them cut).
   */
  const countCircle = (c: Circle, q: Omit<CatalogSearch, "limit">) => {
    let n = c.extra.size ? claimedInside(c).length : 0;
    const { cx, cy, cz, maxChord, surelyIn } = c;
    const crossed: Packed[] = [];
    const area = forCellsAround(q.latitude, q.longitude, c.radius, (cell) => {
      if (n > countCap) return;
      const p = cell.packed ?? pack(store, cell);
      if (chordToBox(p, 0, cx, cy, cz) > maxChord) return;
      if (farChordToBox(p, 0, cx, cy, cz) <= surelyIn) n += keptCount(c, p, 0);
      else crossed.push(p);
    });
    // a crossed cell's parts by their row and column (rowsOf), else by their boxes
    let rows: ReturnType<typeof rowsOf> | null = null;
    if (crossed.length && n <= countCap && area.lon)
      rows = rowsOf(q.latitude, q.longitude, c.radius, area.latFrom * SUB, (area.latTo - area.latFrom + 1) * SUB);
    for (const p of crossed) {
      if (n > countCap) break;
      const counts = countsFor(c, p);
      const lists = c.filtered ? passingFor(c, p) : null;
      if (rows !== null && p.onGrid) {
        // row by row: its parts wholly inside by their running sum, those cut by the edge by their points
        const summed = summedFor(c, p, counts);
        const at = p.groupAt;
        for (let a = 0; a < SUB && n <= countCap; a++) {
          const ranges = rows.columns(p.partRow + a, p.west);
          const inFrom = ranges[0];
          const inTo = ranges[1];
          const reachFrom = ranges[2];
          const reachTo = ranges[3];
          const row = a * SUB;
          if (inFrom > inTo) {
            for (let g = at[row + reachFrom]; g < at[row + reachTo + 1]; g++) n += cutCount(c, p, g, lists);
            continue;
          }
          n += summed[at[row + inTo + 1]] - summed[at[row + inFrom]];
          for (let g = at[row + reachFrom]; g < at[row + inFrom]; g++) n += cutCount(c, p, g, lists);
          for (let g = at[row + inTo + 1]; g < at[row + reachTo + 1]; g++) n += cutCount(c, p, g, lists);
        }
        continue;
      }
      for (let g = 1; g < p.groups && n <= countCap; g++) {
        if (chordToBox(p, g, cx, cy, cz) > maxChord) continue;
        if (farChordToBox(p, g, cx, cy, cz) <= surelyIn) n += keptIn(counts, c, p, g);
        else n += cutCount(c, p, g, lists);
      }
    }
    return Math.min(n, countCap + 1);
  };

  /** The reused view of a venue that a ranking's score reads. */
  let factsSlot = 0;
  const facts: VenueFacts = {
    get id() {
      return store.ids[factsSlot];
    },
    get category() {
      return store.categories.values[store.category[factsSlot]];
    },
    get rating() {
      return store.ratingOf(factsSlot);
    },
    get review_count() {
      return store.reviewCountOf(factsSlot);
    },
    get memberRating() {
      return store.memberRatingOf(factsSlot);
    },
    vibeScore: (vibe) => store.scoreOf(factsSlot, vibe),
    get openingHours() {
      return store.openingHoursOf(factsSlot);
    },
    likelyWeight: (vibes) => store.likelyWeightOf(factsSlot, vibes),
  };
  /** The reused views of a group's best that a ranking's bound reads: group bestGroup of bestOf. */
  let bestOf: Packed | null = null;
  let bestGroup = 0;
  /** A view of per-group best scores (bestOf's columns, a row per group) and ratings. */
  const bestView = (of: () => { maxScore: Uint8Array; maxRating: Float64Array }): GroupBest => ({
    vibeScore(vibe) {
      const k = bestOf!.columns.get(vibe);
      return k === undefined ? 0 : of().maxScore[bestGroup * bestOf!.columns.size + k] / 100;
    },
    get rating() {
      const r = of().maxRating[bestGroup];
      return Number.isNaN(r) ? null : r;
    },
  });
  const groupBest = bestView(() => bestOf!);

  /**
   * Open first: the best stored scores and rating of a part's venues of one tier alone. A part's
   * open venues are a few of its many, and its best venue is seldom one of them, so its group bound
   * says little about them; with this bound a part whose open venues cannot enter the page is left
   * whole. Worked out when a search first needs a part's, and kept per packed cell (a change packs
   * the cell anew) for as long as the ranking's tierKey stays the same (the tiers do).
   */
  interface TierBest {
    key: string;
    /** per group: the tier worked out, NaN when none yet */
    tier: Float64Array;
    maxScore: Uint8Array;
    maxRating: Float64Array;
    /**
     * Per group g and score column k (key g * columns + k): the positions of the group's venues of
     * its best tier, highest score of column k first (tierOrder), made when a search first visits them.
     */
    orders: Map<number, Int32Array>;
    /** The same by a ranking's fit: per fit key, per group (tierFitOrder). */
    fitOrders: Map<string, (Int32Array | undefined)[]>;
    /** Per Ranking.fit key, each group's fit in this tier, as Packed.bestFits (NaN until asked, or when redone). */
    fits: Map<string, Float64Array>;
  }
  const tierBests = new WeakMap<Packed, TierBest>();
  let tierBestOf: TierBest | null = null;
  const tierBest = bestView(() => tierBestOf!);
  /** Points the tierBest view at part g's venues of `tier` (bestOf, bestGroup and tierBestOf). */
  const aimTierBest = (p: Packed, g: number, tier: number, key: string, tierOf: (hours: number) => number) => {
    let tb = tierBests.get(p);
    const ncol = p.columns.size;
    if (tb && tb.key !== key) {
      // a new minute: the same arrays, worked out again as searches need them
      tb.key = key;
      tb.tier.fill(Number.NaN);
      tb.orders.clear();
      tb.fitOrders.clear();
      tb.fits.clear();
    } else if (!tb) {
      tb = {
        key,
        tier: new Float64Array(p.groups).fill(Number.NaN),
        maxScore: new Uint8Array(p.groups * ncol),
        maxRating: new Float64Array(p.groups),
        orders: new Map(),
        fitOrders: new Map(),
        fits: new Map(),
      };
      tierBests.set(p, tb);
    }
    if (tb.tier[g] !== tier) {
      tb.maxScore.fill(0, g * ncol, (g + 1) * ncol);
      tb.maxRating[g] = Number.NaN;
      for (let u = p.runFrom[g]; u < p.runFrom[g + 1]; u++) {
        if (tierOf(p.runHours[u]) !== tier) continue;
        for (let i = p.runStart[u]; i < p.runStart[u + 1]; i++) {
          const slot = p.slots[i];
          const aside = store.scoresAside(slot);
          for (let k = 0; k < ncol; k++) {
            const byte = aside ? 100 : store.scoreColumn(k)[slot];
            if (byte !== NO_SCORE_BYTE && byte > tb.maxScore[g * ncol + k]) tb.maxScore[g * ncol + k] = byte;
          }
          const r = shownRatingOf(store, slot);
          if (!Number.isNaN(r) && !(r <= tb.maxRating[g])) tb.maxRating[g] = r;
        }
      }
      tb.tier[g] = tier;
      for (const fits of tb.fits.values()) fits[g] = Number.NaN;
    }
    bestOf = p;
    bestGroup = g;
    tierBestOf = tb;
  };

  /** The positions of part g's venues of `tier` (its runs of opening hours in that tier). */
  const tierPositions = (p: Packed, g: number, tier: number, tierOf: (hours: number) => number) => {
    const found: number[] = [];
    for (let u = p.runFrom[g]; u < p.runFrom[g + 1]; u++)
      if (tierOf(p.runHours[u]) === tier) for (let i = p.runStart[u]; i < p.runStart[u + 1]; i++) found.push(i);
    return found;
  };

  /**
   * Part g's venues of `tier` (its best: open now, at night a few of its many), highest score of
   * column k first (NO_SCORE_BYTE last), for the threshold algorithm over them alone: kept with the
   * part's TierBest for as long as the tierKey stays the same.
   */
  const tierOrder = (p: Packed, g: number, tier: number, k: number, key: string, tierOf: (hours: number) => number) => {
    aimTierBest(p, g, tier, key, tierOf);
    const tb = tierBestOf!;
    const at = g * p.columns.size + k;
    let order = tb.orders.get(at);
    if (order) return order;
    const found = tierPositions(p, g, tier, tierOf);
    const column = store.scoreColumn(k);
    const rankOf = (i: number) => {
      const b = column[p.slots[i]];
      return b === NO_SCORE_BYTE ? -1 : b;
    };
    order = Int32Array.from(found.sort((a, b) => rankOf(b) - rankOf(a) || a - b));
    tb.orders.set(at, order);
    return order;
  };

  /** Part g's venues of `tier` by the ranking's fit, highest first (as tierOrder by one score column). */
  const tierFitOrder = (
    p: Packed,
    g: number,
    tier: number,
    fit: NonNullable<Ranking["fit"]>,
    key: string,
    tierOf: (hours: number) => number,
  ) => {
    aimTierBest(p, g, tier, key, tierOf);
    const tb = tierBestOf!;
    const values = fitOrder(store, p, g, fit).fit;
    let byGroup = tb.fitOrders.get(fit.key);
    if (!byGroup) tb.fitOrders.set(fit.key, (byGroup = []));
    let order = byGroup[g];
    if (order) return { order, values };
    order = Int32Array.from(tierPositions(p, g, tier, tierOf).sort((a, b) => values[b] - values[a] || a - b));
    byGroup[g] = order;
    return { order, values };
  };

  /** The threshold algorithm's bound: every vibe's score at rank `thresholdRank` of its order. */
  let thresholdRank = 0;
  /** Where the orders' ranks start: the group's first position (orderByScore), or 0 (tierOrder). */
  let thresholdBase = 0;
  let thresholdOrders: Int32Array[] | null = null;
  let thresholdColumns: ReadonlyMap<string, Uint8Array> | null = null;
  const threshold: GroupBest = {
    vibeScore(vibe) {
      const k = bestOf!.columns.get(vibe);
      if (k === undefined) return 0;
      const at = columnsAsked.indexOf(k);
      const order = thresholdOrders![at];
      const column = thresholdColumns!.get(vibe)!;
      const byte = column[bestOf!.slots[order[thresholdBase + thresholdRank]]];
      return byte === NO_SCORE_BYTE ? 0 : byte / 100;
    },
    get rating() {
      return groupBest.rating;
    },
  };
  /** The score columns (of a packed cell) of a ranking's vibes; null when none of them has one. */
  let columnsAsked: number[] = [];
  const columnsOf = (p: Packed, vibes: readonly string[]) => {
    const ks: number[] = [];
    for (const v of vibes) {
      const k = p.columns.get(v);
      if (k !== undefined && !ks.includes(k)) ks.push(k);
    }
    columnsAsked = ks;
    return ks.length ? ks : null;
  };
  let seenAt = new Uint32Array(256);
  let seenStamp = 0;

  // Scratch space of searches (one runs at a time: a search does not wait once it has begun).
  const ranked = new RankedHeap();
  const queue = new PendingQueue();
  const nearest = new NearestHeap();
  const visits: { cell: Packed; minChord: number }[] = [];
  /** A cell's parts near enough (within()), and each one's nearest chord by its group. */
  const partsNear = new Int32Array(SUB * SUB);
  const partChords = new Float64Array(SUB * SUB + 1);

  const CURSOR = -1;
  const RESUME = -2;

  /**
   * best() and count() of the likely venues of a search (CatalogSearch.likely): every venue of the
   * circle that passes the category and hours filters, is detected for none of the wanted vibes and
   * likely for one, in the ranking's order (tier, score, nearest, id).
   */
  /** A hit with its venue decoded (VenueStore.venue). */
  const decodedHit: HitMaker<CatalogHit> = (slot, meters, fit) => ({ venue: store.venue(slot), meters, fit });
  /** A lean hit: the venue's answer bytes and the fields a match reads, off the columns (VenueStore.lean). */
  const leanHit: HitMaker<LeanHit> = (slot, meters, fit) => {
    const { venue, head } = store.lean(slot);
    return { venue, meters, fit, head };
  };

  const likelyRank = <H>(q: CatalogSearch, ranking: Ranking, make: HitMaker<H>) => {
    const c = circleOf(q);
    const want = c.wantVibes;
    if (want === null) return { hits: [] as H[], count: 0 };
    const found: { slot: number; tier: number; score: number; meters: number; id: number }[] = [];
    const tierOf = tiersOf(ranking);
    forCellsAround(q.latitude, q.longitude, c.radius, (cell) => {
      const p = cell.packed ?? pack(store, cell);
      if (p.likelyAt.length === 0 || chordToBox(p, 0, c.cx, c.cy, c.cz) > c.maxChord) return;
      for (let k = 0; k < p.likelyAt.length; k++) {
        const i = p.likelyAt[k];
        const slot = p.slots[i];
        if (store.likelyWeightOf(slot, want) === 0 || c.extra.has(slot)) continue;
        if (c.category !== null && store.category[slot] !== c.category) continue;
        const bits = p.vibes[i];
        if (bits === -1 ? hasWantedVibe(c, slot) : (bits & c.wantMask) !== 0) continue;
        if (!hoursPass(c, p.hours[i])) continue;
        const chord = chordInside(c, p, i);
        if (chord < 0) continue;
        const meters = chordToMeters(chord);
        factsSlot = slot;
        const tier = tierOf(p.hours[i]);
        found.push({ slot, tier, score: ranking.score(facts, meters), meters, id: store.ids[slot] });
      }
    });
    found.sort((a, b) => a.tier - b.tier || b.score - a.score || a.meters - b.meters || a.id - b.id);
    const hits = found.slice(q.skip ?? 0, Math.max(0, q.limit)).map((f) => make(f.slot, f.meters));
    return { hits, count: Math.min(found.length, countCap + 1) };
  };

  /**
   * How many venues of the cells the circle reaches pass its filters (their histograms), counted
   * up to a little past `most`: at least how many of them are inside.
   */
  const reachOf = (c: Circle, q: Omit<CatalogSearch, "limit">, most: number) => {
    let n = 0;
    // A scan visits every venue with a wanted vibe in the cells it holds (eachWanted), whatever its
    // category and hours, and those fail one by one: under Open now (at 100,000 generated venues, four
    // in five of them) its cost is theirs, not the passing venues'.
    const byVibes = c.timed || c.category !== null;
    const vibesAlone: Circle = byVibes
      ? {
          ...c,
          category: null,
          openAt: null,
          openLateAt: null,
          timed: false,
          filtered: c.wantVibes !== null,
          countKey: c.vibesKey,
        }
      : c;
    let visits = 0;
    /** The reached cells that hold a venue passing the filters: the only ones a scan visits. */
    const holding: Packed[] = [];
    forCellsAround(q.latitude, q.longitude, c.radius, (cell) => {
      if (visits > most) return;
      const p = cell.packed ?? pack(store, cell);
      if (chordToBox(p, 0, c.cx, c.cy, c.cz) > c.maxChord) return;
      const here = keptCount(c, p, 0);
      if (here === 0) return;
      n += here;
      visits += byVibes ? keptCount(vibesAlone, p, 0) : here;
      holding.push(p);
    });
    return { reach: n + c.extra.size, visits: visits + c.extra.size, holding };
  };

  // The search rank() makes (one at a time, as the scratch above: a search does not wait once begun):
  // set at its start and read by the helpers below, made once with the catalog. Made in each search,
  // each helper was a new closure and, where tsx runs the server, an esbuild __name (a defineProperty):
  // ~4% of a page's CPU.
  let c: Circle;
  let cx = 0;
  let cy = 0;
  let cz = 0;
  let maxChord = 0;
  let ranking: Ranking;
  let tierOf: (hours: number) => number;
  /** A popular fit's orders (Ranking.fit), else null: the score columns' threshold. */
  let fit: NonNullable<Ranking["fit"]> | null = null;
  /** One vibe's fit is its score: its best score's fit is its highest fit already (keptFit's exact). */
  let exactFits = false;
  /** The ranking's outliers inside the circle that pass its filters, by slot: offered first, on their own. */
  const outliers = new Set<number>();
  /** Venues inside the circle that pass its filters, as visited (the scan's count). */
  let inside = 0;
  /**
   * With a popular fit, a popped cell's parts are bounded in its PartOrder (kept per fit and tier
   * key), no further than the page needs: a cursor stands for the parts not bounded yet, under the
   * first one's tier and fit at the cell's nearest, which no part after it can pass (later ones
   * have a later tier or a lower fit, and none is nearer than the cell). At 1,000,000 venues a page
   * of 16 km bounded ~1,400 parts to visit ~140 of them.
   */
  let cursors = false;
  // the PartOrders' key, made once a search: a new string a popped cell was hashed at each lookup
  // (most of partOrder's time once the orders are kept)
  let orderKey = "";
  /** Whether group g is bounded by its highest venue's fit: a part visited by its fit order. */
  const exactFor = (p: Packed, g: number) => exactFits && g > 0 && !p.aside[g];
  const offer = (slot: number, meters: number) => {
    factsSlot = slot;
    ranked.offer(slot, tierOf(store.hours[slot]), ranking.score(facts, meters), meters, store.ids[slot]);
  };
  /**
   * A venue of a group, offered when it passes the filters and is inside the circle. Visited by
   * its fit (fitVisit), its score is the fit's bound at its distance (Ranking.fit), and its tier
   * the visit's (`tierOfVenue`), not read again.
   */
  const visit = (p: Packed, i: number, fitOfVenue = Number.NaN, tierOfVenue = 0) => {
    const slot = p.slots[i];
    if (!passes(c, p, i, slot)) return;
    const chord = chordInside(c, p, i);
    if (chord < 0) return;
    inside++;
    if (outliers.size && outliers.has(slot)) return;
    const meters = chordToMeters(chord);
    if (Number.isNaN(fitOfVenue)) offer(slot, meters);
    else ranked.offer(slot, tierOfVenue, fit!.bound(fitOfVenue, meters), meters, p.ids[i], fitOfVenue);
  };
  /**
   * The threshold algorithm over group g: its venues in turn by each vibe's score, highest first
   * (`orders`, ranks `base` .. `base + n - 1`; columnsOf's columns). After rank r, a venue not yet
   * seen scores at most the r-th score of every list: once even that cannot enter the page (in
   * `tier`, at the group's nearest), nothing left here can.
   */
  const thresholdVisit = (
    p: Packed,
    g: number,
    orders: Int32Array[],
    base: number,
    n: number,
    tier: number,
    meters: number,
  ) => {
    const columnOf = store.scoreColumns();
    bestOf = p;
    bestGroup = g;
    for (let r = 0; r < n; r++) {
      for (const order of orders) {
        const i = order[base + r];
        if (seenAt[i - p.from[g]] === seenStamp) continue;
        seenAt[i - p.from[g]] = seenStamp;
        visit(p, i);
      }
      if (!ranked.full) continue;
      thresholdRank = r;
      thresholdBase = base;
      thresholdOrders = orders;
      thresholdColumns = columnOf;
      if (ranked.excludes(tier, ranking.bound(threshold, meters), meters)) break;
    }
    thresholdOrders = null;
    thresholdColumns = null;
  };

  /**
   * A part's venues highest fit first (Ranking.fit: `v.order`'s ranks from `v.at`, `v.values` each
   * position's fit), until the next one's fit cannot enter the page (in `tier`, at the part's
   * nearest): no venue after it can either. Once the queue's next holds a better bound than the
   * next venue's, the rest waits in the queue under that bound (RESUME): the page fills from the
   * best venues of all the parts in turn, not from the whole of the first part popped.
   */
  const fitVisit = (p: Packed, v: FitVisit, tier: number, meters: number) => {
    const { order, values, end, skip } = v;
    for (let r = v.at; r < end; r++) {
      const i = order[r];
      // without a tier to skip, every venue of the visit is in its tier (see FitVisit)
      const t = skip < 0 ? tier : tierOf(p.hours[i]);
      if (t === skip) continue;
      const score = fit!.bound(values[i], meters);
      if (ranked.full && ranked.excludes(tier, score, meters)) return;
      if (queue.aheadOf(tier, score, meters)) {
        v.at = r;
        queue.push(p, RESUME, tier, score, meters, null, 0, v);
        return;
      }
      visit(p, i, values[i], t);
    }
  };
  /**
   * A group's fit, kept per fit key in `map` (Packed.bestFits, or TierBest.fits for a part's best
   * tier): a group's bound is then fit.bound of one number, not the ranking's bound reading a score
   * per vibe each search. `exact`: a part's highest fit (of its best tier's venues, "tier"), the
   * first of its fit order (kept with the cell, or for the minute), so that its visit's first venue
   * is bounded as the part was; else the fit of the group's best scores (the view `best`, aimed at
   * group g), which Ranking.fit.of, growing with each score, keeps above each venue's fit, but
   * loosely where one venue is best at one vibe and another at the next.
   */
  const keptFit = (
    map: Map<string, Float64Array>,
    p: Packed,
    g: number,
    best: GroupBest,
    exact: "part" | "tier" | null,
    tier = 0,
  ) => {
    let fits = map.get(fit!.key);
    if (!fits) {
      if (map.size >= FIT_ORDERS_KEPT) map.delete(map.keys().next().value!);
      fits = new Float64Array(p.groups).fill(Number.NaN);
      map.set(fit!.key, fits);
    }
    if (!Number.isNaN(fits[g])) return fits[g];
    fits[g] =
      exact === null
        ? fit!.of(
            (vibe) => best.vibeScore(vibe),
            () => best.rating,
          )
        : highestFit(store, p, g, fit!, exact === "tier" ? tier : Number.NaN, tierOf);
    return fits[g];
  };
  /**
   * Group g's tier: 0 without tiers, else its best (a part's runs, a cell's histogram), kept in
   * the packed cell while the ranking's tierKey is the same.
   */
  const groupTier = (p: Packed, g: number) => {
    if (!ranking.tier) return 0;
    const key = ranking.tierKey;
    if (key !== undefined) {
      if (p.tiersKey !== key) {
        p.tiersKey = key;
        p.tiers.fill(Number.NaN);
        p.nextTiers.fill(Number.NaN);
      } else if (!Number.isNaN(p.tiers[g])) return p.tiers[g];
    }
    let tier = Infinity;
    if (g > 0)
      // a part's runs: one per opening hours value
      for (let u = p.runFrom[g]; u < p.runFrom[g + 1] && tier > 0; u++) tier = Math.min(tier, tierOf(p.runHours[u]));
    else
      for (let e = p.histFrom[g]; e < p.histFrom[g + 1] && tier > 0; e++) tier = Math.min(tier, tierOf(p.histHours[e]));
    if (key !== undefined) p.tiers[g] = tier;
    return tier;
  };
  /**
   * Part g's tier after `tier`, its best (groupTier's): the least of its runs' tiers past it,
   * Infinity when every venue is in the best; kept beside groupTier's while the tierKey is the same.
   */
  const nextTier = (p: Packed, g: number, tier: number) => {
    const kept = ranking.tierKey !== undefined && p.tiersKey === ranking.tierKey && p.tiers[g] === tier;
    if (kept && !Number.isNaN(p.nextTiers[g])) return p.nextTiers[g];
    let next = Infinity;
    for (let u = p.runFrom[g]; u < p.runFrom[g + 1]; u++) {
      const t = tierOf(p.runHours[u]);
      if (t > tier) next = Math.min(next, t);
    }
    if (kept) p.nextTiers[g] = next;
    return next;
  };
  /**
   * A part of several opening hours is bounded by its venues of its best tier alone (its others
   * are visited with it, after them, under their own tier: see below).
   */
  const byTier = (p: Packed, g: number, tier: number) =>
    g > 0 && ranking.tierKey !== undefined && tier !== Infinity && p.runFrom[g + 1] - p.runFrom[g] > 1;
  /** With a fit: group g's fit as keptFit keeps it (of its best tier's venues, byTier). */
  const groupFit = (p: Packed, g: number, tier: number) => {
    const exact = exactFor(p, g);
    if (byTier(p, g, tier)) {
      aimTierBest(p, g, tier, ranking.tierKey!, tierOf);
      return keptFit(tierBestOf!.fits, p, g, tierBest, exact ? "tier" : null, tier);
    }
    bestOf = p;
    bestGroup = g;
    return keptFit(p.bestFits, p, g, groupBest, exact ? "part" : null);
  };
  const consider = (p: Packed, g: number) => {
    const chord = chordToBox(p, g, cx, cy, cz);
    if (chord > maxChord) return;
    const tier = groupTier(p, g);
    const meters = chordToMeters(chord);
    if (fit !== null) queue.push(p, g, tier, fit.bound(groupFit(p, g, tier), meters), meters);
    else if (byTier(p, g, tier)) {
      aimTierBest(p, g, tier, ranking.tierKey!, tierOf);
      queue.push(p, g, tier, ranking.bound(tierBest, meters), meters);
    } else {
      bestOf = p;
      bestGroup = g;
      queue.push(p, g, tier, ranking.bound(groupBest, meters), meters);
    }
  };
  const partOrder = (p: Packed): PartOrder => {
    let order = p.partOrders.get(orderKey);
    if (order) return order;
    const tiers = new Float64Array(p.groups);
    const fits = new Float64Array(p.groups);
    const groups = new Int32Array(p.groups - 1);
    for (let g = 1; g < p.groups; g++) {
      groups[g - 1] = g;
      tiers[g] = groupTier(p, g);
      fits[g] = groupFit(p, g, tiers[g]);
    }
    groups.sort((a, b) => (tiers[a] !== tiers[b] ? tiers[a] - tiers[b] : fits[b] - fits[a] || a - b));
    order = {
      groups,
      tiers: Float64Array.from(groups, (g) => tiers[g]),
      fits: Float64Array.from(groups, (g) => fits[g]),
    };
    if (p.partOrders.size >= FIT_ORDERS_KEPT) p.partOrders.delete(p.partOrders.keys().next().value!);
    p.partOrders.set(orderKey, order);
    return order;
  };
  /** Bounds parts of a cell from the cursor's `at` on, while the next is still ahead of the queue. */
  const advance = (p: Packed, order: PartOrder, at: number, cellMeters: number) => {
    const n = order.groups.length;
    for (; at < n; at++) {
      const tier = order.tiers[at];
      const score = fit!.bound(order.fits[at], cellMeters);
      if (queue.aheadOf(tier, score, cellMeters)) {
        queue.push(p, CURSOR, tier, score, cellMeters, order, at);
        return;
      }
      const g = order.groups[at];
      const chord = chordToBox(p, g, cx, cy, cz);
      if (chord > maxChord) continue;
      const meters = chordToMeters(chord);
      queue.push(p, g, tier, fit!.bound(order.fits[at], meters), meters);
    }
  };
  /** A cell the circle reaches, offered to the queue by its bound (consider). */
  const considerCell = (cell: Cell) => consider(cell.packed ?? pack(store, cell), 0);

  /** best(): see VenueCatalog. */
  const rank = <H>(q: CatalogSearch, asked: Ranking, make: HitMaker<H>) => {
    ranking = asked;
    c = circleOf(q);
    // Few venues fit in the cells the circle reaches: each of them visited, and counted on the way,
    // costs less than a count by the groups' histograms and a walk of the groups by their bounds.
    const { reach, visits, holding } =
      q.limit > 0 && scanBelow > 0 ? reachOf(c, q, scanBelow) : { reach: Infinity, visits: Infinity, holding: [] };
    const scan = visits <= scanBelow;
    const count = scan ? 0 : countCircle(c, q);
    if (!scan && (q.limit <= 0 || count === 0)) return { hits: [] as H[], count };
    ({ cx, cy, cz, maxChord } = c);
    // a count past the cap is not the circle's: the page may need more venues than it says
    ranked.reset(scan ? Math.min(q.limit, reach) : count > countCap ? q.limit : Math.min(q.limit, count));
    tierOf = tiersOf(ranking);
    fit = ranking.fit && popularFit(ranking.fit.key) ? ranking.fit : null;
    exactFits = fit !== null && (ranking.vibes?.length ?? 0) > 1;

    // Venues the bound does not cover (a city's live vibes, thousands on a busy night): each on its
    // own, first, by its slot; only those offered are skipped when the groups' visits meet them.
    outliers.clear();
    for (const id of ranking.outliers ?? []) {
      const slot = store.slotOf.get(id);
      if (slot === undefined || outliers.has(slot) || !passesWith(c, slot, store.vibeMaskOf(slot), store.hours[slot]))
        continue;
      const chord = slotChordInside(c, slot);
      if (chord < 0) continue;
      outliers.add(slot);
      offer(slot, chordToMeters(chord));
    }
    // claimed venues: no group's visit finds them (their vibes are not detected), so here
    const claimed = c.extra.size ? claimedInside(c) : [];
    for (const { slot, chord } of claimed) offer(slot, chordToMeters(chord));
    inside = claimed.length;

    if (scan) {
      for (const p of holding) eachWanted(c, p, (i) => visit(p, i));
      return { hits: ranked.drain(make, q.skip), count: Math.min(inside, countCap + 1) };
    }

    // the groups, best bound first: a cell, then its parts, then a part's venues (PendingQueue)
    queue.reset();
    cursors = fit !== null && (!ranking.tier || ranking.tierKey !== undefined);
    orderKey = fit === null ? "" : ranking.tierKey === undefined ? fit.key : `${fit.key}|${ranking.tierKey}`;
    forCellsAround(q.latitude, q.longitude, c.radius, considerCell);
    while (queue.size) {
      const e = queue.pop();
      const p = queue.packed[e];
      const g = queue.g[e];
      const tier = queue.tier[e];
      const score = queue.score[e];
      const meters = queue.meters[e];
      if (ranked.full && ranked.excludes(tier, score, meters)) break;
      if (g === RESUME) {
        fitVisit(p, queue.visit[e]!, tier, meters);
        continue;
      }
      if (g === CURSOR) {
        advance(p, queue.order[e]!, queue.at[e], meters);
        continue;
      }
      if (g === 0) {
        if (cursors) advance(p, partOrder(p), 0, meters);
        else for (let k = 1; k < p.groups; k++) consider(p, k);
        continue;
      }
      const n = p.to[g] - p.from[g];
      if (seenAt.length < n) seenAt = new Uint32Array(Math.max(n, 2 * seenAt.length));
      if (++seenStamp === 2 ** 32 - 1) {
        seenAt.fill(0);
        seenStamp = 1;
      }
      // Open first: the part's venues of its best tier, and the rest under the tier that follows,
      // which can stop where the best tier could not. Each by the threshold when the ranking's
      // vibes allow it (the best tier's own orders, kept for the minute: tierOrder).
      let rest = tier;
      if (ranking.tier && p.runFrom[g + 1] - p.runFrom[g] > 1) {
        rest = nextTier(p, g, tier);
        const key = ranking.tierKey;
        const byFit = fit !== null && key !== undefined && !p.aside[g];
        const tks = !byFit && ranking.vibes && key !== undefined && !p.aside[g] ? columnsOf(p, ranking.vibes) : null;
        if (byFit) {
          const { order, values } = tierFitOrder(p, g, tier, fit!, key!, tierOf);
          fitVisit(p, { order, values, at: 0, end: order.length, skip: -1 }, tier, meters);
        } else if (tks) {
          const lists = tks.map((k) => tierOrder(p, g, tier, k, key!, tierOf));
          thresholdVisit(p, g, lists, 0, lists[0].length, tier, meters);
        } else
          for (let u = p.runFrom[g]; u < p.runFrom[g + 1]; u++) {
            if (tierOf(p.runHours[u]) > tier) continue;
            for (let i = p.runStart[u]; i < p.runStart[u + 1]; i++) {
              seenAt[i - p.from[g]] = seenStamp;
              visit(p, i);
            }
          }
        if (rest === Infinity) continue;
        bestOf = p;
        bestGroup = g;
        const restBound =
          fit !== null
            ? fit.bound(keptFit(p.bestFits, p, g, groupBest, exactFor(p, g) ? "part" : null), meters)
            : ranking.bound(groupBest, meters);
        if (ranked.full && ranked.excludes(rest, restBound, meters)) continue;
      }
      if (fit !== null && !p.aside[g]) {
        // after the best tier's venues (above, their own visit), the rest
        const f = fitOrder(store, p, g, fit);
        const skip = rest === tier ? -1 : tier;
        fitVisit(p, { order: f.order, values: f.fit, at: p.from[g], end: p.to[g], skip }, rest, meters);
        continue;
      }
      const ks = ranking.vibes && !p.aside[g] ? columnsOf(p, ranking.vibes) : null;
      if (!ks) {
        for (let i = p.from[g]; i < p.to[g]; i++) if (seenAt[i - p.from[g]] !== seenStamp) visit(p, i);
        continue;
      }
      thresholdVisit(
        p,
        g,
        ks.map((k) => orderByScore(store, p, k)),
        p.from[g],
        n,
        rest,
        meters,
      );
    }
    bestOf = null;
    return { hits: ranked.drain(make, q.skip), count };
  };

  /** within(): see VenueCatalog; its hits made by `make`. */
  const nearestIn = <H>(q: CatalogSearch, make: HitMaker<H>): H[] => {
    if (q.likely) throw new Error("within() does not search likely venues: use best()");
    const c = circleOf(q);
    const { cx, cy, cz, radius, maxChord, surelyIn } = c;
    if (q.limit <= 0) return [];
    nearest.reset(q.limit, store.ids);
    const take = (p: Packed, i: number) => {
      const slot = p.slots[i];
      if (c.category !== null && store.category[slot] !== c.category) return;
      const dx = p.x[i] - cx;
      const dy = p.y[i] - cy;
      const dz = p.z[i] - cz;
      const chord = Math.sqrt(dx * dx + dy * dy + dz * dz);
      if (chord > nearest.bound) return;
      if (chord > surelyIn && (chord > maxChord || chordToMeters(chord) > radius)) return;
      if (!hoursPass(c, p.hours[i])) return;
      nearest.offer(slot, chord);
    };
    // Without wanted vibes every venue of a part is a candidate: a cell's parts nearest first, each
    // left once it is farther than the farthest kept (a dense centre's cell holds ~30,000 venues)
    const scan = (p: Packed) => {
      if (c.wantVibes !== null || p.groups <= 2) {
        eachWanted(c, p, (i) => take(p, i));
        return;
      }
      let n = 0;
      for (let g = 1; g < p.groups; g++) {
        const chord = chordToBox(p, g, cx, cy, cz);
        if (chord > maxChord || chord > nearest.bound) continue;
        partChords[g] = chord;
        partsNear[n++] = g;
      }
      const order = partsNear.subarray(0, n).sort((a, b) => partChords[a] - partChords[b]);
      for (let k = 0; k < n; k++) {
        const g = order[k];
        if (partChords[g] > nearest.bound) break;
        for (let i = p.from[g]; i < p.to[g]; i++) take(p, i);
      }
    };
    // The cells that can hold venues inside the circle, nearest first.
    const visit = (cell: Cell) => {
      const p = cell.packed ?? pack(store, cell);
      const minChord = chordToBox(p, 0, cx, cy, cz);
      if (minChord <= maxChord) visits.push({ cell: p, minChord });
    };
    forCellsAround(q.latitude, q.longitude, radius, visit);
    visits.sort((a, b) => a.minChord - b.minChord);
    // Once `limit` venues are held, a cell whose nearest point is farther than all of them has
    // nothing to give (a cell exactly as far may still have a tie with a smaller id).
    for (const { cell, minChord } of visits) {
      if (minChord > nearest.bound) break;
      scan(cell);
    }
    visits.length = 0;
    for (const { slot, chord } of c.extra.size ? claimedInside(c) : []) nearest.offer(slot, chord);
    return nearest.drain(make, q.skip);
  };

  return {
    get size() {
      return store.size;
    },
    get unindexed() {
      let n = 0;
      for (const cell of cells.values()) if (cell.packed === null) n++;
      return n;
    },
    async within(q) {
      // after a failed read, everything is read again first
      await ready();
      return nearestIn(q, decodedHit);
    },
    async withinLean(q) {
      await ready();
      return nearestIn(q, leanHit);
    },
    async count(q) {
      await ready();
      if (q.likely) return likelyRank({ ...q, limit: 0 }, { score: () => 0, bound: () => 0 }, decodedHit).count;
      return countCircle(circleOf(q), q);
    },
    async best(q, ranking) {
      await ready();
      return q.likely ? likelyRank(q, ranking, decodedHit) : rank(q, ranking, decodedHit);
    },
    async bestLean(q, ranking) {
      await ready();
      return q.likely ? likelyRank(q, ranking, leanHit) : rank(q, ranking, leanHit);
    },
    async byIds(ids) {
      await ready();
      const out = new Map<number, Readonly<StoredVenue>>();
      for (const id of ids) {
        const slot = store.slotOf.get(id);
        if (slot !== undefined) out.set(id, store.venue(slot));
      }
      return out;
    },
    async close() {
      stop();
    },
  };
}
