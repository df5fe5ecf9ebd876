/**
 * In-process microbenchmark of the match path (issue 28): venues/service.ts matchVenues over the
 * instance's catalog (venues/catalog.ts) and matchedJson, as GET /api/venues/match-public calls
 * them, without HTTP: at BENCH_SIZE generated venues (bench/generate-venues.ts) on PostgreSQL, each
 * case at BENCH_REQUESTS random centres of the metro area (or of the dense centre: BENCH_AREA), three
 * rounds, the median round's median and p95 per request reported (and the CPU time: on a shared
 * machine the wall clock mostly measures the neighbours). Old beside new: BENCH_AGAINST below.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/match-catalog.ts
 *
 * Every request carries the route's clock (`now`: open venues first), at BENCH_NOW (an ISO instant;
 * default Friday 8:30 PM in San Francisco, 2026-11-28T04:30:00Z), the same in every run.
 *
 * Options: BENCH_SIZE=1000000 BENCH_REQUESTS=60 BENCH_CASES=<parts of case names, separated by |>
 * BENCH_LIMIT=<venues a page>: what each request asks (limit): the client's MATCH_PAGE_SIZE (24) unless given;
 * 100 is the most a call answers and what every request asked before issue 28's page of 24.
 * BENCH_HOURS=1: generated venues get real opening hours (bench/generate-venues.ts), as a quarter of
 * the seed's have; without it none has any, and every venue is in one tier.
 * BENCH_KEEP_DB=<database name>: reuse (or make once, and keep) that database instead of a fresh one.
 * BENCH_SMOKE=1: 2,000 venues, 3 requests a case (bench/smoke.ts).
 * BENCH_AREA=dense: the dense city centre of bench/match-dense.ts instead (BENCH_SIZE 100,000 venues
 * packed into ~5 x 5 km, centres inside it).
 *
 * BENCH_AGAINST=<git ref>: old beside new in one process. The ref's venues/catalog.ts (its imports
 * are this tree's: the module alone is compared) is read into a second catalog over the same
 * venues, and every request is asked of both, one after the other, in turns (which goes first
 * alternates by round): per case, the median CPU of each and their ratio (and the means). Paired
 * this way, a change of a few percent shows on a machine whose neighbours move the wall clock by
 * tens. The two pages must be the same venues in the same order with the same total, or the run fails.
 */
import { execFileSync } from "node:child_process";
import { rmSync, writeFileSync } from "node:fs";
import { createChangeFeed } from "../src/server/db/changes";
import { createLiveStore } from "../src/server/live/store";
import { type CatalogSearch, createVenueCatalog, type VenueCatalog } from "../src/server/venues/catalog";
import { createFavoriteStore } from "../src/server/venues/favorites";
import { type StoredVenue, storedVenueHead } from "../src/server/venues/queries";
import { matchedJson, matchVenues, type MatchRequest } from "../src/server/venues/service";
import { openBenchDb, openKeptBenchDb } from "./bench-db";
import { denseAreaPoint, generateVenues, packIntoDenseArea } from "./generate-venues";
import { printHeader } from "./header";
import { option } from "./smoke";
import { MATCH_PAGE_SIZE } from "../src/shared/vocabulary";

const dense = process.env.BENCH_AREA === "dense";
if (process.env.BENCH_AREA && !dense) throw new Error("BENCH_AREA is dense, or not given (the metro area)");
const size = option("BENCH_SIZE", dense ? 100_000 : 1_000_000, 2_000);
const requests = option("BENCH_REQUESTS", 60, 3);
/** Venues a page: what the client asks, unless BENCH_LIMIT says otherwise. */
const limit = option("BENCH_LIMIT", MATCH_PAGE_SIZE, MATCH_PAGE_SIZE);
const pgUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const keep = process.env.BENCH_KEEP_DB;
const only = process.env.BENCH_CASES?.split("|").filter(Boolean);
const hours = process.env.BENCH_HOURS === "1";
const against = process.env.BENCH_AGAINST;
/** The route's clock, fixed: the open-first tiers and Open now are the same in every run. */
const now = new Date(process.env.BENCH_NOW ?? "2026-11-28T04:30:00Z");
if (Number.isNaN(now.getTime())) throw new Error("BENCH_NOW must be an ISO instant");
printHeader(import.meta.url);
console.log(`# the clock: ${now.toISOString()}; venues ${hours ? "with" : "without"} opening hours`);

