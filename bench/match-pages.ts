/**
 * Cost of issue 17's pages and totals: GET /api/venues/match-public at 100,000 generated venues
 * (PGlite), in-process over loopback HTTP, one request at a time. Each case is the median of
 * BENCH_REQUESTS requests at random centres of the generated metro area. The same script runs on
 * the code before the change (which ignores `offset`): compare the two outputs.
 *
 * Each line also says how many venues the case found (X-Total-Count: least-most, median): the
 * text-search case finds the generated venues with "coffee" in their name (bench/generate-venues.ts).
 *
 *   npx tsx bench/match-pages.ts            # BENCH_SIZE=100000 BENCH_REQUESTS=200
 *   BENCH_SMOKE=1: 2,000 venues, 5 requests per case (bench/smoke.ts).
 */
import { startBenchApp } from "./bench-app";
import { openBenchDb } from "./bench-db";
import { generateVenues } from "./generate-venues";
import { printHeader } from "./header";
import { option } from "./smoke";

const size = option("BENCH_SIZE", 100_000, 2_000);
const requests = option("BENCH_REQUESTS", 200, 5);
printHeader(import.meta.url, { database: "pglite" });

let state = 12345;
const rand = () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const centre = () => `latitude=${(37.35 + rand() * 0.6).toFixed(4)}&longitude=${(-122.5 + rand() * 0.6).toFixed(4)}`;

const CASES: [string, string][] = [
  ["no vibe, 16 km, first page", "radius=16&vibes=all"],
  ["no vibe, 161 km, first page", "radius=160.934&vibes=all"],
  ["Chill,Cozy, 16 km, first page", "radius=16&vibes=Chill,Cozy"],
  ["Chill,Cozy, 16 km, offset 400", "radius=16&vibes=Chill,Cozy&offset=400"],
  ["Chill,Cozy, 161 km, first page", "radius=160.934&vibes=Chill,Cozy"],
  ["Chill,Cozy, 16 km, Best match", "radius=16&vibes=Chill,Cozy&sort=best"],
  ["Chill,Cozy, 161 km, Best match", "radius=160.934&vibes=Chill,Cozy&sort=best"],
  ["search 'coffee', 16 km", "radius=16&vibes=all&search=coffee"],
];

const { db, drop } = await openBenchDb("pglite", "pages");
await generateVenues(db, size);
const { app, base } = await startBenchApp(db);

for (const [name, query] of CASES) {
  const times: number[] = [];
  const totals: number[] = [];
  for (let i = 0; i < requests + 10; i++) {
    const t = performance.now();
    const res = await fetch(`${base}/api/venues/match-public?${centre()}&${query}`);
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${name}: ${res.status}`);
    if (i >= 10) times.push(performance.now() - t); // the first ten warm up
    if (i >= 10) totals.push(Number(res.headers.get("x-total-count")));
  }
  // a case that finds nothing times an empty answer (the text search did, issue 29 item 3)
  if (totals.every((n) => !(n > 0))) throw new Error(`${name}: no request found a venue`);
  times.sort((a, b) => a - b);
  totals.sort((a, b) => a - b);
  const at = (p: number) => times[Math.floor(p * (times.length - 1))].toFixed(2);
  // how many venues the case found (X-Total-Count) over the requests' random centres
  const found = `found ${totals[0]}-${totals[totals.length - 1]}, median ${totals[totals.length >> 1]}`;
  console.log(`${name.padEnd(32)} median ${at(0.5)} ms  p95 ${at(0.95)} ms  (${found})`);
}
await app.close();
await drop();
