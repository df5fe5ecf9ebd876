/**
 * Venue sync: fetch the places around a point from every available source, merge the same place
 * seen by two sources (and by an earlier sync), blend its vibe scores, and upsert the venues in
 * one transaction. docs/venue-sync.md has the rules; in short:
 *
 * - Sources are fetched in parallel, each under its own deadline (SYNC_TIMEOUT_MS). When every
 *   available source fails, nothing is written and SyncFailedError says why (the route answers
 *   503). When one of two fails, the other's places are stored and the message names the failure.
 * - Same place (MERGE_DISTANCE_M, namesSimilar): within 50 m and with similar names. Places from
 *   different sources are grouped first; each group is then matched to a stored venue by any of
 *   its external ids (venue_sources, venues.external_id), else by name and distance.
 * - Fields: names, categories and positions come from OpenStreetMap first, details (address,
 *   phone, website, hours, description, rating, image) from Google first; a field no source has
 *   keeps its stored value. Every source the venue has is used, the stored records
 *   (venue_sources.data) of sources not fetched this time included, so the result does not flip
 *   with which source answered.
 * - Reads, matching, merging and the vibe blend happen before the write transaction; the
 *   transaction checks that nothing read has changed since (else it plans again) and writes in
 *   batches of SYNC_BATCH_SIZE rows, one statement per batch. All writes happen in that one
 *   transaction: a failure half-way rolls everything back.
 */
import { ATTRIBUTION } from "@shared/constants";
import type { SyncResult, SyncSourceStatus } from "@shared/contracts/admin";
import type { Db, Queryable } from "../db/client";
import { haversineMeters } from "../db/earth";
import { blendVibes, type BlendResult } from "../vibes/blend";
import type { VibeAnalysis } from "../vibes/types";
import { words } from "../vibes/words";
import { VENUE_COLUMNS, type VenueColumns } from "./queries";
import {
  formatDuration,
  SourceError,
  type SourceId,
  type SourcePhoto,
  type SourcePlace,
  type SourceReview,
  type VenueSource,
} from "../providers/venue-source";
import { GOOGLE_ATTRIBUTION } from "../providers/google-places";

export interface SyncArea {
  latitude: number;
  longitude: number;
  /** metres */
  radius: number;
}

export type { SyncResult };
/** One source's part in a sync (the shared contract's SyncSourceStatus). */
export type SourceStatus = SyncSourceStatus;

export interface SyncLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

export interface SyncOptions {
  /** Deadline of each source. Default 20000. */
  timeoutMs?: number;
  /** The text analyzer for descriptions and reviews; none: texts are not used. */
  analyzeText?: (text: string) => VibeAnalysis;
  /** Rows per write statement (SYNC_BATCH_SIZE); 1 writes venue by venue (tests compare the two). */
  batchSize?: number;
}

/** Every available source failed: nothing was written. */
export class SyncFailedError extends Error {
  constructor(
    message: string,
    readonly sources: SourceStatus[],
  ) {
    super(message);
    this.name = "SyncFailedError";
  }
}

// ---------------------------------------------------------------------------------------------
// Same place?

/** Two records this close (metres) with similar names are one venue. */
export const MERGE_DISTANCE_M = 50;
/** Token-set Jaccard similarity at which two names are the same. */
export const NAME_JACCARD_MIN = 0.6;

const STOP_WORDS = new Set(["the", "and", "a", "an", "of", "at", "on", "by"]);
/** Words that say what a place is, not which one: "Cafe" alone does not identify "Cafe Roma". */
const GENERIC_WORDS = new Set([
  "cafe",
  "caffe",
  "coffee",
  "bar",
  "pub",
  "restaurant",
  "ristorante",
  "restaurante",
  "club",
  "grill",
  "kitchen",
  "bistro",
  "house",
  "tea",
  "bakery",
  "shop",
  "lounge",
  "tavern",
  "saloon",
  "inn",
  "co",
  "company",
  "pizza",
  "pizzeria",
  "brewery",
  "wine",
  "sf",
  "de",
  "la",
  "le",
  "el",
  "il",
  "der",
  "die",
  "das",
]);

/** The name's words (vibes/words.ts) without the stop words. */
export const nameTokens = (name: string): string[] => words(name, { stopWords: STOP_WORDS });

/**
 * Whether two names name the same place: the same words ignoring case, accents, punctuation and
 * "the/and/of" ("The Blue Note" = "Blue Note"), the same letters without spaces ("BlueBottle" =
 * "Blue Bottle"), every word of one in the other with at least one distinctive word ("Starbucks" =
 * "Starbucks Coffee", but "Cafe" != "Cafe Roma"), or a token-set Jaccard of at least 0.6.
 */
export function namesSimilar(a: string, b: string): boolean {
  const ta = nameTokens(a);
  const tb = nameTokens(b);
  if (!ta.length || !tb.length) return false;
  if (ta.join("") === tb.join("")) return true;
  const sa = new Set(ta);
  const sb = new Set(tb);
  const [small, large] = sa.size <= sb.size ? [sa, sb] : [sb, sa];
  const inter = [...small].filter((t) => large.has(t));
  if (inter.length === small.size && [...small].some((t) => !GENERIC_WORDS.has(t) && !/^\d+$/.test(t))) return true;
  return inter.length / (sa.size + sb.size - inter.length) >= NAME_JACCARD_MIN;
}

