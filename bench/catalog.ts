/**
 * Microbenchmark of the in-memory venue catalog's radius search (src/server/venues/catalog.ts) as
 * the load mix calls it: the 2,931 seed venues, centres near random venues, the client's default
 * 10 miles, one vibe (70%) or two, the 200 nearest candidates. No server, no network: searches
 * in a row in this process, seven rounds of BENCH_SEARCHES, the median round reported.
 *
 *   npx tsx bench/catalog.ts
 *
 * Options: BENCH_SEARCHES=5000 BENCH_RADIUS_KM=16.0934 BENCH_LIMIT=200
 * BENCH_SMOKE=1: 50 searches a round (bench/smoke.ts).
 */
import { ALL_VIBES } from "@shared/vocabulary";
import { createChangeFeed } from "../src/server/db/changes";
import { openMigratedPglite } from "./bench-db";
import { seedVenues } from "../src/server/venues/seed";
import { createVenueCatalog, type CatalogSearch } from "../src/server/venues/catalog";
import { option } from "./smoke";
import { printHeader } from "./header";

const searches = option("BENCH_SEARCHES", 5000, 50);
const radiusKm = Number(process.env.BENCH_RADIUS_KM ?? 16.0934);
const limit = Number(process.env.BENCH_LIMIT ?? 200);
printHeader(import.meta.url, { radiusKm, limit, data: "the seed (seedVenues) on PGlite" });

const db = await openMigratedPglite();
await seedVenues(db);
const changes = await createChangeFeed(db);
const catalog = await createVenueCatalog(db, changes);
const venues = await db.query<{ latitude: number; longitude: number }>("SELECT latitude, longitude FROM venues");

let state = 12345;
const rand = () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const pick = <T>(a: readonly T[]) => a[Math.floor(rand() * a.length)];
const queries = Array.from({ length: searches }, (): CatalogSearch => {
  const v = pick(venues);
  return {
    latitude: v.latitude + (rand() - 0.5) * 0.01,
    longitude: v.longitude + (rand() - 0.5) * 0.01,
    radiusMeters: radiusKm * 1000,
    vibes: rand() < 0.7 ? [pick(ALL_VIBES)] : [pick(ALL_VIBES), pick(ALL_VIBES)],
    limit,
  };
});

let hits = 0;
for (const q of queries) hits += (await catalog.within(q)).length; // warm up (JIT)
const rounds: number[] = [];
for (let r = 0; r < 7; r++) {
  const t = performance.now();
  for (const q of queries) await catalog.within(q);
  rounds.push(((performance.now() - t) * 1000) / queries.length);
}
rounds.sort((a, b) => a - b);
if (!hits) throw new Error("no search found a venue: the bench no longer measures a search");
console.log(
  `${venues.length} venues, ${searches} searches of ${radiusKm} km, limit ${limit}: ` +
    `median ${rounds[3].toFixed(1)} µs per search (fastest round ${rounds[0].toFixed(1)}, ` +
    `slowest ${rounds[6].toFixed(1)}), ${(hits / searches).toFixed(1)} hits on average`,
);
await catalog.close();
await changes.close();
await db.close();
