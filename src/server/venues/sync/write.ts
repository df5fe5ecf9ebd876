// Venue sync, writes (index.ts has the rules): the plan of what to insert and update, and its batched write.
import type { Db, Queryable } from "../../db/client";
import { haversineMeters } from "../../db/earth";
import type { VenueText, VenueTextAnalyzer } from "../../vibes/blend";
import type { VibeAnalysis } from "../../vibes/types";
import { PHOTO_LIMITS, PHOTO_REREAD_DAYS, readPhotos, venuePhotoReadUrls, venuePhotoUrls } from "../sync-photos";
import { VENUE_COLUMNS } from "../queries";
import { countedVotes } from "../vibe-vote-queries";
import type { SourceId, SourcePhoto, SourcePlace, SourceReview, VenueSource } from "../../providers/venue-source";
import { Grid, groupPlaces, namesSimilar, MERGE_DISTANCE_M } from "./match";
import {
  canonicalJson,
  IDENTITY_ORDER,
  mergeVenue,
  fieldsChanged,
  sameReviews,
  samePhotos,
  type ExistingVenue,
  type VenueFields,
  type StoredReview,
  type StoredPhoto,
} from "./merge";
import type { SyncArea, SyncLog, SyncOptions } from "./types";

// ---------------------------------------------------------------------------------------------
// Writes

/** Serialises syncs on one database (any constant; the migrations use 727_001). */
const SYNC_LOCK = 727_002;