interface Located {
  name: string;
  latitude: number;
  longitude: number;
}

export function samePlace(a: Located, b: Located): boolean {
  return (
    haversineMeters(a.latitude, a.longitude, b.latitude, b.longitude) <= MERGE_DISTANCE_M &&
    namesSimilar(a.name, b.name)
  );
}

/** A grid of cells about MERGE_DISTANCE_M wide, so each lookup reads only the 3x3 cells around a point. */
class Grid<T extends { latitude: number; longitude: number }> {
  private cells = new Map<string, T[]>();
  private readonly cell = MERGE_DISTANCE_M / 111_000;
  private key(lat: number, lng: number, dy = 0, dx = 0) {
    const lngCell = this.cell / Math.max(0.05, Math.cos((lat * Math.PI) / 180));
    return `${Math.floor(lat / this.cell) + dy}:${Math.floor(lng / lngCell) + dx}`;
  }
  add(item: T) {
    const k = this.key(item.latitude, item.longitude);
    (this.cells.get(k) ?? this.cells.set(k, []).get(k)!).push(item);
  }
  near(lat: number, lng: number): T[] {
    const out: T[] = [];
    for (let dy = -1; dy <= 1; dy++)
      for (let dx = -1; dx <= 1; dx++) out.push(...(this.cells.get(this.key(lat, lng, dy, dx)) ?? []));
    return out;
  }
}

/**
 * Groups places of several sources: each place joins the nearest group that is within
 * MERGE_DISTANCE_M, has a similar name and has no place of the same source yet; otherwise it starts
 * a group. Lists are taken in order (OpenStreetMap first), so a group's first place is its primary.
 */
export function groupPlaces(lists: readonly (readonly SourcePlace[])[]): SourcePlace[][] {
  type G = { places: SourcePlace[]; latitude: number; longitude: number };
  const groups: G[] = [];
  const grid = new Grid<G>();
  for (const list of lists) {
    const seen = new Set<string>();
    const added: G[] = [];
    for (const p of list) {
      if (seen.has(p.externalId)) continue;
      seen.add(p.externalId);
      let best: G | null = null;
      let bestD = Infinity;
      for (const g of grid.near(p.latitude, p.longitude)) {
        if (g.places.some((q) => q.source === p.source)) continue;
        const d = haversineMeters(g.latitude, g.longitude, p.latitude, p.longitude);
        if (d <= MERGE_DISTANCE_M && d < bestD && g.places.some((q) => namesSimilar(q.name, p.name))) {
          best = g;
          bestD = d;
        }
      }
      if (best) best.places.push(p);
      else added.push({ places: [p], latitude: p.latitude, longitude: p.longitude });
    }
    // Places of one source never merge with each other, so they join the grid after their list.
    for (const g of added) {
      groups.push(g);
      grid.add(g);
    }
  }
  return groups.map((g) => g.places);
}

// ---------------------------------------------------------------------------------------------
// Merged fields

/** An OSM opening_hours value as stored: whitespace tidied, at most 500 characters (null: none). */
const cleanOpeningHours = (v: string | undefined) => {
  const t = v?.replace(/\s+/g, " ").trim();
  return t ? t.slice(0, 500) : null;
};

/** The attribution lines sync adds; anything else in a stored attribution is the row's own. */
const SOURCE_ATTRIBUTIONS = [ATTRIBUTION.osm, GOOGLE_ATTRIBUTION];

const IDENTITY_ORDER: readonly SourceId[] = ["osm", "google"];
const DETAIL_ORDER: readonly SourceId[] = ["google", "osm"];

function pick<T>(
  places: readonly SourcePlace[],
  order: readonly SourceId[],
  get: (p: SourcePlace) => T | null | undefined,
  empty = (v: T) => v === null || v === undefined,
): T | null {
  for (const id of order) {
    for (const p of places) {
      if (p.source !== id) continue;
      const v = get(p);
      if (v !== null && v !== undefined && !empty(v)) return v;
    }
  }
  return null;
}

/** A venue row's fields as sync writes them (column names of 001_init.sql and 006). */
export interface VenueFields extends VenueColumns {
  vibe_evidence: BlendResult["evidence"];
  vibe_method: string;
}

/** The stored venue a sync merges into (the catalog's StoredVenue of venues/queries.ts plus how its vibes were made). */
export interface ExistingVenue extends Omit<VenueFields, "vibe_method"> {
  id: number;
  external_id: string;
  source: string;
  vibe_method: string | null;
}

/**
 * The venue's fields from all its places (see the header for which source wins which field),
 * falling back to the stored row, and its blended vibes.
 */
