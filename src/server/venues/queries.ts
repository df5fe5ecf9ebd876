import type { ReviewItem } from "@shared/contracts/reviews";
import type { Venue, VenueDetails } from "@shared/contracts/venues";
import { metersToMilesString } from "@shared/units";
import type { Db, Queryable } from "../db/client";
import { likeContains, MAX_INT4 } from "../db/sql";
import { GOOGLE_ATTRIBUTION } from "../providers/google-places";
import { blendVibes, type VibeEvidence } from "../vibes/blend";
import type { LikelyVibe } from "../vibes/likely";
import { isOpenAt, isOpenLate, openStatus, weekHours } from "./hours";
import { osmFeatures } from "./osm-features";
import { permitCodes, permitsFor } from "./permits";
import { permitLines } from "../vibes/permit-words";
import { venueRating } from "./ratings";
import { memberReviewsOf, type ReviewViewer } from "./review-queries";

/** The stored fields of a venue, as the venues table names them. */
export interface VenueColumns {
  name: string;
  category: Venue["category"];
  description: string | null;
  address: string | null;
  latitude: number;
  longitude: number;
  image_url: string | null;
  rating: number | null;
  review_count: number | null;
  phone_number: string | null;
  website: string | null;
  hours: string[];
  /** OpenStreetMap opening_hours syntax (venues/hours.ts reads it), or null. */
  opening_hours: string | null;
  detected_vibes: string[];
  vibe_scores: Record<string, number>;
  /** Vibes its facts make likely, unconfirmed (vibes/likely.ts, migration 023), heaviest first. */
  likely_vibes: LikelyVibe[];
  attribution: string;
}

/** A venues row as selected by VENUE_COLUMNS, with the caller-dependent columns. */
export interface VenueRow extends VenueColumns {
  id: number;
  external_id: string;
  source: string;
  meters: number | null;
  is_favorite: boolean;
  /** VIBE's people's live ratings of the venue: their sum and number (migration 015; venues/ratings.ts). */
  member_rating_sum?: number;
  member_review_count?: number;
}

export const VENUE_COLUMNS = `v.id, v.external_id, v.name, v.category, v.description, v.address, v.latitude,
  v.longitude, v.image_url, v.rating, v.review_count, v.phone_number, v.website, v.hours, v.opening_hours,
  v.detected_vibes, v.vibe_scores, v.likely_vibes, v.source, v.attribution, v.member_rating_sum, v.member_review_count`;

/** A venue as stored, without the columns that depend on the caller. */
export type StoredVenue = Omit<VenueRow, "meters" | "is_favorite">;

/** `now`: the instant its opening hours are read at (ctx.clock()). */
export function presentVenue(row: VenueRow, now: Date, matchScore: number | null = null): Venue {
  return presentStoredVenue(row, row.meters, !!row.is_favorite, matchScore, now);
}

/** The Venue of the API from a stored venue and what depends on the caller. */
export function presentStoredVenue(
  row: StoredVenue,
  meters: number | null | undefined,
  isFavorite: boolean,
  matchScore: number | null,
  now: Date,
): Venue {
  const rated = ratingOf(row);
  return {
    id: row.id,
    externalId: row.external_id,
    name: row.name,
    category: row.category,
    description: row.description,
    address: row.address,
    latitude: row.latitude,
    longitude: row.longitude,
    imageUrl: row.image_url,
    rating: rated.rating,
    reviewCount: rated.reviewCount,
    ratingSource: rated.ratingSource,
    distance: meters === null || meters === undefined ? null : metersToMilesString(meters),
    phoneNumber: row.phone_number,
    website: row.website,
    detectedVibes: row.detected_vibes ?? [],
    vibeScores: row.vibe_scores ?? {},
    latestUpdate: null,
    isFavorite,
    matchScore,
    openStatus: openStatus(row.opening_hours, now),
    source: row.source,
    attribution: row.attribution,
  };
}

/**
 * A stored venue's fields that do not depend on a request, as JSON bytes left open for those:
 * presentStoredVenue's fields in its order without distance, latestUpdate, isFavorite, matchScore
 * and openStatus, then `,"distance":"` (venues/service.ts matchedJson writes the rest). The
 * catalog's store writes the same bytes from its columns (catalog-store.ts headJson). `now`: the
 * request's clock (the open status is made and left out: hours.ts keeps one minute's statuses,
 * which another minute would clear).
 */
