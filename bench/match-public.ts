/**
 * Benchmark of GET /api/venues/match-public (radius 16 km or BENCH_RADIUS, vibes Chill,Cozy or BENCH_VIBES) at
 * 100,000 and 1,000,000 venues, on PGlite and on PostgreSQL, through the real server over loopback HTTP.
 *
 *   npx tsx bench/match-public.ts                       # PGlite only
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/match-public.ts
 *
 * Options: BENCH_SIZES=100000,1000000  BENCH_SECONDS=15  BENCH_CONCURRENCY=1,8  BENCH_DBS=pglite,postgres
 * BENCH_RADIUS=16 (km)  BENCH_HOURS=1: a quarter of the venues with real opening hours (bench/generate-venues.ts;
 * the server's own clock ranks the open ones first, so the time of day is printed)
 * BENCH_SMOKE=1: 2,000 venues, 1 s per step (bench/smoke.ts).
 * BENCH_NOW=<ISO instant>: the server reads opening hours at that instant (BuildOptions.clock), as
 * bench/match-catalog.ts does (2026-11-28T04:30:00Z: a Friday 8:30 PM in San Francisco), instead of now.
 * BENCH_KEEP_DB=<database name> (PostgreSQL, one size): that database's venues (bench-db.ts
 * openKeptBenchDb, made once and kept), instead of generating them for each run.
 * BENCH_LIMIT=<venues a page>: the page each request asks (limit): the client's, MATCH_PAGE_SIZE (24), unless
 * given; 100 is the most a call answers (MAX_VENUE_RESULTS) and what the client asked before issue 28.
 * BENCH_OFFSET=<venues>: a later page, from that venue of the ranking (offset; 0, the first page, unless given).
 * BENCH_SORT=best|rating: the Best match or Top Rated sort instead of the default (nearness and fit);
 * BENCH_OPEN_NOW=1: Open now.
 * BENCH_CASES=nearest,best,rating,open: several cases over one load of the venues, instead of
 * BENCH_SORT and BENCH_OPEN_NOW (nearest: the default sort; best; rating: Top Rated; open: the
 * default sort with Open now), run in turns, each at every concurrency, BENCH_ROUNDS times (1):
 * the summary gives each case's median of the rounds (of each figure on its own), so that the
 * sorts are compared on the same minutes of a machine whose speed moves by the hour.
 * BENCH_INSTANCES=<n> (PostgreSQL): n instances started as production starts one (package.json
 * start:prod, each its own process; the load generator spreads its connections over them, as a load
 * balancer would) instead of the app in this process: one instance per core. They read opening hours
 * at the real time (BENCH_NOW cannot reach them); more than one needs BENCH_REDIS_URL, as deployed.
 * The app in this process runs with production's Node flags (start:prod's: the bench starts itself again
 * with them, bench/production-flags.ts); BENCH_NODE_FLAGS=default runs it with Node's defaults.
 */
import { type Instance, startInstance } from "../tests/helpers/instance";
import { startBenchApp } from "./bench-app";
import { openBenchDb, openKeptBenchDb } from "./bench-db";
import { generateVenues } from "./generate-venues";
import { fmt, holdLoad, type LoadResult } from "./load";
import { fmtGc, watchGc } from "./gc-watch";
import { BENCH_APP_ENV, BENCH_SECRET, listOption, okJson, option, SMOKE } from "./smoke";
import { printHeader } from "./header";
import { nodeFlagsSetting, withProductionFlags } from "./production-flags";
import { MATCH_PAGE_SIZE } from "../src/shared/vocabulary";