export function mergeVenue(
  places: readonly SourcePlace[],
  stored: ExistingVenue | null,
  analyze?: (text: string) => VibeAnalysis,
): VenueFields {
  const text = (v: string | null) => v === null || v.trim() === "";
  const name = pick(places, IDENTITY_ORDER, (p) => p.name, text) ?? stored!.name;
  const category = pick(places, IDENTITY_ORDER, (p) => p.category) ?? stored!.category;
  const position = pick(places, IDENTITY_ORDER, (p) => ({ latitude: p.latitude, longitude: p.longitude }));
  const description = pick(places, DETAIL_ORDER, (p) => p.description, text) ?? stored?.description ?? null;
  const reviews = places.flatMap((p) => p.reviews);
  const osmTags = places.find((p) => p.osmTags)?.osmTags ?? null;
  const google = places.find((p) => p.google)?.google ?? null;
  const texts = analyze
    ? [description, ...reviews.map((r) => r.text)].filter((t): t is string => !!t).map((t) => analyze(t))
    : [];
  const blend = blendVibes({ category, name, osmTags, google, texts, photos: [] });

  // Attribution: the stored row's own line when it came from elsewhere (the seed), then each source's.
  const lines: string[] = [];
  if (stored && stored.source !== "osm" && stored.source !== "google") {
    let own = stored.attribution;
    for (const line of SOURCE_ATTRIBUTIONS) own = own.split(line).join("");
    own = own.replace(/\s+/g, " ").trim();
    if (own) lines.push(own);
  }
  for (const id of IDENTITY_ORDER) {
    const p = places.find((x) => x.source === id);
    if (p && !lines.includes(p.attribution)) lines.push(p.attribution);
  }
  return {
    name,
    category,
    description,
    address: pick(places, DETAIL_ORDER, (p) => p.address, text) ?? stored?.address ?? null,
    latitude: position?.latitude ?? stored!.latitude,
    longitude: position?.longitude ?? stored!.longitude,
    image_url: pick(places, DETAIL_ORDER, (p) => p.imageUrl, text) ?? stored?.image_url ?? null,
    rating: pick(places, DETAIL_ORDER, (p) => p.rating) ?? stored?.rating ?? null,
    review_count: pick(places, DETAIL_ORDER, (p) => p.reviewCount) ?? stored?.review_count ?? null,
    phone_number: pick(places, DETAIL_ORDER, (p) => p.phone, text) ?? stored?.phone_number ?? null,
    website: pick(places, DETAIL_ORDER, (p) => p.website, text) ?? stored?.website ?? null,
    hours:
      pick(
        places,
        DETAIL_ORDER,
        (p) => p.hours,
        (h) => h.length === 0,
      ) ??
      stored?.hours ??
      [],
    opening_hours:
      pick(places, IDENTITY_ORDER, (p) => cleanOpeningHours(p.osmTags?.opening_hours), text) ??
      stored?.opening_hours ??
      null,
    detected_vibes: blend.detectedVibes,
    vibe_scores: blend.vibeScores,
    vibe_evidence: blend.evidence,
    vibe_method: blend.method,
    attribution: lines.join(" ") || stored?.attribution || ATTRIBUTION.osm,
  };
}

// ---------------------------------------------------------------------------------------------
// Comparing with what is stored

/** JSON with object keys sorted, so that jsonb's reordering does not read as a change. */
export function canonicalJson(v: unknown): string {
  if (v === null || typeof v !== "object") return JSON.stringify(v ?? null);
  // (loops rather than map/filter/join: a sync compares tens of thousands of records with this)
  if (Array.isArray(v)) {
    let out = "[";
    for (let i = 0; i < v.length; i++) out += (i ? "," : "") + canonicalJson(v[i]);
    return `${out}]`;
  }
  const o = v as Record<string, unknown>;
  let out = "{";
  let first = true;
  for (const k of Object.keys(o).sort()) {
    const x = o[k];
    if (x === undefined) continue;
    out += `${first ? "" : ","}${JSON.stringify(k)}:${canonicalJson(x)}`;
    first = false;
  }
  return `${out}}`;
}

// rating and review ratings are `real` (float4): compare at that precision.
const sameReal = (a: number | null, b: number | null) =>
  a === null || b === null ? a === b : Math.fround(a) === Math.fround(b);

function fieldsChanged(next: VenueFields, stored: ExistingVenue): boolean {
  return (
    next.name !== stored.name ||
    next.category !== stored.category ||
    next.description !== stored.description ||
    next.address !== stored.address ||
    next.latitude !== stored.latitude ||
    next.longitude !== stored.longitude ||
    next.image_url !== stored.image_url ||
    !sameReal(next.rating, stored.rating) ||
    next.review_count !== stored.review_count ||
    next.phone_number !== stored.phone_number ||
    next.website !== stored.website ||
    next.attribution !== stored.attribution ||
    next.vibe_method !== stored.vibe_method ||
    canonicalJson(next.hours) !== canonicalJson(stored.hours ?? []) ||
    next.opening_hours !== (stored.opening_hours ?? null) ||
    canonicalJson(next.detected_vibes) !== canonicalJson(stored.detected_vibes ?? []) ||
    canonicalJson(next.vibe_scores) !== canonicalJson(stored.vibe_scores ?? {}) ||
    canonicalJson(next.vibe_evidence) !== canonicalJson(stored.vibe_evidence ?? {})
  );
}

interface StoredReview {
  venue_id: number;
  source: string;
  author: string;
  rating: number | null;
  text: string;
  time: Date | string | null;
}
interface StoredPhoto {
  venue_id: number;
  source: string;
  url: string;
  attribution: string | null;
}