export function storedVenueHead(row: StoredVenue, now: Date): Buffer {
  const {
    distance: _d,
    isFavorite: _f,
    matchScore: _s,
    latestUpdate: _l,
    openStatus: _o,
    ...rest
  } = presentStoredVenue(row, null, false, null, now);
  return Buffer.from(`${JSON.stringify(rest).slice(0, -1)},"distance":"`);
}

/** Display names of the sources a venue row can name in `source`. */
const SOURCE_NAMES: Record<string, string> = { google: "Google", osm: "OpenStreetMap", datasf: "DataSF" };

/**
 * Who rated the venue, or null when nothing did. Only Google gives ratings today (OpenStreetMap
 * and the permit list have none); a merged venue keeps its `source` as OpenStreetMap but carries
 * Google's attribution line, which names the rating's source.
 */
export function ratingSource(row: Pick<VenueColumns, "rating" | "attribution"> & { source: string }): string | null {
  if (typeof row.rating !== "number" || !Number.isFinite(row.rating)) return null;
  if (row.source === "google" || row.attribution.includes(GOOGLE_ATTRIBUTION)) return "Google";
  return SOURCE_NAMES[row.source] ?? row.source;
}

/** The venue's rating from its provider's and VIBE's people's ratings (venues/ratings.ts). */
export function ratingOf(
  row: Pick<
    StoredVenue,
    "rating" | "review_count" | "attribution" | "source" | "member_rating_sum" | "member_review_count"
  >,
) {
  const source = ratingSource(row);
  return venueRating(source ? { source, rating: row.rating, reviewCount: row.review_count } : null, {
    sum: Number(row.member_rating_sum ?? 0),
    count: Number(row.member_review_count ?? 0),
  });
}

export interface RadiusSearch {
  latitude: number;
  longitude: number;
  radiusMeters: number;
  /** Only venues whose detected vibes include at least one of these. */
  vibes?: readonly string[];
  /** Venues that count as having one of `vibes` for now (an owner's live music: catalog.ts CatalogSearch.claimed). */
  claimed?: readonly number[];
  category?: string;
  /** Case- and accent-insensitive text over name, category, description and vibes. */
  search?: string;
  /** Only venues whose opening hours say they are open at this instant (read in JS: see venuesWithin). */
  openAt?: Date;
  /** Only venues open after midnight of the night of this instant (read in JS likewise). */
  openLateAt?: Date;
  limit: number;
  /** Of the first `limit`, the first `skip` are not answered (catalog.ts CatalogSearch.skip; venueHitsNear). */
  skip?: number;
}

/** With the "Open now" filter, venuesWithin reads this many times `limit` rows with hours, then keeps the open ones. */
const OPEN_NOW_OVERREAD = 4;

/** The WHERE of a radius search ($1 latitude, $2 longitude, $3 meters; the filters follow in `params`). */
function radiusWhere(q: Omit<RadiusSearch, "limit"> & { hasHours?: boolean }, params: unknown[]): string {
  const where: string[] = [
    "earth_box(ll_to_earth($1, $2), $3) @> v.earth",
    "earth_distance(v.earth, ll_to_earth($1, $2)) <= $3",
  ];
  if (q.vibes?.length) {
    params.push(q.vibes);
    const detected = `v.detected_vibes && $${params.length}::text[]`;
    if (q.claimed?.length) {
      params.push(q.claimed);
      where.push(`(${detected} OR v.id = ANY($${params.length}::int[]))`);
    } else where.push(detected);
  }
  if (q.category) {
    params.push(q.category);
    where.push(`v.category = $${params.length}`);
  }
  if (q.hasHours) where.push("v.opening_hours IS NOT NULL");
  if (q.search) {
    params.push(likeContains(q.search));
    where.push(
      `unaccent(lower(v.name || ' ' || v.category || ' ' || coalesce(v.description, '') || ' ' ||
                       array_to_string(v.detected_vibes, ' ')))
        LIKE unaccent($${params.length}) ESCAPE '\\'`,
    );
  }
  return where.join("\n        AND ");
}

