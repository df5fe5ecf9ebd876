import { readFileSync } from "node:fs";
import type { Queryable } from "../src/server/db/client";
import { OSM_CENTRAL_URL } from "../src/server/venues/seed-osm";

/** First words of generated names: neighbourhoods, streets and the like of the Bay Area. */
const PLACES = (
  "Mission,Harbor,Valencia,Fillmore,Sunset,Marina,Presidio,Ocean,Bayview,Castro,Dolores,Telegraph," +
  "Lakeshore,Alameda,Redwood,Cedar,Juniper,Willow,Oak Street,Pine Street,North Beach,Hayes Valley," +
  "Noe,Potrero,Embarcadero,Ferry,Laurel,Union,Grand Avenue,Piedmont,College Avenue,Shattuck,Camino," +
  "Alma,University,Fog City,Golden Gate,Twin Peaks,Sea Cliff,Blue Door,Red Fox,Little Owl," +
  "Copper Kettle,Lantern,Anchor,Tidewater,Sparrow,Driftwood"
).split(",");
/** Second words by category: three of the eight cafe kinds say "Coffee" (a search for coffee finds ~9%). */
const KINDS: Record<string, string[]> = {
  Cafe: ["Coffee", "Coffee Roasters", "Coffee Bar", "Espresso", "Cafe", "Tea House", "Bakery", "Creamery"],
  Restaurant: [
    "Kitchen",
    "Bistro",
    "Taqueria",
    "Noodle House",
    "Grill",
    "Trattoria",
    "Sushi",
    "Diner",
    "Pizzeria",
    "Dumpling House",
  ],
  Bar: ["Wine Bar", "Tavern", "Taproom", "Lounge", "Pub", "Cocktail Bar", "Brewing Co.", "Saloon"],
  Club: ["Club", "Nightclub", "Dance Hall", "Social Club", "Disco", "Supper Club"],
};
const sqlArray = (words: string[]) => `ARRAY[${words.map((w) => `'${w.replace(/'/g, "''")}'`).join(", ")}]`;
/**
 * A venue's name as SQL over its number `g` and the seed ($3): "Mission Coffee", "Harbor Wine Bar".
 * The words are picked by a hash of the seed and the number, not by random(), so that the rest of a
 * generated venue (place, category, vibes) is what it was before venues had names (issue 29 item 3:
 * every name was "Bench <Category> <n>", and a text search found nothing).
 */
const NAME_SQL = (() => {
  const pick = (words: string[], salt: string) =>
    `(${sqlArray(words)})[1 + (abs(hashtext($3::text || '${salt}' || g)::bigint) % ${words.length})]`;
  const kinds = Object.entries(KINDS)
    .map(([category, words]) => `WHEN '${category}' THEN ${pick(words, ":kind:")}`)
    .join(" ");
  return `${pick(PLACES, ":place:")} || ' ' || CASE category ${kinds} END`;
})();

/**
 * A venue's opening hours as SQL over its number `g`, the seed ($3), the values ($4) and how many
 * venues in a thousand have any ($5): picked by a hash, as names are, so nothing else moves.
 */
const HOURS_SQL =
  "CASE WHEN abs(hashtext($3::text || ':open:' || g)::bigint) % 1000 < $5 " +
  "THEN ($4::text[])[1 + abs(hashtext($3::text || ':hours:' || g)::bigint) % greatest(1, cardinality($4::text[]))] " +
  "END";

/**
 * The real opening hours of the seed's OpenStreetMap file (data/seed, ODbL): its distinct values
 * and the share of its named venues that have any (about a quarter; almost every value is one
 * venue's own).
 */
function osmHours(): { values: string[]; perMille: number } {
  const { elements } = JSON.parse(readFileSync(OSM_CENTRAL_URL, "utf8")) as {
    elements: { tags?: Record<string, string> }[];
  };
  const named = elements.filter((e) => e.tags?.name);
  const all = named.flatMap((e) => (e.tags?.opening_hours ? [e.tags.opening_hours] : []));
  return { values: [...new Set(all)], perMille: Math.round((1000 * all.length) / named.length) };
}

/**
 * Fills `venues` with `count` synthetic venues spread over the San Francisco Bay Area, entirely in
 * SQL (fast on both databases). Deterministic for a given seed: 60% cluster around eight town
 * centres (normal-ish spread of ~3 km), 40% are uniform over the metro box. Category mix and vibe
 * scores follow the seed prior's category profiles with noise, so vibe filters select a realistic
 * share (Chill or Cozy: about half). Names are a place and a kind of venue ("Harbor Wine Bar"), so a
 * text search finds some: about 9% of venues have "Coffee" in their name. With `hours`, venues get
 * real opening hours (osmHours) in the seed file's share; without, none (as every run before).
 */
/** The dense city centre (issue 28): ~5 km north to south and east to west, around San Francisco's Civic Center. */
export const DENSE_AREA = { latitude: 37.7749, longitude: -122.4194, halfLat: 0.0225, halfLon: 0.0284 } as const;

/**
 * The generated metro box (latitude 37.25-38.05, longitude -122.6 to -121.7, clusters spilling a
 * little past it) squeezed into DENSE_AREA, its shape kept: the rows a sync of the same venues
 * into the area would leave (bench/match-dense.ts; match-catalog.ts BENCH_AREA=dense).
 */
export async function packIntoDenseArea(db: Queryable): Promise<void> {
  const a = DENSE_AREA;
  await db.query(
    `UPDATE venues SET
       latitude = $1 + greatest(-1, least(1, (latitude - 37.65) / 0.4)) * $3,
       longitude = $2 + greatest(-1, least(1, (longitude + 122.15) / 0.45)) * $4`,
    [a.latitude, a.longitude, a.halfLat, a.halfLon],
  );
}

