/**
 * Seed time on a fresh PGlite, as on a first start (docs/seed-data.md, section 6): open an in-memory
 * PGlite, migrate (not timed), then time seedVenues(db) — reading the three files, parsing, writing
 * 2,224 OSM venues through the sync path and 975 permit venues — and a second start with the same
 * files (digest unchanged). BENCH_RUNS fresh databases (default 3); medians reported, wall time and
 * the process's CPU time (PGlite runs in the process, so on a busy machine CPU time is the fairer figure).
 *
 *   npx tsx bench/seed.ts            (results: bench/results/seed.txt)
 *   BENCH_SMOKE=1: one run (bench/smoke.ts).
 */
import { loadavg } from "node:os";
import { cpuUsage } from "node:process";
import { openMigratedPglite } from "./bench-db";
import { seedVenues } from "../src/server/venues/seed";
import { option } from "./smoke";
import { printHeader } from "./header";

const runs = option("BENCH_RUNS", 3, 1);
printHeader(import.meta.url);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const first: number[] = [];
const cpu: number[] = [];
const again: number[] = [];
let venues = 0;
for (let i = 0; i < runs; i++) {
  const db = await openMigratedPglite();
  let t = performance.now();
  const c = cpuUsage();
  const r = await seedVenues(db);
  first.push(performance.now() - t);
  const used = cpuUsage(c);
  cpu.push((used.user + used.system) / 1000);
  venues = r.total;
  t = performance.now();
  await seedVenues(db);
  again.push(performance.now() - t);
  await db.close();
}
const fmt = (xs: number[]) => xs.map((x) => Math.round(x)).join(", ");
console.log(
  `seedVenues on fresh in-memory PGlite, ${venues} venues, ${runs} runs (load average ${loadavg()[0].toFixed(1)})`,
);
console.log(`first start: median ${Math.round(median(first))} ms (runs: ${fmt(first)})`);
// CPU time of the process (PGlite runs in it): what the seed costs on an idle core, whatever else the machine does
console.log(`first start, CPU time: median ${Math.round(median(cpu))} ms (runs: ${fmt(cpu)})`);
console.log(`same files again: median ${Math.round(median(again))} ms (runs: ${fmt(again)})`);