/**
 * How many venues venuesWithin would find without a limit (a list's total, page after page). With
 * an opening-hours filter (read in JS) the rows with hours are read and the open ones counted.
 */
export async function countWithin(db: Db, q: Omit<RadiusSearch, "limit"> & { hasHours?: boolean }): Promise<number> {
  if (q.openAt || q.openLateAt) {
    const withHours = await countWithin(db, { ...q, openAt: undefined, openLateAt: undefined, hasHours: true });
    if (!withHours) return 0;
    return (await venuesWithin(db, { ...q, limit: Math.ceil(withHours / OPEN_NOW_OVERREAD) + 1 })).length;
  }
  const params: unknown[] = [q.latitude, q.longitude, q.radiusMeters];
  const where = radiusWhere(q, params);
  const rows = await db.query<{ n: number | string }>(`SELECT count(*) AS n FROM venues v WHERE ${where}`, params);
  return Number(rows[0]?.n ?? 0);
}

/**
 * Venues inside a circle, nearest first (is_favorite is left false: loadVenueState tells). The GiST
 * index on the stored earth point drives it: earth_box is the indexed pre-filter, `<->` walks the
 * index nearest-first (KNN) so only the nearest rows are read, and earth_distance trims the box's
 * corners to the true circle.
 *
 * PostgreSQL cannot estimate how many rows a cube containment matches (it guesses ~0.1%), so in a
 * dense area it would rather fetch the whole box and sort it: 280 ms instead of 7 ms at 100,000
 * venues. Turning sorts off for this one statement leaves it the index walk.
 */
export async function venuesWithin(db: Db, q: RadiusSearch & { hasHours?: boolean }): Promise<VenueRow[]> {
  if (q.openAt || q.openLateAt) {
    // Opening hours are OSM syntax, read by the library, not by SQL: the nearest rows that have
    // hours are read, and those open at the time kept.
    const { openAt, openLateAt } = q;
    const rows = await venuesWithin(db, {
      ...q,
      openAt: undefined,
      openLateAt: undefined,
      hasHours: true,
      limit: q.limit * OPEN_NOW_OVERREAD,
    });
    return rows
      .filter(
        (r) =>
          (!openAt || isOpenAt(r.opening_hours, openAt)) && (!openLateAt || isOpenLate(r.opening_hours, openLateAt)),
      )
      .slice(0, q.limit);
  }
  const params: unknown[] = [q.latitude, q.longitude, q.radiusMeters, q.limit];
  const where = radiusWhere(q, params);
  const sql = `SELECT ${VENUE_COLUMNS},
            earth_distance(v.earth, ll_to_earth($1, $2)) AS meters,
            false AS is_favorite
       FROM venues v
      WHERE ${where}
      ORDER BY v.earth <-> ll_to_earth($1, $2)
      LIMIT $4`;
  return db.transaction(async (tx) => {
    await tx.query("SET LOCAL enable_sort = off");
    return tx.query<VenueRow>(sql, params);
  });
}

/**
 * The OpenStreetMap tags (yes or only) that say a venue serves a diet of the preferences
 * (DIETARY_OPTIONS): a vegan place serves vegetarians and the dairy-free too.
 */
export const DIET_TAGS: Readonly<Record<string, readonly string[]>> = {
  Vegan: ["diet:vegan"],
  Vegetarian: ["diet:vegetarian", "diet:vegan"],
  "Gluten-Free": ["diet:gluten_free"],
  "Dairy-Free": ["diet:lactose_free", "diet:dairy_free", "diet:vegan"],
  "Nut-Free": ["diet:nut_free"],
  Halal: ["diet:halal"],
  Kosher: ["diet:kosher"],
};

/**
 * The nearest venues of a circle whose OpenStreetMap tags say they serve one of `diets` (DIET_TAGS),
 * each with the diets it serves (`diets`).
 */