type Case = [string, Omit<MatchRequest, "latitude" | "longitude" | "openAt" | "now"> & { openNow?: boolean }];
const CASES: Case[] = [
  ["Chill, 16 km, nearest, first page", { radiusKm: 16, vibes: ["Chill"] }],
  ["Chill,Cozy, 16 km, nearest, first page", { radiusKm: 16, vibes: ["Chill", "Cozy"] }],
  ["Chill,Cozy, 16 km, nearest, offset 400", { radiusKm: 16, vibes: ["Chill", "Cozy"], offset: 400 }],
  ["Chill, 16 km, best, first page", { radiusKm: 16, vibes: ["Chill"], sort: "best" }],
  ["Chill,Cozy, 16 km, best, first page", { radiusKm: 16, vibes: ["Chill", "Cozy"], sort: "best" }],
  ["Chill,Cozy, 16 km, best, offset 400", { radiusKm: 16, vibes: ["Chill", "Cozy"], sort: "best", offset: 400 }],
  ["Chill, 16 km, top rated, first page", { radiusKm: 16, vibes: ["Chill"], sort: "rating" }],
  ["Chill,Cozy, 16 km, top rated, first page", { radiusKm: 16, vibes: ["Chill", "Cozy"], sort: "rating" }],
  ["Chill,Cozy, 16 km, top rated, offset 400", { radiusKm: 16, vibes: ["Chill", "Cozy"], sort: "rating", offset: 400 }],
  ["Chill,Cozy, 16 km, nearest, open now", { radiusKm: 16, vibes: ["Chill", "Cozy"], openNow: true }],
  ["Chill,Cozy, 161 km, nearest, first page", { radiusKm: 160.934, vibes: ["Chill", "Cozy"] }],
  ["Chill,Cozy, 161 km, best, first page", { radiusKm: 160.934, vibes: ["Chill", "Cozy"], sort: "best" }],
  ["no vibe, 16 km, nearest, first page", { radiusKm: 16, vibes: [] }],
  ["no vibe, 16 km, nearest, offset 400", { radiusKm: 16, vibes: [], offset: 400 }],
];

const cases = CASES.filter(([name]) => !only || only.some((o) => name.includes(o)));

let state = 12345;
const rand = () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const round4 = (x: number) => Number(x.toFixed(4));
const centres = Array.from({ length: requests }, () => {
  if (!dense) return { latitude: round4(37.35 + rand() * 0.6), longitude: round4(-122.5 + rand() * 0.6) };
  const { latitude, longitude } = denseAreaPoint(rand);
  return { latitude: round4(latitude), longitude: round4(longitude) };
});

async function openDb() {
  if (keep) return openKeptBenchDb(keep, pgUrl, size, hours, dense);
  const bench = await openBenchDb("postgres", "catalog", pgUrl);
  await generateVenues(bench.db, size, undefined, { hours });
  if (dense) await packIntoDenseArea(bench.db);
  return bench;
}

const { db, drop } = await openDb();
const changes = await createChangeFeed(db);
let t = performance.now();
const catalog = await createVenueCatalog(db, changes);
console.log(
  `# ${catalog.size.toLocaleString()} venues read into the catalog in ${((performance.now() - t) / 1000).toFixed(1)} s`,
);
const reader = {
  db,
  catalog,
  live: await createLiveStore(db, changes),
  favorites: createFavoriteStore(db, changes),
};

const one = async ({ openNow, ...c }: Case[1], at: (typeof centres)[number], over = reader) => {
  // as GET /api/venues/match-public asks (venues/routes.ts)
  const page = await matchVenues(over, { limit, ...c, ...at, now, ...(openNow && { openAt: now }), lean: true });
  matchedJson(page.venues, now);
  return page;
};

/** The catalog module of git ref `ref`, beside this one (it is loaded, then its file removed). */
async function catalogAt(ref: string): Promise<{ create: typeof createVenueCatalog; skips: boolean }> {
  const source = execFileSync("git", ["show", `${ref}:src/server/venues/catalog.ts`]);
  const skips = source.includes("skip?: number;");
  // beside catalog.ts, so that its relative imports resolve; never committed (.gitignore)
  const file = new URL("../src/server/venues/.catalog-against.ts", import.meta.url);
  writeFileSync(file, source);
  try {
    return { create: (await import(file.href)).createVenueCatalog, skips };
  } finally {
    rmSync(file);
  }
}

/**
 * A catalog from before CatalogSearch.skip answers a later page's first `skip` venues too (made,
 * then left by its caller): cut here, so that the service gets the page it asked for.
 */
function skipping(old: OldCatalog): OldCatalog {
  const cut = <T>(hits: T[], q: CatalogSearch) => hits.slice(q.skip ?? 0);
  return {
    within: async (q) => cut(await old.within(q), q),
    count: (q) => old.count(q),
    best: async (q, ranking) => {
      const { hits, count } = await old.best(q, ranking);
      return { hits: cut(hits, q), count };
    },
    byIds: (ids) => old.byIds(ids),
    get size() {
      return old.size;
    },
    get unindexed() {
      return old.unindexed;
    },
    close: () => old.close(),
  };
}