const isoOrNull = (t: Date | string | null) => (t === null ? null : new Date(t).toISOString());
const sameReviews = (a: readonly SourceReview[], b: readonly StoredReview[]) =>
  a.length === b.length &&
  a.every(
    (r, i) =>
      r.author === b[i].author &&
      r.text === b[i].text &&
      sameReal(r.rating, b[i].rating) &&
      r.time === isoOrNull(b[i].time),
  );
/** Photos compare as sets: an upsert keeps the rows (and order) of the URLs that stay. */
const samePhotos = (a: readonly SourcePhoto[], b: readonly StoredPhoto[]) => {
  const key = (list: readonly { url: string; attribution: string | null }[]) =>
    canonicalJson(
      [...new Map(list.map((p) => [p.url, p.attribution])).entries()].sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)),
    );
  return key(a) === key(b);
};

// ---------------------------------------------------------------------------------------------
// The sync

/** Serialises syncs on one database (any constant; the migrations use 727_001). */
const SYNC_LOCK = 727_002;

interface Fetched {
  source: VenueSource;
  places: SourcePlace[] | null;
  error: string | null;
}

async function fetchSource(source: VenueSource, area: SyncArea, timeoutMs: number): Promise<Fetched> {
  const ctl = new AbortController();
  const timedOut = () =>
    new SourceError(
      source.id,
      "timeout",
      `${source.name} is not responding (timed out after ${formatDuration(timeoutMs)})`,
    );
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      ctl.abort(new DOMException("The sync deadline passed", "TimeoutError"));
      reject(timedOut());
    }, timeoutMs);
  });
  try {
    const places = await Promise.race([
      source.fetchNearby(area.latitude, area.longitude, area.radius, ctl.signal),
      deadline,
    ]);
    return { source, places: places.filter((p) => p.category !== null), error: null };
  } catch (err) {
    if (ctl.signal.aborted) return { source, places: null, error: timedOut().message };
    if (err instanceof SourceError) return { source, places: null, error: err.message };
    return { source, places: null, error: `${source.name} failed: ${(err as Error).message ?? String(err)}` };
  } finally {
    clearTimeout(timer);
    // calls still in flight (the rest of a failed sweep) are of no use any more
    if (!ctl.signal.aborted) ctl.abort(new DOMException("The source has answered", "AbortError"));
  }
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
const listNames = (names: string[]) =>
  names.length <= 1 ? names.join("") : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;

/** What sync reads of a venue it merges into: the usual columns and how its vibes were made. */
const EXISTING_COLUMNS = `${VENUE_COLUMNS}, v.vibe_evidence, v.vibe_method`;

/**
 * Syncs the venues around a point from the available sources (see the header). Throws
 * SyncFailedError, having written nothing, when every available source failed.
 */
export async function syncVenues(
  db: Db,
  sources: readonly VenueSource[],
  area: SyncArea,
  log: SyncLog,
  opts: SyncOptions = {},
): Promise<SyncResult> {
  const timeoutMs = opts.timeoutMs ?? 20_000;
  const statuses: SourceStatus[] = [];
  const active = sources.filter((s) => s.available());
  for (const s of sources) {
    if (!s.available())
      statuses.push({
        id: s.id,
        name: s.name,
        status: "skipped",
        count: 0,
        detail: s.unavailableReason?.() ?? "not configured",
      });
  }
  const fetched = await Promise.all(active.map((s) => fetchSource(s, area, timeoutMs)));
  for (const f of fetched) {
    statuses.push(
      f.places
        ? { id: f.source.id, name: f.source.name, status: "ok", count: f.places.length }
        : { id: f.source.id, name: f.source.name, status: "failed", count: 0, error: f.error! },
    );
    if (f.error) log.warn({ source: f.source.id, error: f.error }, "venue source failed");
  }
  statuses.sort((a, b) => sources.findIndex((s) => s.id === a.id) - sources.findIndex((s) => s.id === b.id));
  const ok = fetched.filter((f) => f.places);
  const failed = fetched.filter((f) => !f.places);
  if (!ok.length) {
    const why = failed.length ? failed.map((f) => f.error).join("; ") : "no venue source is configured";
    throw new SyncFailedError(`Sync Failed: ${why}. Nothing was changed.`, statuses);
  }

  const counts = await writeSourcePlaces(
    db,
    ok.map((f) => f.places!),
    area,
    sources,
    opts,
    log,
  );

  const total = counts.added + counts.updated + counts.unchanged;
  let message = `Synced ${plural(total, "venue")} from ${listNames(ok.map((f) => f.source.name))}: ${counts.added} added, ${counts.updated} updated, ${counts.unchanged} unchanged`;
  if (failed.length) message += `. Not synced: ${failed.map((f) => f.error).join("; ")}`;
  log.info({ ...counts, area, sources: statuses }, "venue sync done");
  return { message, ...counts, sources: statuses };
}

interface Counts {
  added: number;
  updated: number;
  unchanged: number;
}

/**
 * Writes places of the sources (fetched by syncVenues, or the embedded OpenStreetMap seed) through
 * the sync's grouping, matching, merge and batched write: the one write path for source places.
 * `area` is the circle whose stored venues they may merge with.
 */