export async function venuesServingDiets(
  db: Queryable,
  q: Pick<RadiusSearch, "latitude" | "longitude" | "radiusMeters" | "limit">,
  diets: readonly string[],
): Promise<(VenueRow & { diets: string[] })[]> {
  const pairs = diets.flatMap((d) => (DIET_TAGS[d] ?? []).map((key) => [d, key] as const));
  if (!pairs.length) return [];
  return db.query<VenueRow & { diets: string[] }>(
    `WITH wanted AS (SELECT * FROM unnest($5::text[], $6::text[]) AS w(diet, key))
     SELECT ${VENUE_COLUMNS}, earth_distance(v.earth, ll_to_earth($1, $2)) AS meters, false AS is_favorite,
            ARRAY(SELECT DISTINCT w.diet FROM wanted w, venue_sources s
                   WHERE s.venue_id = v.id AND s.source = 'osm'
                     AND lower(s.data->'tags'->>w.key) IN ('yes', 'only')) AS diets
       FROM venues v
      WHERE earth_box(ll_to_earth($1, $2), $3) @> v.earth
        AND earth_distance(v.earth, ll_to_earth($1, $2)) <= $3
        AND EXISTS (SELECT 1 FROM wanted w, venue_sources s
                     WHERE s.venue_id = v.id AND s.source = 'osm'
                       AND lower(s.data->'tags'->>w.key) IN ('yes', 'only'))
      ORDER BY v.earth <-> ll_to_earth($1, $2)
      LIMIT $4`,
    [q.latitude, q.longitude, q.radiusMeters, q.limit, pairs.map((p) => p[0]), pairs.map((p) => p[1])],
  );
}

/** A venue with the evidence for its vibes (what its details need), or null. */
export async function venueByExternalId(db: Queryable, externalId: string) {
  const rows = await db.query<VenueRow & { vibe_evidence: Record<string, VibeEvidence[]> | null }>(
    `SELECT ${VENUE_COLUMNS}, v.vibe_evidence, NULL::float8 AS meters, false AS is_favorite FROM venues v ` +
      "WHERE v.external_id = $1",
    [externalId],
  );
  return rows[0] ?? null;
}

/**
 * The details of a venue. `reviews`: VIBE's people's (as `viewer` may see them: blocks either way
 * hide them) and the provider's, newest first, each with its source.
 */
export async function venueDetails(
  db: Queryable,
  venue: NonNullable<Awaited<ReturnType<typeof venueByExternalId>>>,
  viewer: ReviewViewer,
  /** the instant its opening hours are read at (ctx.clock()) */
  now: Date,
): Promise<VenueDetails> {
  const [reviews, photos, osm] = await Promise.all([
    venueReviewList(db, venue, viewer),
    db.query<{ url: string; attribution: string | null }>(
      "SELECT url, attribution FROM venue_photos WHERE venue_id = $1 ORDER BY id LIMIT 30",
      [venue.id],
    ),
    db.query<{ data: { tags?: Record<string, string> } }>(
      "SELECT data FROM venue_sources WHERE venue_id = $1 AND source = 'osm' ORDER BY external_id LIMIT 1",
      [venue.id],
    ),
  ]);
  // OSM hours are read for this week (holidays included); other sources' lines are shown as given
  const week = weekHours(venue.opening_hours, now);
  // Venues scored by a sync keep their evidence; the seed's prior is explained on the spot.
  const evidence = venue.vibe_evidence;
  const permits = permitCodes(permitsFor(venue));
  const vibeEvidence =
    evidence && Object.keys(evidence).length
      ? evidence
      : blendVibes({ category: venue.category, name: venue.name, permits }).evidence;
  return {
    description: venue.description,
    address: venue.address,
    hours: week.length ? week : (venue.hours ?? []),
    openStatus: openStatus(venue.opening_hours, now),
    features: osmFeatures(osm[0]?.data?.tags ?? {}),
    permits: permitLines(permits),
    phone: venue.phone_number,
    website: venue.website,
    reviews,
    ratings: ratingOf(venue).parts,
    photos,
    attribution: venue.attribution,
    vibeEvidence: Object.fromEntries(
      Object.entries(vibeEvidence).filter(([vibe]) => (venue.vibe_scores[vibe] ?? 0) > 0),
    ),
  };
}

/** Provider reviews (venue_reviews, a sync's) with their source's display name. */
async function providerReviews(db: Queryable, venue: Pick<StoredVenue, "id">): Promise<ReviewItem[]> {
  const rows = await db.query<{
    source: string;
    author: string;
    rating: number | null;
    text: string;
    time: Date | null;
  }>(
    "SELECT source, author, rating, text, time FROM venue_reviews WHERE venue_id = $1 " +
      "ORDER BY time DESC NULLS LAST, id LIMIT 50",
    [venue.id],
  );
  return rows.map((r) => ({
    author: r.author,
    rating: r.rating,
    text: r.text,
    time: r.time ? new Date(r.time).toISOString() : null,
    source: SOURCE_NAMES[r.source] ?? r.source,
    id: null,
    mine: false,
  }));
}

