/**
 * Benchmark of the venue sync's write path (src/server/venues/sync.ts, syncVenues) at scale:
 * synthetic places (tests/fakes/synthetic-places.ts: OSM elements through the real Overpass
 * parser, every 10th place also from Google with two reviews and two photos) go through the real
 * sync (grouping, matching, merge, vibe blend with the text analyzer, writes); only the HTTP
 * fetch is left out. One run: a fresh database, BENCH_SYNCS syncs of BENCH_PLACES places, each
 * in its own area (the import: every venue added), then the same syncs again (the re-sync: every
 * venue matched, nothing changed), then again with every 10th place's tags changed (updated).
 * BENCH_RUNS runs per database; medians reported.
 *
 *   npx tsx bench/sync.ts                                               # PGlite only
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/sync.ts
 *
 * Options: BENCH_PLACES=20000 BENCH_SYNCS=5 BENCH_RUNS=3 BENCH_DBS=pglite,postgres
 * BENCH_SMOKE=1: 200 places, 2 syncs, 1 run (bench/smoke.ts).
 */
import { parseGooglePlace, type GooglePlace } from "../src/server/providers/google-places";
import { parseOverpassElement } from "../src/server/providers/overpass";
import type { SourcePlace } from "../src/server/providers/venue-source";
import { syncVenues } from "../src/server/venues/sync";
import { analyzeVenueTexts } from "../src/server/vibes/model";
import { staticSource, syntheticPlaces, type SyntheticSet } from "../tests/fakes/synthetic-places";
import { openBenchDb } from "./bench-db";
import { option, SMOKE } from "./smoke";
import { benchHeader, printHeader } from "./header";

const places = option("BENCH_PLACES", 20_000, 200);
const syncs = option("BENCH_SYNCS", 5, 2);
const runs = option("BENCH_RUNS", 3, 1);
const pgUrl = process.env.BENCH_DATABASE_URL;
const dbs = (process.env.BENCH_DBS ?? (pgUrl ? "pglite,postgres" : "pglite")).split(",");
const settings = { databases: dbs.join(",") };
printHeader(import.meta.url, settings);

// Areas 22 km apart, 5 km radius each: no venue of one area is a candidate in another.
const areas = Array.from({ length: syncs }, (_, i) => ({
  latitude: 37.2 + 0.2 * (i % 4),
  longitude: -122.6 + 0.25 * Math.floor(i / 4),
  radius: 5000,
}));
const sets: SyntheticSet[] = areas.map((a, i) => syntheticPlaces(a, places, 10_000_000 * (i + 1)));

/** Every 10th OSM place with a changed tag (live music), for the "updated" pass. */
const changed = (list: SourcePlace[]) =>
  list.map((p, i) => {
    if (i % 10 !== 0) return p;
    const raw = p.raw as { tags: Record<string, string> };
    return parseOverpassElement({
      ...(raw as object),
      tags: { ...raw.tags, live_music: "no", cuisine: "pizza" },
    } as never)!;
  });

const quiet = { info() {}, warn() {} };
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const rate = (n: number, ms: number) => Math.round((n * 1000) / ms);
const fmtN = (n: number) => n.toLocaleString("en-US");

interface Pass {
  ms: number;
  /** CPU time of this process (PGlite: the database's work too; PostgreSQL: only the app's). */
  cpuMs: number;
  added: number;
  updated: number;
  unchanged: number;
}

async function pass(db: Awaited<ReturnType<typeof openBenchDb>>["db"], variant: (s: SyntheticSet) => SyntheticSet) {
  const out: Pass = { ms: 0, cpuMs: 0, added: 0, updated: 0, unchanged: 0 };
  for (let i = 0; i < syncs; i++) {
    const set = variant(sets[i]);
    const sources = [
      staticSource(
        "osm",
        () => set.osm,
        (d) => parseOverpassElement(d as never),
      ),
      staticSource(
        "google",
        () => set.google,
        (d) => parseGooglePlace(d as GooglePlace),
      ),
    ];
    const t = performance.now();
    const cpu = process.cpuUsage();
    const r = await syncVenues(db, sources, areas[i], quiet, { timeoutMs: 600_000, analyzeTexts: analyzeVenueTexts });
    out.ms += performance.now() - t;
    const used = process.cpuUsage(cpu);
    out.cpuMs += (used.user + used.system) / 1000;
    out.added += r.added;
    out.updated += r.updated;
    out.unchanged += r.unchanged;
  }
  return out;
}

const lines: string[] = [];
const say = (s: string) => {
  console.log(s);
  lines.push(s);
};
say(
  `sync benchmark: ${syncs} syncs of ${fmtN(places)} places (every 10th also from Google, 2 reviews, ` +
    `2 photos), ${runs} runs per database, node ${process.version}`,
);
for (const kind of dbs) {
  const results: { imp: Pass; again: Pass; upd: Pass }[] = [];
  for (let r = 0; r < runs; r++) {
    const bench = await openBenchDb(kind, "sync", pgUrl);
    try {
      const imp = await pass(bench.db, (s) => s);
      const again = await pass(bench.db, (s) => s);
      const upd = await pass(bench.db, (s) => ({ ...s, osm: changed(s.osm) }));
      results.push({ imp, again, upd });
      // a smoke run fails when the sync stopped doing its work (bench/smoke.ts)
      if (SMOKE && (!imp.added || !again.unchanged || !upd.updated))
        throw new Error(`the sync did not import, match and update: ${JSON.stringify({ imp, again, upd })}`);
      const n = imp.added + imp.updated + imp.unchanged;
      say(
        `${kind.padEnd(8)} run ${r + 1}: import ${fmtN(n)} venues in ${(imp.ms / 1000).toFixed(1)} s ` +
          `(${fmtN(rate(n, imp.ms))}/s, ${fmtN(imp.added)} added, app CPU ${(imp.cpuMs / 1000).toFixed(1)} s); ` +
          `re-sync ${(again.ms / 1000).toFixed(1)} s (${fmtN(rate(n, again.ms))}/s, ` +
          `${fmtN(again.unchanged)} unchanged, CPU ${(again.cpuMs / 1000).toFixed(1)} s); ` +
          `with changes ${(upd.ms / 1000).toFixed(1)} s (${fmtN(rate(n, upd.ms))}/s, ` +
          `${fmtN(upd.updated)} updated, CPU ${(upd.cpuMs / 1000).toFixed(1)} s)`,
      );
    } finally {
      await bench.drop();
    }
  }
  const n = results[0].imp.added;
  say(
    `${kind.padEnd(8)} median: import ${fmtN(rate(n, median(results.map((x) => x.imp.ms))))} venues/s, ` +
      `re-sync ${fmtN(rate(n, median(results.map((x) => x.again.ms))))} venues/s, ` +
      `with changes ${fmtN(rate(n, median(results.map((x) => x.upd.ms))))} venues/s`,
  );
}
if (process.env.BENCH_OUT) {
  const { writeFileSync } = await import("node:fs");
  // the file starts with the same header as the output (bench/header.ts)
  writeFileSync(process.env.BENCH_OUT, `${[...benchHeader("bench/sync.ts", settings), ...lines].join("\n")}\n`);
}