/** A catalog of a ref, which may be from before VenueCatalog.bestLean. */
type OldCatalog = Omit<VenueCatalog, "bestLean" | "withinLean"> &
  Partial<Pick<VenueCatalog, "bestLean" | "withinLean">>;

/**
 * A catalog from before VenueCatalog.bestLean: its lean hits made of best()'s and within()'s decoded ones (each
 * venue's bytes from the venue, as matchedJson made them before), so that the service can ask it.
 */
function leaning(old: OldCatalog): VenueCatalog {
  if (old.bestLean && old.withinLean) return old as VenueCatalog;
  // kept with the decoded venue, as matchedJson kept them before
  const heads = new WeakMap<object, Buffer>();
  const headOf = (venue: StoredVenue) => {
    let head = heads.get(venue);
    if (head === undefined) heads.set(venue, (head = storedVenueHead(venue, now)));
    return head;
  };
  return {
    within: (q) => old.within(q),
    count: (q) => old.count(q),
    best: (q, ranking) => old.best(q, ranking),
    byIds: (ids) => old.byIds(ids),
    close: () => old.close(),
    get size() {
      return old.size;
    },
    get unindexed() {
      return old.unindexed;
    },
    withinLean: async (q) => (await old.within(q)).map((h) => ({ ...h, head: headOf(h.venue) })),
    bestLean: async (q, ranking) => {
      const { hits, count } = await old.best(q, ranking);
      return { hits: hits.map((h) => ({ ...h, head: headOf(h.venue) })), count };
    },
  };
}

/** Each case's requests asked of `old` and of this tree's catalog in turns; their CPU side by side. */
async function compare(old: VenueCatalog) {
  const readers = { old: { ...reader, catalog: old }, new: reader };
  for (const [name, c] of cases) {
    // warm up: every centre once, so that both catalogs have packed the cells the rounds visit
    for (const at of centres) for (const r of Object.values(readers)) await one(c, at, r);
    const cpu = { old: [] as number[], new: [] as number[] };
    for (let round = 0; round < 3; round++)
      for (const at of centres) {
        const pages: Partial<Record<"old" | "new", string>> = {};
        for (const which of round % 2 ? (["new", "old"] as const) : (["old", "new"] as const)) {
          const started = process.cpuUsage();
          const page = await one(c, at, readers[which]);
          const spent = process.cpuUsage(started);
          cpu[which].push((spent.user + spent.system) / 1000);
          pages[which] = `${page.total}: ${page.venues.map((v) => v.venue.id).join()}`;
        }
        if (pages.old !== pages.new)
          throw new Error(
            `${name} at ${at.latitude},${at.longitude}: ${against} answers ${pages.old}, this tree ${pages.new}`,
          );
      }
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
    const [o, n] = [median(cpu.old), median(cpu.new)];
    console.log(
      `${name.padEnd(42)} cpu median ${against} ${o.toFixed(3)} ms, this tree ${n.toFixed(3)} ms: ratio ` +
        `${(n / o).toFixed(3)} (means ${mean(cpu.old).toFixed(3)} / ${mean(cpu.new).toFixed(3)} ms, ratio ` +
        `${(mean(cpu.new) / mean(cpu.old)).toFixed(3)}); the same ${cpu.old.length} pages`,
    );
  }
}

if (against) {
  const { create, skips } = await catalogAt(against);
  const old = await create(db, changes);
  await compare(leaning(skips ? old : skipping(old)));
  await old.close();
}
for (const [name, c] of against ? [] : cases) {
  for (const at of centres.slice(0, 5)) await one(c, at); // warm up
  const rounds: { p50: number; p95: number; cpu: number; total: number }[] = [];
  for (let r = 0; r < 3; r++) {
    const times: number[] = [];
    let totals = 0;
    const cpu = process.cpuUsage();
    for (const at of centres) {
      t = performance.now();
      totals += (await one(c, at)).total;
      times.push(performance.now() - t);
    }
    const spent = process.cpuUsage(cpu);
    times.sort((a, b) => a - b);
    rounds.push({
      p50: times[Math.floor(times.length / 2)],
      p95: times[Math.floor(0.95 * (times.length - 1))],
      cpu: (spent.user + spent.system) / 1000 / times.length,
      total: totals / times.length,
    });
  }
  rounds.sort((a, b) => a.p50 - b.p50);
  const m = rounds[1];
  console.log(
    `${name.padEnd(42)} median ${m.p50.toFixed(2).padStart(7)} ms  p95 ${m.p95.toFixed(2).padStart(7)} ms  ` +
      `cpu ${m.cpu.toFixed(2).padStart(7)} ms/request  (mean total ${Math.round(m.total)})`,
  );
}
reader.live.close();
reader.favorites.close();
await catalog.close();
await changes.close();
await drop();