/** VIBE's people's reviews and the provider's, newest first (undated last), at most 100. */
export async function venueReviewList(db: Queryable, venue: Pick<StoredVenue, "id">, viewer: ReviewViewer) {
  const [members, providers] = await Promise.all([memberReviewsOf(db, venue.id, viewer), providerReviews(db, venue)]);
  const time = (r: ReviewItem) => (r.time ? Date.parse(r.time) : Number.NEGATIVE_INFINITY);
  return [...members, ...providers].sort((a, b) => time(b) - time(a)).slice(0, 100);
}

/** The caller's saved venues, newest first, with distance when their position is known. */
export async function favoriteVenues(
  db: Queryable,
  userId: string,
  at?: { latitude: number; longitude: number },
): Promise<VenueRow[]> {
  return db.query<VenueRow>(
    `SELECT ${VENUE_COLUMNS},
            CASE WHEN $2::float8 IS NULL OR $3::float8 IS NULL THEN NULL
                 ELSE earth_distance(ll_to_earth(v.latitude, v.longitude), ll_to_earth($2::float8, $3::float8))
                   END AS meters,
            true AS is_favorite
       FROM favorites f JOIN venues v ON v.id = f.venue_id
      WHERE f.user_id = $1
      ORDER BY f.created_at DESC, v.id
      LIMIT 500`,
    [userId, at?.latitude ?? null, at?.longitude ?? null],
  );
}

// One statement: the favourite taken back if it was there, added otherwise (only for a venue that
// exists). $1: the person, $2: the venue.
const TOGGLE_FAVORITE_SQL = `WITH removed AS (
     DELETE FROM favorites WHERE user_id = $1 AND venue_id = $2 RETURNING venue_id),
   added AS (
     INSERT INTO favorites (user_id, venue_id) SELECT $1, id FROM venues WHERE id = $2
       AND NOT EXISTS (SELECT 1 FROM removed)
     ON CONFLICT DO NOTHING RETURNING venue_id)
   SELECT EXISTS (SELECT 1 FROM removed) AS removed, EXISTS (SELECT 1 FROM added) AS added,
          EXISTS (SELECT 1 FROM venues WHERE id = $2) AS venue`;
const TOGGLE_TRIES = 8;

/**
 * Adds or removes a favourite; answers the new state, or null when the venue does not exist.
 * Toggles at once (PostgreSQL, READ COMMITTED) may all see no favourite; one adds it and the
 * others' inserts find it and change nothing (six at once all answered `favorited: true`). A
 * toggle that changed nothing runs again on a snapshot that sees the other's change, so every
 * answer is what its own statement did, as if the toggles had come one after the other.
 */
export async function toggleFavorite(db: Queryable, userId: string, venueId: number): Promise<boolean | null> {
  if (venueId > MAX_INT4) return null;
  for (let attempt = 1; ; attempt++) {
    const [row] = await db.query<{ removed: boolean; added: boolean; venue: boolean }>(TOGGLE_FAVORITE_SQL, [
      userId,
      venueId,
    ]);
    if (row.removed) return false;
    if (row.added) return true;
    if (!row.venue) return null;
    if (attempt >= TOGGLE_TRIES) return true; // still there after every try: it is a favourite
  }
}

/** The person's latest vibe selection (empty when they have none). */
export async function latestVibes(db: Queryable, userId: string): Promise<string[]> {
  const rows = await db.query<{ vibes: string[] }>(
    "SELECT vibes FROM vibe_selections WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT 1",
    [userId],
  );
  return rows[0]?.vibes ?? [];
}

export async function insertVibeSelection(
  db: Queryable,
  userId: string,
  vibes: readonly string[],
  isPrivate: boolean,
): Promise<void> {
  await db.query("INSERT INTO vibe_selections (user_id, vibes, is_private) VALUES ($1, $2::text[], $3)", [
    userId,
    vibes,
    isPrivate,
  ]);
}