/** A point of DENSE_AREA for `rand()` in [0, 1) twice: a request's centre there. */
export const denseAreaPoint = (rand: () => number) => ({
  latitude: DENSE_AREA.latitude + (rand() * 2 - 1) * DENSE_AREA.halfLat,
  longitude: DENSE_AREA.longitude + (rand() * 2 - 1) * DENSE_AREA.halfLon,
});

export async function generateVenues(
  db: Queryable,
  count: number,
  seed = 0.42,
  opts: { hours?: boolean } = {},
): Promise<void> {
  const hours = opts.hours ? osmHours() : null;
  await db.query("SELECT setseed($1)", [seed]);
  const batch = 100_000;
  for (let start = 1; start <= count; start += batch) {
    const end = Math.min(count, start + batch - 1);
    await db.query(
      `WITH centres(i, lat, lng) AS (VALUES
         (0, 37.7749, -122.4194), (1, 37.8044, -122.2712), (2, 37.8716, -122.2727), (3, 37.3382, -121.8863),
         (4, 37.5630, -122.3255), (5, 37.4419, -122.1430), (6, 37.6879, -122.4702), (7, 37.9735, -122.5311)),
       raw AS (
         SELECT g, random() AS r_kind, floor(random() * 8)::int AS c, random() AS r_cat,
                (random() + random() + random() - 1.5) AS n1, (random() + random() + random() - 1.5) AS n2,
                random() AS u1, random() AS u2
           FROM generate_series($1::int, $2::int) g),
       placed AS (
         SELECT g, r_cat,
                CASE WHEN r_kind < 0.6 THEN ce.lat + n1 * 0.035 ELSE 37.25 + u1 * 0.8 END AS lat,
                CASE WHEN r_kind < 0.6 THEN ce.lng + n2 * 0.045 ELSE -122.6 + u2 * 0.9 END AS lng
           FROM raw JOIN centres ce ON ce.i = raw.c),
       typed AS (
         SELECT g, lat, lng,
                CASE WHEN r_cat < 0.55 THEN 'Restaurant' WHEN r_cat < 0.80 THEN 'Cafe' WHEN r_cat < 0.97 THEN 'Bar'
                  ELSE 'Club' END AS category
           FROM placed),
       scored AS (
         SELECT g, lat, lng, category,
                least(1, greatest(0, CASE category WHEN 'Cafe' THEN 0.6 WHEN 'Bar' THEN 0.3 WHEN 'Restaurant' THEN 0.35
                  ELSE 0.05 END + (random() - 0.5) * 0.5)) AS chill,
                least(1, greatest(0, CASE category WHEN 'Cafe' THEN 0.55 WHEN 'Bar' THEN 0.2 WHEN 'Restaurant' THEN 0.3
                  ELSE 0.0 END + (random() - 0.5) * 0.5)) AS cozy,
                least(1, greatest(0, CASE category WHEN 'Cafe' THEN 0.3 WHEN 'Bar' THEN 0.6 WHEN 'Restaurant' THEN 0.45
                  ELSE 0.6 END + (random() - 0.5) * 0.5)) AS social,
                least(1, greatest(0, CASE category WHEN 'Cafe' THEN 0.1 WHEN 'Bar' THEN 0.4 WHEN 'Restaurant' THEN 0.15
                  ELSE 0.8 END + (random() - 0.5) * 0.5)) AS energetic,
                least(1, greatest(0, CASE category WHEN 'Cafe' THEN 0.05 WHEN 'Bar' THEN 0.35 WHEN 'Restaurant' THEN 0.1
                  ELSE 0.8 END + (random() - 0.5) * 0.5)) AS loud,
                least(1, greatest(0, CASE category WHEN 'Cafe' THEN 0.45 WHEN 'Bar' THEN 0.05 WHEN 'Restaurant' THEN 0.2
                  ELSE 0.0 END + (random() - 0.5) * 0.5)) AS quiet,
                least(1, greatest(0, CASE category WHEN 'Cafe' THEN 0.18 WHEN 'Bar' THEN 0.15 WHEN 'Restaurant' THEN 0.3
                  ELSE 0.2 END + (random() - 0.5) * 0.5)) AS romantic
           FROM typed)
       INSERT INTO venues (external_id, name, category, address, latitude, longitude, detected_vibes, vibe_scores,
         source, attribution, opening_hours)
       SELECT 'bench:' || g, ${NAME_SQL}, category, g || ' Bench St', lat, lng,
              array_remove(ARRAY[
                CASE WHEN chill >= 0.4 THEN 'Chill' END, CASE WHEN cozy >= 0.4 THEN 'Cozy' END,
                CASE WHEN social >= 0.4 THEN 'Social' END, CASE WHEN energetic >= 0.4 THEN 'Energetic' END,
                CASE WHEN loud >= 0.4 THEN 'Loud' END, CASE WHEN quiet >= 0.4 THEN 'Quiet' END,
                CASE WHEN romantic >= 0.4 THEN 'Romantic' END], NULL),
              jsonb_build_object('Chill', round(chill::numeric, 2), 'Cozy', round(cozy::numeric, 2),
                'Social', round(social::numeric, 2), 'Energetic', round(energetic::numeric, 2),
                'Loud', round(loud::numeric, 2), 'Quiet', round(quiet::numeric, 2),
                'Romantic', round(romantic::numeric, 2)),
              'bench', 'synthetic benchmark data', ${HOURS_SQL}
         FROM scored`,
      [start, end, seed, hours?.values ?? [], hours?.perMille ?? 0],
    );
  }
  await db.query("ANALYZE venues");
}
