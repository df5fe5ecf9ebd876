/**
 * What the venue catalog (src/server/venues/catalog.ts) costs in memory per venue, and what a
 * match costs in time, at 100,000 and 1,000,000 generated venues (bench/generate-venues.ts).
 *
 * Memory: the JS heap (heapUsed) plus the memory of typed arrays and buffers (arrayBuffers),
 * after a full garbage collection, before and after the catalog is built; the difference divided
 * by the venues. The database is PostgreSQL (BENCH_DATABASE_URL) by default: PGlite's own memory is
 * an ArrayBuffer of this process that grows while the catalog reads, which would be counted too.
 *
 * Time: GET /api/venues/match-public?radius=16&vibes=Chill,Cozy (the match of bench/match-public.ts)
 * through the real server over loopback HTTP, one request at a time at random centres of the
 * metro area, BENCH_REQUESTS of them after 20 to warm up: median and p95 of the time to the answer,
 * and of the CPU time this process (server and client) spent on each (on a shared, busy machine
 * the wall time mostly measures the other processes; the CPU time much less so).
 *
 *   node --expose-gc --import tsx bench/readmodel-memory.ts
 *
 * Options: BENCH_SIZES=100000,1000000  BENCH_REQUESTS=300  BENCH_DB=postgres|pglite  (smoke: 2,000 venues,
 *   5 requests; BENCH_SMOKE=1 or --smoke)
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test
 */
import { loadavg } from "node:os";
import { createChangeFeed } from "../src/server/db/changes";
import { createVenueCatalog } from "../src/server/venues/catalog";
import { startBenchApp } from "./bench-app";
import { openBenchDb } from "./bench-db";
import { generateVenues } from "./generate-venues";
import { listOption, option, SMOKE } from "./smoke";
import { printHeader } from "./header";

const sizes = listOption("BENCH_SIZES", "100000,1000000", "2000").map(Number);
const requests = option("BENCH_REQUESTS", 300, 5);
const warmUp = SMOKE ? 2 : 20;
const pgUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const kind = process.env.BENCH_DB ?? "postgres";
printHeader(import.meta.url, { database: kind });
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error("run with node --expose-gc --import tsx bench/readmodel-memory.ts");

const used = () => {
  for (let i = 0; i < 3; i++) gc();
  const m = process.memoryUsage();
  return { heap: m.heapUsed, buffers: m.arrayBuffers };
};

let state = 12345;
const rand = () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const centre = () => `latitude=${(37.35 + rand() * 0.6).toFixed(4)}&longitude=${(-122.5 + rand() * 0.6).toFixed(4)}`;

const lines: string[] = [];
for (const size of sizes) {
  const { db, drop } = await openBenchDb(kind, "readmodel", pgUrl);
  await generateVenues(db, size);
  const changes = await createChangeFeed(db);
  const before = used();
  let t = performance.now();
  const readCpu = process.cpuUsage();
  const catalog = await createVenueCatalog(db, changes);
  const loadMs = performance.now() - t;
  const readSpent = process.cpuUsage(readCpu);
  const readCpuS = (readSpent.user + readSpent.system) / 1e6;
  // a first search packs the grid cells (their flat arrays are part of what the catalog holds)
  await catalog.within({ latitude: 37.7, longitude: -122.3, radiusMeters: 1e7, limit: 1 });
  const after = used();
  const heap = (after.heap - before.heap) / size;
  const buffers = (after.buffers - before.buffers) / size;
  const memLine =
    `${kind} ${size.toLocaleString().padStart(9)} venues: catalog ${(heap + buffers).toFixed(0)} bytes per venue ` +
    `(heap ${heap.toFixed(0)}, typed arrays ${buffers.toFixed(0)}); ` +
    `${((after.heap + after.buffers - before.heap - before.buffers) / 2 ** 20).toFixed(0)} MiB; ` +
    `read in ${(loadMs / 1000).toFixed(1)} s (${readCpuS.toFixed(1)} s of CPU)`;
  console.log(memLine);
  lines.push(memLine);
  await catalog.close();

  const { app, base } = await startBenchApp(db);
  const times: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < requests + warmUp; i++) {
    t = performance.now();
    const c = process.cpuUsage();
    const res = await fetch(`${base}/api/venues/match-public?${centre()}&radius=16&vibes=Chill,Cozy`);
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`match-public answered ${res.status}`);
    const spent = process.cpuUsage(c);
    if (i >= warmUp) {
      times.push(performance.now() - t);
      cpu.push((spent.user + spent.system) / 1000);
    }
  }
  const at = (xs: number[], p: number) => xs.sort((a, b) => a - b)[Math.floor(p * (xs.length - 1))].toFixed(2);
  const timeLine =
    `${kind} ${size.toLocaleString().padStart(9)} venues: match Chill,Cozy 16 km median ${at(times, 0.5)} ms ` +
    `p95 ${at(times, 0.95)} ms; ` +
    `CPU time of this process per request median ${at(cpu, 0.5)} ms p95 ${at(cpu, 0.95)} ms ` +
    `(${requests} requests, load average ${loadavg()[0].toFixed(1)})`;
  console.log(timeLine);
  lines.push(timeLine);
  await app.close();
  await changes.close();
  t = performance.now();
  await drop();
}
console.log(`\nSummary\n${lines.join("\n")}`);