const sizes = listOption("BENCH_SIZES", "100000,1000000", "2000").map(Number);
const seconds = option("BENCH_SECONDS", 15, 1);
const concurrencies = listOption("BENCH_CONCURRENCY", "1,8", "2").map(Number);
/** Kilometres: 16 (10 miles, the client's default), or 160.934 for the widest circle (100 miles). */
const radius = option("BENCH_RADIUS", 16, 16);
/** Venues a page: what the client asks (Home, Explore), unless BENCH_LIMIT says otherwise. */
const limit = option("BENCH_LIMIT", MATCH_PAGE_SIZE, MATCH_PAGE_SIZE);
/** Venues before the page: 0 (the first page), or a later page's start, as "Show more" asks (offset). */
const offset = option("BENCH_OFFSET", 0, 0);
if (!Number.isInteger(offset) || offset < 0) throw new Error("BENCH_OFFSET is a whole number of venues, 0 or more");
/** A case: what the sort toggle and the Open now chip add to the query, as the client sends them. */
interface Case {
  /** As a result line names it. */
  asked: string;
  extra: string;
}
const caseOf = (sort: string | undefined, openNow: boolean): Case => ({
  asked:
    `page ${String(limit).padStart(3)}${offset ? ` from ${offset}` : ""}` +
    `${sort ? ` ${sort}` : ""}${openNow ? " open now" : ""}`,
  extra: (offset ? `&offset=${offset}` : "") + (sort ? `&sort=${sort}` : "") + (openNow ? "&openNow=true" : ""),
});
const CASES: Record<string, Case> = {
  nearest: caseOf(undefined, false),
  best: caseOf("best", false),
  rating: caseOf("rating", false),
  open: caseOf(undefined, true),
};
const sort = process.env.BENCH_SORT;
if (sort && sort !== "best" && sort !== "rating") throw new Error("BENCH_SORT is best or rating (or not given)");
const cases = process.env.BENCH_CASES
  ? process.env.BENCH_CASES.split(",").map((name) => {
      if (!Object.hasOwn(CASES, name)) throw new Error(`BENCH_CASES lists ${Object.keys(CASES).join(", ")}`);
      return CASES[name];
    })
  : [caseOf(sort, process.env.BENCH_OPEN_NOW === "1")];
if (process.env.BENCH_CASES && (sort || process.env.BENCH_OPEN_NOW))
  throw new Error("BENCH_CASES names the cases: give it without BENCH_SORT and BENCH_OPEN_NOW");
const rounds = option("BENCH_ROUNDS", 1, 1);
/** The vibes asked (a comma list): Chill,Cozy, or one (a Home mood of one vibe), as BENCH_VIBES gives. */
const vibes = process.env.BENCH_VIBES ?? "Chill,Cozy";
const pgUrl = process.env.BENCH_DATABASE_URL;
const hours = process.env.BENCH_HOURS === "1";
const dbs = (process.env.BENCH_DBS ?? (pgUrl ? "pglite,postgres" : "pglite")).split(",");
const instanceCount = option("BENCH_INSTANCES", 0, 0);
// the app in this process is timed as production runs it: with its Node flags (bench/production-flags.ts);
// instances are started with them already (start:prod)
if (instanceCount === 0) await withProductionFlags();
printHeader(import.meta.url, {
  databases: dbs.join(","),
  nodeFlags: instanceCount > 0 ? "start:prod's (each instance)" : nodeFlagsSetting(),
});
const fixedNow = process.env.BENCH_NOW ? new Date(process.env.BENCH_NOW) : null;
if (fixedNow && Number.isNaN(fixedNow.getTime())) throw new Error("BENCH_NOW must be an ISO instant");
const keep = process.env.BENCH_KEEP_DB;
const redisUrl = process.env.BENCH_REDIS_URL;
if (instanceCount > 0 && (dbs.join() !== "postgres" || fixedNow))
  throw new Error("BENCH_INSTANCES runs on PostgreSQL (BENCH_DBS=postgres) at the real time (no BENCH_NOW)");
if (instanceCount > 1 && !redisUrl) throw new Error("BENCH_INSTANCES > 1 needs BENCH_REDIS_URL, as deployed");
if (keep && (dbs.join() !== "postgres" || sizes.length > 1))
  throw new Error("BENCH_KEEP_DB holds one size on PostgreSQL: give BENCH_DBS=postgres and one BENCH_SIZES");
const inSanFrancisco = (fixedNow ?? new Date()).toLocaleString("en-US", { timeZone: "America/Los_Angeles" });
if (hours) console.log(`# venues with opening hours; the clock: ${inSanFrancisco} in San Francisco`);

// Request centres: random points in the populated core of the generated metro area.
let state = 12345;
const rand = () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const pathOf = (c: Case) => () => {
  const lat = (37.35 + rand() * 0.6).toFixed(4);
  const lng = (-122.5 + rand() * 0.6).toFixed(4);
  const where = `latitude=${lat}&longitude=${lng}&radius=${radius}`;
  return `/api/venues/match-public?${where}&vibes=${vibes}&limit=${limit}${c.extra}`;
};

