import type { Queryable } from "../db/client";
import { VENUE_COLUMNS, type VenueRow } from "../venues/queries";

/** The SQL of discover/: what the natural-language ranking reads besides the venues themselves. */

/** Every source record (OpenStreetMap tags, Google attributes) of the given venues. */
export function venueSources(db: Queryable, ids: readonly number[]) {
  return db.query<{ venue_id: number; source: string; data: Record<string, unknown> }>(
    "SELECT venue_id, source, data FROM venue_sources WHERE venue_id = ANY($1::int[])",
    [ids],
  );
}

/**
 * Each venue's searchable text (`doc`: name, description, its ten latest reviews; lower case, accents
 * stripped), its `name` and `body` (the rest) apart, and the mean pg_trgm word similarity of the search
 * terms to `doc` (0 without terms).
 */
export function venueTexts(db: Queryable, ids: readonly number[], searchTerms: readonly string[]) {
  return db.query<{ id: number; name: string; doc: string; body: string; sim: number }>(
    `SELECT v.id, m.name, n.doc, d.body,
                CASE WHEN cardinality($2::text[]) = 0 THEN 0
                     ELSE (SELECT avg(word_similarity(t, n.doc)) FROM unnest($2::text[]) t) END AS sim
           FROM venues v
           CROSS JOIN LATERAL (
             SELECT lower(unaccent(coalesce(v.description, '') || ' ' ||
                    coalesce((SELECT string_agg(r.text, ' ') FROM (SELECT text FROM venue_reviews WHERE venue_id = v.id
                      ORDER BY time DESC NULLS LAST LIMIT 10) r), ''))) AS body) d
           CROSS JOIN LATERAL (SELECT lower(unaccent(v.name)) AS name) m
           CROSS JOIN LATERAL (SELECT m.name || ' ' || d.body AS doc) n
          WHERE v.id = ANY($1::int[])`,
    [ids, searchTerms.map((t) => t.toLowerCase())],
  );
}

/** What featureCandidates looks for: OpenStreetMap tag rules, and word patterns (PostgreSQL syntax). */
export interface FeatureSearch {
  latitude: number;
  longitude: number;
  radiusMeters: number;
  /** A tag states a feature: its value matches `value` (case-insensitive), or without one is not no/none/false. */
  tags: { key: string; value?: string }[];
  /** Pattern over a name (lower case, accents stripped), or null. */
  name: string | null;
  /** Pattern over a description or a review (lower case, accents stripped). */
  text: string;
  limit: number;
}

/**
 * The nearest venues of a circle that show a sign of a feature (discover/attributes.ts
 * FEATURE_EVIDENCE): an OpenStreetMap tag that states it, a name or a description or review that
 * says it. The natural-language ranking then weighs each sign (attributeFit).
 */
export function featureCandidates(db: Queryable, q: FeatureSearch) {
  const params: unknown[] = [q.latitude, q.longitude, q.radiusMeters, q.limit, q.text];
  const tagTests = q.tags.map((t) => {
    params.push(t.key);
    const key = `$${params.length}`;
    if (t.value === undefined) return `lower(s.data->'tags'->>${key}) NOT IN ('no', 'none', 'false')`;
    params.push(t.value);
    return `(s.data->'tags'->>${key}) ~* $${params.length}`;
  });
  const signs = [
    "lower(unaccent(coalesce(v.description, ''))) ~ $5",
    "EXISTS (SELECT 1 FROM venue_reviews r WHERE r.venue_id = v.id AND lower(unaccent(r.text)) ~ $5)",
  ];
  if (q.name !== null) {
    params.push(q.name);
    signs.push(`lower(unaccent(v.name)) ~ $${params.length}`);
  }
  if (tagTests.length)
    signs.push(
      "EXISTS (SELECT 1 FROM venue_sources s WHERE s.venue_id = v.id AND s.source = 'osm' " +
        `AND (${tagTests.join(" OR ")}))`,
    );
  return db.query<VenueRow>(
    `SELECT ${VENUE_COLUMNS}, earth_distance(v.earth, ll_to_earth($1, $2)) AS meters, false AS is_favorite
       FROM venues v
      WHERE earth_box(ll_to_earth($1, $2), $3) @> v.earth
        AND earth_distance(v.earth, ll_to_earth($1, $2)) <= $3
        AND (${signs.join("\n         OR ")})
      ORDER BY v.earth <-> ll_to_earth($1, $2)
      LIMIT $4`,
    params,
  );
}
