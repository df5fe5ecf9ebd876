/**
 * What 8 clients' latency of GET /api/venues/match-public is made of (issue 28): the same load
 * generator (bench/load.ts, in this process, as bench/match-public.ts runs it) against three servers
 * in turn, each answering the same bytes, one match page of 100 venues (~64 kB):
 *
 *   node:http   a bare Node server answering the page it keeps: the floor of the harness itself
 *               (loopback HTTP, 64 kB written and read, the load generator's own CPU).
 *   app, kept   the app (buildApp, as match-public.ts starts it) answering the kept page from a
 *               route added for this bench: Fastify and every hook of the app, no catalog.
 *   match       GET /api/venues/match-public itself: the route, the catalog's ranking and the page's JSON.
 *
 * The kept page is match-public's answer at one place of the venues read; each layer's requests
 * ask the places match-public.ts asks (the kept ones answer the same bytes to every place). Runs
 * in turns (BENCH_ROUNDS, each layer once a round) so the machine's drift lands on every layer.
 *
 *   npx tsx bench/http-floor.ts                      # PGlite, 20,000 generated venues
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test BENCH_KEEP_DB=vibe_hours_1m \
 *     BENCH_SIZE=1000000 BENCH_HOURS=1 npx tsx bench/http-floor.ts
 *
 * Options: BENCH_SIZE=20000  BENCH_SECONDS=8  BENCH_CONCURRENCY=1,8  BENCH_ROUNDS=3  BENCH_RADIUS=16
 * BENCH_VIBES=Chill,Cozy  BENCH_HOURS=1 (a quarter of the venues with opening hours)  BENCH_KEEP_DB (as
 * match-public.ts: PostgreSQL, made once and kept)  BENCH_NOW=<ISO instant> (the app's clock)
 * BENCH_SMOKE=1: 2,000 venues, 1 s per step (bench/smoke.ts). The process runs with production's Node
 * flags (bench/production-flags.ts); BENCH_NODE_FLAGS=default with Node's defaults.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { CONFIRMED_COUNT_HEADER, TOTAL_COUNT_HEADER } from "../src/shared/contracts/venues";
import { startBenchApp } from "./bench-app";
import { openBenchDb, openKeptBenchDb } from "./bench-db";
import { generateVenues } from "./generate-venues";
import { fmt, holdLoad, type LoadResult } from "./load";
import { listOption, option, SMOKE } from "./smoke";
import { printHeader } from "./header";
import { nodeFlagsSetting, withProductionFlags } from "./production-flags";

const size = option("BENCH_SIZE", 20_000, 2_000);
const seconds = option("BENCH_SECONDS", 8, 1);
const concurrencies = listOption("BENCH_CONCURRENCY", "1,8", "2").map(Number);
const rounds = option("BENCH_ROUNDS", 3, 1);
const radius = option("BENCH_RADIUS", 16, 16);
const vibes = process.env.BENCH_VIBES ?? "Chill,Cozy";
const hours = process.env.BENCH_HOURS === "1";
const keep = process.env.BENCH_KEEP_DB;
const pgUrl = process.env.BENCH_DATABASE_URL;
if (keep && !pgUrl) throw new Error("BENCH_KEEP_DB is a PostgreSQL database: give BENCH_DATABASE_URL");
const fixedNow = process.env.BENCH_NOW ? new Date(process.env.BENCH_NOW) : null;
if (fixedNow && Number.isNaN(fixedNow.getTime())) throw new Error("BENCH_NOW must be an ISO instant");
// timed as production runs the app: its Node flags (bench/production-flags.ts)
await withProductionFlags();
printHeader(import.meta.url, { database: keep ? `postgres ${keep}` : "pglite", nodeFlags: nodeFlagsSetting() });

// the places match-public.ts asks, in its order
let state = 12345;
const rand = () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const query = () => {
  const lat = (37.35 + rand() * 0.6).toFixed(4);
  const lng = (-122.5 + rand() * 0.6).toFixed(4);
  return `?latitude=${lat}&longitude=${lng}&radius=${radius}&vibes=${vibes}`;
};
const KEPT_PATH = "/bench/kept-page";

const t = performance.now();
const { db, drop } = keep ? await openKeptBenchDb(keep, pgUrl!, size, hours) : await openBenchDb("pglite", "floor");
if (!keep) await generateVenues(db, size, undefined, { hours });
const loadSeconds = (performance.now() - t) / 1000;

// the kept page: match-public's answer at the first place, with its headers
const kept: { body: Buffer; total: string; confirmed: string } = { body: Buffer.alloc(0), total: "", confirmed: "" };
const { app, base } = await startBenchApp(db, {}, fixedNow ? { clock: () => fixedNow } : {}, (a) =>
  a.get(KEPT_PATH, (_req, reply) =>
    reply
      .header(TOTAL_COUNT_HEADER, kept.total)
      .header(CONFIRMED_COUNT_HEADER, kept.confirmed)
      .type("application/json; charset=utf-8")
      .send(kept.body),
  ),
);
const res = await fetch(`${base}/api/venues/match-public${query()}`);
if (!res.ok) throw new Error(`the kept page: ${res.status} ${await res.text()}`);
kept.body = Buffer.from(await res.arrayBuffer());
kept.total = res.headers.get(TOTAL_COUNT_HEADER) ?? "";
kept.confirmed = res.headers.get(CONFIRMED_COUNT_HEADER) ?? "";
const venues = (JSON.parse(kept.body.toString("utf8")) as unknown[]).length;
console.log(
  `# ${size.toLocaleString()} venues (${keep ? `PostgreSQL, kept database ${keep}` : "PGlite"}) ready in ` +
    `${loadSeconds.toFixed(1)} s; the kept page: ${venues} venues, ${kept.body.length.toLocaleString()} bytes`,
);

const bare = createServer((_req, reply) => {
  reply.writeHead(200, {
    "content-type": "application/json; charset=utf-8",
    "content-length": kept.body.length,
    [TOTAL_COUNT_HEADER]: kept.total,
    [CONFIRMED_COUNT_HEADER]: kept.confirmed,
  });
  reply.end(kept.body);
});
await new Promise<void>((resolve) => bare.listen(0, "127.0.0.1", resolve));
const bareBase = `http://127.0.0.1:${(bare.address() as AddressInfo).port}`;

const layers = [
  { name: "node:http", base: bareBase, path: "/api/venues/match-public" },
  { name: "app, kept", base, path: KEPT_PATH },
  { name: "match", base, path: "/api/venues/match-public" },
] as const;
// warm up every layer (the catalog's cells, the JIT)
for (const l of layers) await holdLoad(l.base, () => l.path + query(), { concurrency: 4, seconds: SMOKE ? 1 : 3 });

const results = new Map<string, LoadResult[]>();
for (let r = 0; r < rounds; r++)
  for (const c of concurrencies)
    for (const l of r % 2 ? [...layers].reverse() : layers) {
      state = 12345; // every layer asks the same places
      const got = await holdLoad(l.base, () => l.path + query(), { concurrency: c, seconds });
      const key = `${l.name}|${c}`;
      results.set(key, [...(results.get(key) ?? []), got]);
      console.log(`round ${r + 1}  ${l.name.padEnd(9)}  concurrency ${String(c).padStart(2)}  ${fmt(got)}`);
    }

// the round of median p95 for each layer and concurrency
const lines: string[] = [];
for (const c of concurrencies)
  for (const l of layers) {
    const runs = [...results.get(`${l.name}|${c}`)!].sort((a, b) => a.p95 - b.p95);
    const median = fmt(runs[runs.length >> 1]);
    lines.push(`${l.name.padEnd(9)}  concurrency ${String(c).padStart(2)}  ${median}  (median p95 of ${runs.length})`);
  }
console.log(`\nSummary\n${lines.join("\n")}`);
await new Promise((resolve) => bare.close(resolve));
await app.close();
await drop();
