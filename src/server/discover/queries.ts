import type { Queryable } from "../db/client";

/** The SQL of discover/: what the natural-language ranking reads besides the venues themselves. */

/** Every source record (OpenStreetMap tags, Google attributes) of the given venues. */
export function venueSources(db: Queryable, ids: readonly number[]) {
  return db.query<{ venue_id: number; source: string; data: Record<string, unknown> }>(
    "SELECT venue_id, source, data FROM venue_sources WHERE venue_id = ANY($1::int[])",
    [ids],
  );
}

/**
 * Each venue's searchable text (name, description, its ten latest reviews; lower case, accents
 * stripped) and the mean pg_trgm word similarity of the search terms to it (0 without terms).
 */
export function venueTexts(db: Queryable, ids: readonly number[], searchTerms: readonly string[]) {
  return db.query<{ id: number; doc: string; sim: number }>(
    `SELECT v.id, d.doc,
                CASE WHEN cardinality($2::text[]) = 0 THEN 0
                     ELSE (SELECT avg(word_similarity(t, d.doc)) FROM unnest($2::text[]) t) END AS sim
           FROM venues v
           CROSS JOIN LATERAL (
             SELECT lower(unaccent(v.name || ' ' || coalesce(v.description, '') || ' ' ||
                    coalesce((SELECT string_agg(r.text, ' ') FROM (SELECT text FROM venue_reviews WHERE venue_id = v.id
                      ORDER BY time DESC NULLS LAST LIMIT 10) r), ''))) AS doc) d
          WHERE v.id = ANY($1::int[])`,
    [ids, searchTerms.map((t) => t.toLowerCase())],
  );
}