export async function writeSourcePlaces(
  db: Db,
  lists: readonly (readonly SourcePlace[])[],
  area: SyncArea,
  sources: readonly VenueSource[],
  opts: Pick<SyncOptions, "analyzeText" | "batchSize"> = {},
  log: Pick<SyncLog, "info"> = { info() {} },
): Promise<Counts> {
  const groups = groupPlaces(lists.map((l) => l.filter((p) => p.category !== null)));
  const bySource = new Map(sources.map((s) => [s.id, s]));
  const batchSize = Math.max(1, opts.batchSize ?? SYNC_BATCH_SIZE);
  // Reading, matching, merging and blending happen outside the transaction (the blend is the
  // costly part, and PGlite serves nothing else while a transaction is open); the transaction then
  // only checks that nothing the plan read has changed since (another sync of an overlapping
  // area) and writes it in batches. Had something changed, the plan is made again inside.
  const planned = await planWrites(db, groups, area, bySource, opts.analyzeText);
  return db.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock($1)", [SYNC_LOCK]);
    let plan = planned;
    const ids = groups.flatMap((g) => g.map((p) => p.externalId));
    if ((await readFingerprint(tx, ids, area)) !== plan.fingerprint) {
      log.info({ area }, "venues changed while the sync was planned; planning again");
      plan = await planWrites(tx, groups, area, bySource, opts.analyzeText);
    }
    await writePlan(tx, plan, batchSize);
    return plan.counts;
  });
}

/** Rows per write statement: one round trip writes this many venues (or their reviews, photos, records). */
export const SYNC_BATCH_SIZE = 1000;

/** A venue a plan writes to: the id of a stored one, or the primary external id of a new one. */
type VenueRef = number | string;

/**
 * Everything one sync writes, worked out from what was read (`fingerprint` says what that was):
 * the merged rows and their vibe blends, and which reviews, photos and source records change.
 */
interface Plan {
  fingerprint: string;
  counts: Counts;
  /** Stored venues whose row changed. */
  updates: { id: number; next: VenueFields }[];
  /** New venues, keyed by their primary external id. */
  inserts: { externalId: string; source: SourceId; next: VenueFields }[];
  /** (venue, source) pairs whose reviews are replaced; a new venue's have nothing to delete. */
  reviewDeletes: { venue: number; source: SourceId }[];
  reviews: { venue: VenueRef; source: SourceId; review: SourceReview }[];
  /** Per source (OpenStreetMap first): the stored venues' photos of that source not listed any more, and the rows to upsert. */
  photos: {
    source: SourceId;
    deletes: { venue: number; urls: string[] }[];
    rows: { venue: VenueRef; photo: SourcePhoto }[];
  }[];
  sourceRows: { venue: VenueRef; source: SourceId; externalId: string; data: string }[];
  /** Stored venues the sync saw (last_synced_at). */
  touched: number[];
}

/**
 * What a plan read, in one value: the row versions (xmin) of every venue the sync could match
 * (by external id or in the area) and of their source records, reviews and photos. Another
 * sync committing in between changes it.
 */
async function readFingerprint(q: Queryable, ids: string[], area: SyncArea): Promise<string> {
  const [row] = await q.query<{ fp: string | null }>(
    `WITH ids AS (
       SELECT venue_id AS id FROM venue_sources WHERE external_id = ANY($1::text[])
       UNION SELECT id FROM venues WHERE external_id = ANY($1::text[])
       UNION SELECT id FROM venues v
              WHERE earth_box(ll_to_earth($2, $3), $4) @> v.earth AND earth_distance(v.earth, ll_to_earth($2, $3)) <= $4)
     SELECT md5(concat_ws('|',
       (SELECT string_agg(v.id::text || ':' || v.xmin::text, ',' ORDER BY v.id) FROM venues v WHERE v.id IN (SELECT id FROM ids)),
       (SELECT string_agg(s.external_id || ':' || s.xmin::text, ',' ORDER BY s.external_id) FROM venue_sources s WHERE s.venue_id IN (SELECT id FROM ids)),
       (SELECT string_agg(r.id::text || ':' || r.xmin::text, ',' ORDER BY r.id) FROM venue_reviews r WHERE r.venue_id IN (SELECT id FROM ids)),
       (SELECT string_agg(p.id::text || ':' || p.xmin::text, ',' ORDER BY p.id) FROM venue_photos p WHERE p.venue_id IN (SELECT id FROM ids))
     )) AS fp`,
    [ids, area.latitude, area.longitude, area.radius + 2 * MERGE_DISTANCE_M],
  );
  return row?.fp ?? "";
}

/** Rows grouped by a key, in their order. */
function byKey<T, K>(rows: readonly T[], key: (r: T) => K): Map<K, T[]> {
  const out = new Map<K, T[]>();
  for (const r of rows) {
    const k = key(r);
    const list = out.get(k);
    if (list) list.push(r);
    else out.set(k, [r]);
  }
  return out;
}

/**
 * Reads what is stored for the groups (in bulk: a few statements whatever their number), matches
 * each group to a stored venue or makes it a new one, and merges and blends every venue. Runs
 * outside the write transaction; `writePlan` checks that nothing it read has changed since.
 */