/**
 * `count` instances on the database at `url`, each started as production starts one (its catalog is
 * read once it says it is running): their base URLs, and a stop that ends them with SIGTERM.
 */
async function startInstances(url: string, count: number) {
  const instances: Instance[] = [];
  for (let i = 0; i < count; i++)
    instances.push(
      await startInstance({
        ...BENCH_APP_ENV,
        LOG_LEVEL: "warn",
        DATABASE_URL: url,
        ...(redisUrl ? { REDIS_URL: redisUrl, REDIS_PREFIX: `bench-match-${process.pid}` } : {}),
        SESSION_SECRET: BENCH_SECRET,
        SEED: "false",
      }),
    );
  const stop = () =>
    Promise.all(
      instances.map((instance) => {
        instance.child.kill("SIGTERM");
        return instance.exited;
      }),
    );
  return { bases: instances.map((instance) => instance.url), stop };
}

const lines: string[] = [];
/** The median of each figure over the rounds (rounds.length of them; the middle one, or the upper middle). */
const medianOf = (runs: LoadResult[]) => {
  const mid = <K extends "p50" | "p95" | "p99" | "rps" | "meanBytes">(k: K) =>
    runs.map((r) => r[k]).sort((a, b) => a - b)[Math.floor(runs.length / 2)];
  const sum = (k: "requests" | "errors") => runs.reduce((n, r) => n + r[k], 0);
  return {
    p50: mid("p50"),
    p95: mid("p95"),
    p99: mid("p99"),
    rps: mid("rps"),
    meanBytes: mid("meanBytes"),
    requests: sum("requests"),
    errors: sum("errors"),
  };
};
for (const kind of dbs) {
  for (const size of sizes) {
    let t = performance.now();
    const { db, url, drop } = keep
      ? await openKeptBenchDb(keep, pgUrl!, size, hours)
      : await openBenchDb(kind, "match", pgUrl);
    if (!keep) await generateVenues(db, size, undefined, { hours });
    const loadMs = performance.now() - t;
    let base: string | string[];
    let stop: () => Promise<unknown>;
    if (instanceCount > 0) {
      const started = await startInstances(url!, instanceCount);
      base = started.bases;
      stop = started.stop;
    } else {
      const { app, base: one } = await startBenchApp(db, {}, fixedNow ? { clock: () => fixedNow } : {});
      base = one;
      stop = () => app.close();
    }
    const first = typeof base === "string" ? base : base[0];
    const sample = await okJson<unknown[]>(await fetch(first + pathOf(cases[0])()), "a sample match");
    console.log(
      `${kind} ${size.toLocaleString()} venues: loaded in ${(loadMs / 1000).toFixed(1)} s; ` +
        `a sample answer has ${sample.length} venues` +
        (instanceCount > 0 ? `; ${instanceCount} instance(s), each its own process` : ""),
    );
    // warm up caches and plans
    for (const c of cases) await holdLoad(base, pathOf(c), { concurrency: 4, seconds: SMOKE ? 1 : 3 });
    const named = (c: Case, concurrency: number) =>
      `${kind.padEnd(8)} ${size.toLocaleString().padStart(9)} venues  ${c.asked}  ` +
      `concurrency ${String(concurrency).padStart(2)}  `;
    const runs = new Map<string, LoadResult[]>();
    for (let round = 1; round <= rounds; round++)
      for (const c of cases)
        for (const concurrency of concurrencies) {
          // the app's collections, when it runs in this process (with the load generator's)
          const gc = instanceCount > 0 ? null : watchGc();
          const r = await holdLoad(base, pathOf(c), { concurrency, seconds });
          const line = named(c, concurrency) + fmt(r);
          console.log(rounds > 1 ? `${line}  (round ${round})` : line);
          if (gc) console.log(`  ${fmtGc(gc())}`);
          const key = named(c, concurrency);
          runs.set(key, [...(runs.get(key) ?? []), r]);
        }
    for (const [key, results] of runs)
      lines.push(
        key + fmt(rounds > 1 ? medianOf(results) : results[0]) + (rounds > 1 ? `  (median of ${rounds} rounds)` : ""),
      );
    t = performance.now();
    await stop();
    await drop();
  }
}
console.log("\nSummary\n" + lines.join("\n"));
