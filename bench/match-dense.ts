/**
 * The dense city centre (issue 28): BENCH_SIZE venues (100,000) packed into one area of ~5 km
 * around San Francisco's centre, then GET /api/health and GET /api/venues/match-public (Chill,Cozy,
 * 16 km: every venue of the area is in the circle), each loaded alone with BENCH_CONNECTIONS (16)
 * connections, through the real server over loopback HTTP. Reports both,
 * and the match's share of health's throughput (the issue's goal: match p99 <= 20 ms with at least
 * a fifth of health's requests/s).
 *
 * The venues come from bench/generate-venues.ts (its category and vibe mix), moved into the area
 * by one UPDATE before the server starts: the rows a sync of the same venues would leave (the
 * sync's own speed is bench/sync.ts's).
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/match-dense.ts
 *
 * Options: BENCH_SIZE=100000 BENCH_CONNECTIONS=16 BENCH_SECONDS=15 BENCH_DBS=postgres (or pglite)
 * BENCH_LIMIT=<venues a page>: the page each match asks (limit); without it none is asked and the route
 * answers its most, 100 (MAX_VENUE_RESULTS), as the client asked when issue 28 measured this case.
 * BENCH_SMOKE=1: 2,000 venues, 1 s (bench/smoke.ts).
 */
import { startBenchApp } from "./bench-app";
import { openBenchDb } from "./bench-db";
import { denseAreaPoint, generateVenues, packIntoDenseArea } from "./generate-venues";
import { printHeader } from "./header";
import { fmt, holdLoad } from "./load";
import { listOption, okJson, option } from "./smoke";

const size = option("BENCH_SIZE", 100_000, 2_000);
const connections = option("BENCH_CONNECTIONS", 16, 2);
const seconds = option("BENCH_SECONDS", 15, 1);
/** 0: no limit asked (the route's 100), as when the issue measured the case; else the page asked. */
const limit = option("BENCH_LIMIT", 0, 0);
const pgUrl = process.env.BENCH_DATABASE_URL;
const dbs = listOption("BENCH_DBS", pgUrl ? "postgres" : "pglite", pgUrl ? "postgres" : "pglite");
printHeader(import.meta.url, { databases: dbs.join(",") });

let state = 12345;
const rand = () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const matchPath = () => {
  const { latitude, longitude } = denseAreaPoint(rand);
  const at = `latitude=${latitude.toFixed(4)}&longitude=${longitude.toFixed(4)}`;
  return `/api/venues/match-public?${at}&radius=16&vibes=Chill,Cozy${limit ? `&limit=${limit}` : ""}`;
};

const lines: string[] = [];
for (const kind of dbs) {
  const { db, drop } = await openBenchDb(kind, "dense", pgUrl);
  await generateVenues(db, size);
  await packIntoDenseArea(db);
  const { app, base } = await startBenchApp(db);
  const sample = await fetch(base + matchPath());
  const venues = await okJson<unknown[]>(sample, "a sample match");
  console.log(
    `${kind}: ${size.toLocaleString()} venues in ~5 x 5 km; a sample answer has ${venues.length} venues of ` +
      `${sample.headers.get("x-total-count")} (x-total-count)`,
  );
  await holdLoad(base, matchPath, { concurrency: 4, seconds: Math.min(3, seconds) }); // warm up
  // one after the other, each alone on the server: health's figure is what the server answers
  // when a request costs almost nothing, the yardstick the issue measures a match against
  const health = await holdLoad(base, () => "/api/health", { concurrency: connections, seconds });
  const match = await holdLoad(base, matchPath, { concurrency: connections, seconds });
  for (const [name, r] of [
    ["match-public", match],
    ["health", health],
  ] as const) {
    const line = `${kind.padEnd(8)} ${name.padEnd(12)} ${connections} connections  ${fmt(r)}`;
    console.log(line);
    lines.push(line);
  }
  const percent = ((100 * match.rps) / health.rps).toFixed(0);
  const share = `${kind.padEnd(8)} match-public answered ${percent}% of health's requests/s`;
  console.log(share);
  lines.push(share);
  await app.close();
  await drop();
}
console.log(`\nSummary\n${lines.join("\n")}`);