async function planWrites(
  q: Queryable,
  groups: SourcePlace[][],
  area: SyncArea,
  sources: ReadonlyMap<SourceId, VenueSource>,
  analyze?: (text: string) => VibeAnalysis,
): Promise<Plan> {
  const ids = groups.flatMap((g) => g.map((p) => p.externalId));
  const fingerprint = await readFingerprint(q, ids, area);

  // 1. Stored venues by external id: venue_sources first, then the venues' own primary ids.
  const byExternal = new Map<string, number>();
  for (const r of await q.query<{ venue_id: number; external_id: string }>(
    "SELECT venue_id, external_id FROM venue_sources WHERE external_id = ANY($1::text[])",
    [ids],
  )) {
    byExternal.set(r.external_id, r.venue_id);
  }
  for (const r of await q.query<{ id: number; external_id: string }>(
    "SELECT id, external_id FROM venues WHERE external_id = ANY($1::text[])",
    [ids],
  )) {
    if (!byExternal.has(r.external_id)) byExternal.set(r.external_id, r.id);
  }

  // 2. Each group's venue: by id (groups that turn out to share a venue are joined), else by name and distance.
  const venueOf = new Map<number, SourcePlace[]>();
  const unmatched: SourcePlace[][] = [];
  for (const g of groups) {
    const id = g.map((p) => byExternal.get(p.externalId)).find((v) => v !== undefined);
    if (id === undefined) unmatched.push(g);
    else venueOf.set(id, [...(venueOf.get(id) ?? []), ...g]);
  }
  const fresh: SourcePlace[][] = [];
  if (unmatched.length) {
    const candidates = await q.query<{
      id: number;
      name: string;
      latitude: number;
      longitude: number;
      sources: string[];
    }>(
      `SELECT v.id, v.name, v.latitude, v.longitude,
              ARRAY(SELECT s.source FROM venue_sources s WHERE s.venue_id = v.id) AS sources
         FROM venues v
        WHERE earth_box(ll_to_earth($1, $2), $3) @> v.earth
          AND earth_distance(v.earth, ll_to_earth($1, $2)) <= $3`,
      [area.latitude, area.longitude, area.radius + 2 * MERGE_DISTANCE_M],
    );
    const grid = new Grid<(typeof candidates)[number]>();
    for (const c of candidates) grid.add(c);
    for (const g of unmatched) {
      let best: (typeof candidates)[number] | null = null;
      let bestD = Infinity;
      for (const p of g) {
        for (const c of grid.near(p.latitude, p.longitude)) {
          // taken by another group of this sync, or already holding another record of this source
          if (venueOf.has(c.id) || g.some((q) => c.sources.includes(q.source))) continue;
          const d = haversineMeters(c.latitude, c.longitude, p.latitude, p.longitude);
          if (d <= MERGE_DISTANCE_M && d < bestD && namesSimilar(c.name, p.name)) {
            best = c;
            bestD = d;
          }
        }
      }
      if (best) venueOf.set(best.id, g);
      else fresh.push(g);
    }
  }

  // 3. What is stored for the matched venues.
  const venueIds = [...venueOf.keys()];
  const storedRows = venueIds.length
    ? await q.query<ExistingVenue>(`SELECT ${EXISTING_COLUMNS} FROM venues v WHERE v.id = ANY($1::int[])`, [venueIds])
    : [];
  const stored = new Map(storedRows.map((r) => [r.id, r]));
  const storedSources = venueIds.length
    ? await q.query<{ venue_id: number; source: SourceId; external_id: string; data: unknown }>(
        "SELECT venue_id, source, external_id, data FROM venue_sources WHERE venue_id = ANY($1::int[]) ORDER BY external_id",
        [venueIds],
      )
    : [];
  const storedReviews = venueIds.length
    ? await q.query<StoredReview>(
        "SELECT venue_id, source, author, rating, text, time FROM venue_reviews WHERE venue_id = ANY($1::int[]) ORDER BY id",
        [venueIds],
      )
    : [];
  const storedPhotos = venueIds.length
    ? await q.query<StoredPhoto>(
        "SELECT venue_id, source, url, attribution FROM venue_photos WHERE venue_id = ANY($1::int[]) ORDER BY id",
        [venueIds],
      )
    : [];
  const sourceData = new Map(storedSources.map((r) => [r.external_id, r]));
  const sourcesOf = byKey(storedSources, (r) => r.venue_id);
  const reviewsOf = byKey(storedReviews, (r) => `${r.venue_id}:${r.source}`);
  const photosOf = byKey(storedPhotos, (r) => `${r.venue_id}:${r.source}`);

  const plan: Plan = {
    fingerprint,
    counts: { added: 0, updated: 0, unchanged: 0 },
    updates: [],
    inserts: [],
    reviewDeletes: [],
    reviews: [],
    photos: IDENTITY_ORDER.map((source) => ({ source, deletes: [], rows: [] })),
    sourceRows: [],
    touched: [],
  };
  const photosFor = (source: SourceId) => plan.photos.find((p) => p.source === source)!;
  /** The venue's photos of one source become exactly `list` (a URL another source has is left to it). */
  const putPhotos = (venue: VenueRef, source: SourceId, list: readonly SourcePhoto[], replace: boolean) => {
    const photos = [...new Map(list.map((p) => [p.url, p])).values()];
    const into = photosFor(source);
    if (replace && typeof venue === "number") into.deletes.push({ venue, urls: photos.map((p) => p.url) });
    for (const photo of photos) into.rows.push({ venue, photo });
  };

  // 4. Existing venues: recompute from every record they have, write what changed.
  for (const [venueId, group] of venueOf) {
    const row = stored.get(venueId)!;
    const ids = new Set(group.map((p) => p.externalId));
    const older = (sourcesOf.get(venueId) ?? [])
      .filter((r) => !ids.has(r.external_id))
      .map((r) => sources.get(r.source)?.fromStored(r.data) ?? null)
      .filter((p): p is SourcePlace => !!p && p.category !== null);
    const places = [...group, ...older].sort(
      (a, b) => IDENTITY_ORDER.indexOf(a.source) - IDENTITY_ORDER.indexOf(b.source),
    );
    const next = mergeVenue(places, row, analyze);
    const rowChanged = fieldsChanged(next, row);
    let changed = rowChanged;
    for (const p of group) {
      const data = canonicalJson(p.raw);
      const before = sourceData.get(p.externalId);
      if (!before || before.venue_id !== venueId || canonicalJson(before.data) !== data) changed = true;
      plan.sourceRows.push({ venue: venueId, source: p.source, externalId: p.externalId, data });
    }
    for (const id of new Set(group.map((p) => p.source))) {
      const mine = group.filter((p) => p.source === id);
      const reviews = mine.flatMap((p) => p.reviews);
      const photos = mine.flatMap((p) => p.photos);
      if (!sameReviews(reviews, reviewsOf.get(`${venueId}:${id}`) ?? [])) {
        changed = true;
        plan.reviewDeletes.push({ venue: venueId, source: id });
        for (const review of reviews) plan.reviews.push({ venue: venueId, source: id, review });
      }
      if (!samePhotos(photos, photosOf.get(`${venueId}:${id}`) ?? [])) {
        changed = true;
        putPhotos(venueId, id, photos, true);
      }
    }
    if (rowChanged) plan.updates.push({ id: venueId, next });
    plan.touched.push(venueId);
    if (changed) plan.counts.updated++;
    else plan.counts.unchanged++;
  }

  // 5. New venues.
  for (const group of fresh) {
    const next = mergeVenue(group, null, analyze);
    const primary = group[0];
    plan.inserts.push({ externalId: primary.externalId, source: primary.source, next });
    for (const p of group)
      plan.sourceRows.push({
        venue: primary.externalId,
        source: p.source,
        externalId: p.externalId,
        data: canonicalJson(p.raw),
      });
    for (const sid of new Set(group.map((p) => p.source))) {
      const mine = group.filter((p) => p.source === sid);
      for (const review of mine.flatMap((p) => p.reviews))
        plan.reviews.push({ venue: primary.externalId, source: sid, review });
      putPhotos(
        primary.externalId,
        sid,
        mine.flatMap((p) => p.photos),
        false,
      );
    }
    plan.counts.added++;
  }
  return plan;
}