/** What sync reads of a venue it merges into: the usual columns and how its vibes were made. */
const EXISTING_COLUMNS = `${VENUE_COLUMNS}, v.vibe_evidence, v.vibe_method`;

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
  opts: Pick<SyncOptions, "analyzeTexts" | "analyzePhoto" | "photoLimits" | "batchSize"> = {},
  log: Pick<SyncLog, "info"> = { info() {} },
): Promise<Counts> {
  const groups = groupPlaces(lists.map((l) => l.filter((p) => p.category !== null)));
  const bySource = new Map(sources.map((s) => [s.id, s]));
  const batchSize = Math.max(1, opts.batchSize ?? SYNC_BATCH_SIZE);
  // Reading, matching, merging and blending happen outside the transaction (the blend is the
  // costly part, and PGlite serves nothing else while a transaction is open); the transaction then
  // only checks that nothing the plan read has changed since (another sync of an overlapping
  // area) and writes it in batches. Had something changed, the plan is made again inside.
  // Photos are fetched and read first (bounded per venue, per sync and in time), outside any transaction.
  // A photo read before keeps its stored analysis; only new (or long unread) photos take the budget.
  const perVenue = opts.photoLimits?.perVenue ?? PHOTO_LIMITS.perVenue;
  const stored = await storedPhotoReads(
    db,
    groups.flatMap((g) => venuePhotoUrls(g, perVenue)),
  );
  const rereadBefore = Date.now() - PHOTO_REREAD_DAYS * 86_400_000;
  const recent = new Set([...stored].filter(([, r]) => r.at.getTime() >= rereadBefore).map(([url]) => url));
  const fresh = opts.analyzePhoto
    ? await readPhotos(groups, opts.analyzePhoto, opts.photoLimits, log, undefined, recent)
    : new Map<string, VibeAnalysis>();
  const photoReads: PhotoReads = new Map([...stored]);
  const readAt = new Date();
  for (const [url, analysis] of fresh) photoReads.set(url, { analysis, at: readAt, fresh: true });
  const planned = await planWrites(db, groups, area, bySource, opts.analyzeTexts, photoReads);
  return db.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock($1)", [SYNC_LOCK]);
    let plan = planned;
    const ids = groups.flatMap((g) => g.map((p) => p.externalId));
    if ((await readFingerprint(tx, ids, area)) !== plan.fingerprint) {
      log.info({ area }, "venues changed while the sync was planned; planning again");
      plan = await planWrites(tx, groups, area, bySource, opts.analyzeTexts, photoReads);
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
  /**
   * Per source (OpenStreetMap first): the stored venues' photos of that source not listed any more, and the rows to
   * upsert.
   */
  photos: {
    source: SourceId;
    deletes: { venue: number; urls: string[] }[];
    rows: { venue: VenueRef; photo: SourcePhoto }[];
  }[];
  sourceRows: { venue: VenueRef; source: SourceId; externalId: string; data: string }[];
  /** Stored venues the sync saw (last_synced_at). */
  touched: number[];
  /** Photo analyses to store (venue_photo_vibes). */
  photoVibes: { venue: VenueRef; url: string; analysis: VibeAnalysis; at: Date }[];
}

/** URL -> a photo's analysis, when it was made, and whether this sync made it. */
type PhotoReads = Map<string, { analysis: VibeAnalysis; at: Date; fresh?: boolean }>;

/** The newest stored analysis of each of these photo URLs (whichever venue it was read for). */
async function storedPhotoReads(q: Queryable, urls: readonly string[]): Promise<PhotoReads> {
  const out: PhotoReads = new Map();
  if (!urls.length) return out;
  for (const r of await q.query<{ url: string; analysis: VibeAnalysis; analyzed_at: Date }>(
    `SELECT DISTINCT ON (url) url, analysis, analyzed_at FROM venue_photo_vibes
      WHERE url = ANY($1::text[]) ORDER BY url, analyzed_at DESC`,
    [[...new Set(urls)]],
  ))
    out.set(r.url, { analysis: r.analysis, at: new Date(r.analyzed_at) });
  return out;
}

/** How many of a venue's newest VIBE review texts its blend reads. */
export const MEMBER_REVIEW_TEXTS_READ = 50;

/** The live review texts of VIBE's people for these venues, newest first (at most MEMBER_REVIEW_TEXTS_READ each). */
export async function memberReviewTexts(q: Queryable, venueIds: readonly number[]): Promise<Map<number, VenueText[]>> {
  const out = new Map<number, VenueText[]>();
  if (!venueIds.length) return out;
  const rows = await q.query<{ venue_id: number; text: string; updated_at: Date }>(
    `SELECT venue_id, text, updated_at FROM (
       SELECT venue_id, text, updated_at, row_number() OVER (PARTITION BY venue_id
         ORDER BY updated_at DESC, id DESC) AS k
         FROM member_reviews WHERE venue_id = ANY($1::int[]) AND removed_at IS NULL AND text <> '') r
      WHERE k <= $2 ORDER BY venue_id, updated_at DESC`,
    [venueIds, MEMBER_REVIEW_TEXTS_READ],
  );
  for (const r of rows) {
    const list = out.get(r.venue_id) ?? out.set(r.venue_id, []).get(r.venue_id)!;
    list.push({ text: r.text, source: "review", time: new Date(r.updated_at).toISOString(), member: true });
  }
  return out;
}

/**
 * What a plan read, in one value: the row versions (xmin) of every venue the sync could match
 * (by external id or in the area) and of their source records, reviews (the providers' and VIBE's
 * people's), vibe votes and photos. Another sync, a review or a vote committing in between changes it.
 */
async function readFingerprint(q: Queryable, ids: string[], area: SyncArea): Promise<string> {
  const [row] = await q.query<{ fp: string | null }>(
    `WITH ids AS (
       SELECT venue_id AS id FROM venue_sources WHERE external_id = ANY($1::text[])
       UNION SELECT id FROM venues WHERE external_id = ANY($1::text[])
       UNION SELECT id FROM venues v
              WHERE earth_box(ll_to_earth($2, $3), $4) @> v.earth
                AND earth_distance(v.earth, ll_to_earth($2, $3)) <= $4)
     SELECT md5(concat_ws('|',
       (SELECT string_agg(v.id::text || ':' || v.xmin::text, ',' ORDER BY v.id) FROM venues v
         WHERE v.id IN (SELECT id FROM ids)),
       (SELECT string_agg(s.external_id || ':' || s.xmin::text, ',' ORDER BY s.external_id) FROM venue_sources s
         WHERE s.venue_id IN (SELECT id FROM ids)),
       (SELECT string_agg(r.id::text || ':' || r.xmin::text, ',' ORDER BY r.id) FROM venue_reviews r
         WHERE r.venue_id IN (SELECT id FROM ids)),
       (SELECT string_agg(p.id::text || ':' || p.xmin::text, ',' ORDER BY p.id) FROM venue_photos p
         WHERE p.venue_id IN (SELECT id FROM ids)),
       (SELECT string_agg(m.id::text || ':' || m.xmin::text, ',' ORDER BY m.id) FROM member_reviews m
         WHERE m.venue_id IN (SELECT id FROM ids)),
       (SELECT string_agg(x.venue_id::text || ':' || x.user_id::text || ':' || x.vibe || ':' || x.xmin::text, ','
                          ORDER BY x.venue_id, x.user_id, x.vibe) FROM vibe_votes x
         WHERE x.venue_id IN (SELECT id FROM ids))
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
  analyze?: VenueTextAnalyzer,
  photoReads: PhotoReads = new Map(),
): Promise<Plan> {
  const ids = groups.flatMap((g) => g.map((p) => p.externalId));
  const now = new Date();
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
        "SELECT venue_id, source, external_id, data FROM venue_sources WHERE venue_id = ANY($1::int[]) " +
          "ORDER BY external_id",
        [venueIds],
      )
    : [];
  const storedReviews = venueIds.length
    ? await q.query<StoredReview>(
        "SELECT venue_id, source, author, rating, text, time FROM venue_reviews " +
          "WHERE venue_id = ANY($1::int[]) ORDER BY id",
        [venueIds],
      )
    : [];
  const storedPhotos = venueIds.length
    ? await q.query<StoredPhoto>(
        "SELECT venue_id, source, url, attribution FROM venue_photos WHERE venue_id = ANY($1::int[]) ORDER BY id",
        [venueIds],
      )
    : [];
  const memberTexts = await memberReviewTexts(q, venueIds);
  const votes = await countedVotes(q, venueIds);
  // the photo analyses stored for these venues (their photos a source no longer sent this time too)
  const reads: PhotoReads = new Map();
  const venuePhotoVibes = new Set<string>();
  if (venueIds.length)
    for (const r of await q.query<{ venue_id: number; url: string; analysis: VibeAnalysis; analyzed_at: Date }>(
      "SELECT venue_id, url, analysis, analyzed_at FROM venue_photo_vibes WHERE venue_id = ANY($1::int[]) " +
        "ORDER BY venue_id, url",
      [venueIds],
    )) {
      venuePhotoVibes.add(`${r.venue_id}|${r.url}`);
      if (!reads.has(r.url)) reads.set(r.url, { analysis: r.analysis, at: new Date(r.analyzed_at) });
    }
  for (const [url, r] of photoReads) reads.set(url, r);
  const analyses = new Map([...reads].map(([url, r]) => [url, r.analysis]));
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
    photoVibes: [],
  };
  /** The analyses the venue's blend counted that it has not stored yet (or that were read again). */
  const keepPhotoVibes = (venue: VenueRef, places: readonly SourcePlace[]) => {
    for (const url of venuePhotoReadUrls(places, analyses)) {
      const r = reads.get(url)!;
      if (r.fresh || typeof venue !== "number" || !venuePhotoVibes.has(`${venue}|${url}`))
        plan.photoVibes.push({ venue, url, analysis: r.analysis, at: r.at });
    }
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
    const next = mergeVenue(places, row, analyze, analyses, memberTexts.get(venueId), now, votes.get(venueId));
    keepPhotoVibes(venueId, places);
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
    const next = mergeVenue(group, null, analyze, analyses, [], now);
    const primary = group[0];
    keepPhotoVibes(primary.externalId, group);
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
  likely_vibes: v.likely_vibes,
  vibe_evidence: v.vibe_evidence,
  vibe_method: v.vibe_method,
  attribution: v.attribution,
});
const VENUE_RECORD_COLUMNS = `name text, category text, description text, address text, latitude double precision,
  longitude double precision, image_url text, rating real, review_count integer, phone_number text, website text,
  hours text[], opening_hours text, detected_vibes text[], vibe_scores jsonb, vibe_evidence jsonb, vibe_method text,
  attribution text, likely_vibes jsonb`;

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
         likely_vibes = t.likely_vibes,
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
         attribution, last_synced_at, opening_hours, likely_vibes)
       SELECT external_id, name, category, description, address, latitude, longitude, image_url, rating, review_count,
              phone_number, website, hours, detected_vibes, vibe_scores, vibe_evidence, vibe_method, source,
              attribution, $2::timestamptz, opening_hours, likely_vibes
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
      "DELETE FROM venue_reviews r USING unnest($1::int[], $2::text[]) AS x(v, s) WHERE r.venue_id = x.v " +
        "AND r.source = x.s",
      [batch.map((d) => d.venue), batch.map((d) => d.source)],
    );
  }
  for (const batch of chunks(plan.reviews, batchSize)) {
    await tx.query(
      `INSERT INTO venue_reviews (venue_id, source, author, rating, text, time)
       SELECT venue_id, source, author, rating, text, time
         FROM jsonb_to_recordset($1::jsonb) AS x(n integer, venue_id integer, source text, author text, rating real,
           text text, time timestamptz)
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
         ON CONFLICT (venue_id, url) DO UPDATE SET attribution = EXCLUDED.attribution
           WHERE venue_photos.source = EXCLUDED.source`,
        [source, JSON.stringify(batch.map((r, n) => ({ n, v: id(r.venue), u: r.photo.url, a: r.photo.attribution })))],
      );
    }
  }

  // Photo analyses: stored for the venues whose blend counted them; those of photos the venue no
  // longer has go.
  for (const batch of chunks(plan.photoVibes, batchSize)) {
    await tx.query(
      `INSERT INTO venue_photo_vibes (venue_id, url, analysis, analyzed_at)
       SELECT v, u, a, t FROM jsonb_to_recordset($1::jsonb) AS x(v integer, u text, a jsonb, t timestamptz)
       ON CONFLICT (venue_id, url) DO UPDATE SET analysis = EXCLUDED.analysis, analyzed_at = EXCLUDED.analyzed_at
        WHERE venue_photo_vibes.analyzed_at < EXCLUDED.analyzed_at`,
      [JSON.stringify(batch.map((r) => ({ v: id(r.venue), u: r.url, a: r.analysis, t: r.at.toISOString() })))],
    );
  }
  for (const batch of chunks(plan.touched, batchSize * 10))
    await tx.query(
      `DELETE FROM venue_photo_vibes pv WHERE pv.venue_id = ANY($1::int[])
          AND NOT EXISTS (SELECT 1 FROM venue_photos p WHERE p.venue_id = pv.venue_id AND p.url = pv.url)`,
      [batch],
    );

  // The source records and when each stored venue was last synced.
  for (const batch of chunks(plan.sourceRows, batchSize)) {
    await tx.query(
      `INSERT INTO venue_sources (venue_id, source, external_id, data, fetched_at)
       SELECT v, s, e, d::jsonb, $5::timestamptz
         FROM unnest($1::int[], $2::text[], $3::text[], $4::text[]) AS t(v, s, e, d)
       ON CONFLICT (external_id) DO UPDATE SET venue_id = EXCLUDED.venue_id, source = EXCLUDED.source,
         data = EXCLUDED.data, fetched_at = EXCLUDED.fetched_at`,
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

/**
 * Blends a stored venue again from everything stored about it (its source records: facts,
 * description and the providers' reviews; its stored photo analyses; VIBE's people's live
 * reviews and counted vibe votes) with the sync's own merge, and stores its vibes when they
 * changed. Called when a review of the venue or a vote on it changes, so a review, a vote and a
 * sync make the same blend and none drops another. Serialised with syncs (their lock): a sync
 * planned before the review or vote sees it in its fingerprint and plans again. True when the
 * vibes changed.
 *
 * `queued`: the venue waits in migration 020's venue_reblends (an account deleted). Its row is
 * claimed in the same transaction as the blend, so a blend that fails leaves it queued, and an
 * instance that finds it claimed by another (which committed first) does nothing.
 */
export async function reblendVenue(
  db: Db,
  venueId: number,
  sources: readonly VenueSource[],
  analyze: VenueTextAnalyzer,
  now = new Date(),
  opts: { queued?: boolean } = {},
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock($1)", [SYNC_LOCK]);
    if (opts.queued) {
      const claimed = await tx.query("DELETE FROM venue_reblends WHERE venue_id = $1 RETURNING venue_id", [venueId]);
      if (claimed.length === 0) return false;
    }
    const [row] = await tx.query<ExistingVenue>(`SELECT ${EXISTING_COLUMNS} FROM venues v WHERE v.id = $1`, [venueId]);
    if (!row) return false;
    const bySource = new Map(sources.map((s) => [s.id, s]));
    const places = (
      await tx.query<{ source: SourceId; data: unknown }>(
        "SELECT source, data FROM venue_sources WHERE venue_id = $1 ORDER BY external_id",
        [venueId],
      )
    )
      .map((r) => bySource.get(r.source)?.fromStored(r.data) ?? null)
      .filter((p): p is SourcePlace => !!p && p.category !== null)
      .sort((a, b) => IDENTITY_ORDER.indexOf(a.source) - IDENTITY_ORDER.indexOf(b.source));
    const reads = new Map(
      (
        await tx.query<{ url: string; analysis: VibeAnalysis }>(
          "SELECT url, analysis FROM venue_photo_vibes WHERE venue_id = $1",
          [venueId],
        )
      ).map((r) => [r.url, r.analysis]),
    );
    const members = (await memberReviewTexts(tx, [venueId])).get(venueId) ?? [];
    const votes = (await countedVotes(tx, [venueId])).get(venueId) ?? [];
    const next = mergeVenue(places, row, analyze, reads, members, now, votes);
    const rows = await tx.query(
      `UPDATE venues SET detected_vibes = $2::text[], vibe_scores = $3::jsonb, vibe_evidence = $4::jsonb,
        vibe_method = $5, likely_vibes = $6::jsonb
        WHERE id = $1
          AND (detected_vibes, vibe_scores, vibe_evidence, vibe_method, likely_vibes) IS DISTINCT
            FROM ($2::text[], $3::jsonb, $4::jsonb, $5, $6::jsonb)
        RETURNING id`,
      [
        venueId,
        next.detected_vibes,
        JSON.stringify(next.vibe_scores),
        JSON.stringify(next.vibe_evidence),
        next.vibe_method,
        JSON.stringify(next.likely_vibes),
      ],
    );
    return rows.length > 0;
  });
}