/** `rows` in slices of `size`. */
function* chunks<T>(rows: readonly T[], size: number): Generator<T[]> {
  for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size);
}

/** A venue row's columns as one jsonb_to_recordset record. */
const venueRecord = (v: VenueFields) => ({
  name: v.name,
  category: v.category,
  description: v.description,
  address: v.address,
  latitude: v.latitude,
  longitude: v.longitude,
  image_url: v.image_url,
  rating: v.rating,
  review_count: v.review_count,
  phone_number: v.phone_number,
  website: v.website,
  hours: v.hours,
  opening_hours: v.opening_hours,
  detected_vibes: v.detected_vibes,
  vibe_scores: v.vibe_scores,
  vibe_evidence: v.vibe_evidence,
  vibe_method: v.vibe_method,
  attribution: v.attribution,
});
const VENUE_RECORD_COLUMNS = `name text, category text, description text, address text, latitude double precision,
  longitude double precision, image_url text, rating real, review_count integer, phone_number text, website text,
  hours text[], opening_hours text, detected_vibes text[], vibe_scores jsonb, vibe_evidence jsonb, vibe_method text,
  attribution text`;

/**
 * Writes a plan: every statement takes up to `batchSize` rows (one round trip per batch), in the
 * order the per-venue writes used to happen, so ids and row order come out the same.
 */
async function writePlan(tx: Queryable, plan: Plan, batchSize: number): Promise<void> {
  const now = new Date();

  // Changed rows of stored venues.
  for (const batch of chunks(plan.updates, batchSize)) {
    await tx.query(
      `UPDATE venues v SET name = t.name, category = t.category, description = t.description, address = t.address,
         latitude = t.latitude, longitude = t.longitude, image_url = t.image_url, rating = t.rating,
         review_count = t.review_count, phone_number = t.phone_number, website = t.website, hours = t.hours,
         detected_vibes = t.detected_vibes, vibe_scores = t.vibe_scores, vibe_evidence = t.vibe_evidence,
         vibe_method = t.vibe_method, attribution = t.attribution, opening_hours = t.opening_hours, updated_at = now()
         FROM jsonb_to_recordset($1::jsonb) AS t(id integer, ${VENUE_RECORD_COLUMNS})
        WHERE v.id = t.id`,
      [JSON.stringify(batch.map((u) => ({ id: u.id, ...venueRecord(u.next) })))],
    );
  }

  // New venues, in order (ids are handed out as the rows come).
  const idOf = new Map<string, number>();
  for (const batch of chunks(plan.inserts, batchSize)) {
    const rows = await tx.query<{ id: number; external_id: string }>(
      `INSERT INTO venues (external_id, name, category, description, address, latitude, longitude, image_url, rating,
         review_count, phone_number, website, hours, detected_vibes, vibe_scores, vibe_evidence, vibe_method, source,
         attribution, last_synced_at, opening_hours)
       SELECT external_id, name, category, description, address, latitude, longitude, image_url, rating, review_count,
              phone_number, website, hours, detected_vibes, vibe_scores, vibe_evidence, vibe_method, source, attribution,
              $2::timestamptz, opening_hours
         FROM jsonb_to_recordset($1::jsonb) AS t(n integer, external_id text, source text, ${VENUE_RECORD_COLUMNS})
        ORDER BY n
       RETURNING id, external_id`,
      [
        JSON.stringify(
          batch.map((v, n) => ({ n, external_id: v.externalId, source: v.source, ...venueRecord(v.next) })),
        ),
        now,
      ],
    );
    for (const r of rows) idOf.set(r.external_id, r.id);
  }
  const id = (ref: VenueRef) => (typeof ref === "number" ? ref : idOf.get(ref)!);

  // Reviews: the replaced ones go, then every new list comes in order.
  for (const batch of chunks(plan.reviewDeletes, batchSize)) {
    await tx.query(
      `DELETE FROM venue_reviews r USING unnest($1::int[], $2::text[]) AS x(v, s) WHERE r.venue_id = x.v AND r.source = x.s`,
      [batch.map((d) => d.venue), batch.map((d) => d.source)],
    );
  }
  for (const batch of chunks(plan.reviews, batchSize)) {
    await tx.query(
      `INSERT INTO venue_reviews (venue_id, source, author, rating, text, time)
       SELECT venue_id, source, author, rating, text, time
         FROM jsonb_to_recordset($1::jsonb) AS x(n integer, venue_id integer, source text, author text, rating real, text text, time timestamptz)
        ORDER BY n`,
      [
        JSON.stringify(
          batch.map((r, n) => ({
            n,
            venue_id: id(r.venue),
            source: r.source,
            author: r.review.author,
            rating: r.review.rating,
            text: r.review.text,
            time: r.review.time,
          })),
        ),
      ],
    );
  }

  // Photos, one source after the other (as the per-venue writes did): the URLs a source no longer
  // lists go, its list is upserted; a URL another source already has stays that source's.
  for (const { source, deletes, rows } of plan.photos) {
    for (const batch of chunks(deletes, batchSize)) {
      await tx.query(
        `DELETE FROM venue_photos p USING jsonb_to_recordset($2::jsonb) AS x(v integer, urls text[])
          WHERE p.venue_id = x.v AND p.source = $1 AND NOT (p.url = ANY(x.urls))`,
        [source, JSON.stringify(batch.map((d) => ({ v: d.venue, urls: d.urls })))],
      );
    }
    for (const batch of chunks(rows, batchSize)) {
      await tx.query(
        `INSERT INTO venue_photos (venue_id, source, url, attribution)
         SELECT v, $1, u, a FROM jsonb_to_recordset($2::jsonb) AS x(n integer, v integer, u text, a text) ORDER BY n
         ON CONFLICT (venue_id, url) DO UPDATE SET attribution = EXCLUDED.attribution WHERE venue_photos.source = EXCLUDED.source`,
        [source, JSON.stringify(batch.map((r, n) => ({ n, v: id(r.venue), u: r.photo.url, a: r.photo.attribution })))],
      );
    }
  }

  // The source records and when each stored venue was last synced.
  for (const batch of chunks(plan.sourceRows, batchSize)) {
    await tx.query(
      `INSERT INTO venue_sources (venue_id, source, external_id, data, fetched_at)
       SELECT v, s, e, d::jsonb, $5::timestamptz FROM unnest($1::int[], $2::text[], $3::text[], $4::text[]) AS t(v, s, e, d)
       ON CONFLICT (external_id) DO UPDATE SET venue_id = EXCLUDED.venue_id, source = EXCLUDED.source, data = EXCLUDED.data, fetched_at = EXCLUDED.fetched_at`,
      [
        batch.map((r) => id(r.venue)),
        batch.map((r) => r.source),
        batch.map((r) => r.externalId),
        batch.map((r) => r.data),
        now,
      ],
    );
  }
  for (const batch of chunks(plan.touched, batchSize * 10))
    await tx.query("UPDATE venues SET last_synced_at = $2::timestamptz WHERE id = ANY($1::int[])", [batch, now]);
}
