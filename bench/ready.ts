/**
 * How long a new instance takes to be ready (GET /api/health/ready answers 200) with many venues in
 * PostgreSQL (issue 28: "an instance with 1,000,000 venues is ready within 20 s of start"), and how
 * long a running instance takes to follow a big change made on another (BENCH_FOLLOW: "follows a
 * 20,000-venue sync on another instance within 2 s").
 *
 * Ready: venues are generated (bench/generate-venues.ts) into a database of their own
 * (vibe_bench_ready_<pid>, dropped at the end), then an instance is started as production starts
 * one (`node --import tsx src/server/main.ts`, its own process, SEED=false) and the clock runs from
 * the spawn until /api/health/ready first answers 200 (asked every 25 ms). An instance listens
 * only once its read model is whole (src/server/readmodel/), so this is the whole start: Node and
 * the modules, the migrations' check, and reading every venue into the catalog with its index.
 * The instance's own log line "read model: venue catalog of ..." (LOG_LEVEL=info) says how much of it
 * was reading the database into memory.
 *
 * Follow (BENCH_FOLLOW=20000): an instance runs on the database; 20,000 venues are written in one
 * transaction (as a sync's writes are, from another instance: the table's trigger announces them on
 * commit, whoever wrote them) and the clock runs from the commit until the instance's
 * /api/venues/match-public counts every one of them (x-total-count, asked every 10 ms).
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/ready.ts
 *
 * Options: BENCH_SIZES=100000,1000000  BENCH_RUNS=3 (starts per size; the median is reported)
 * BENCH_BEFORE=<dir>: a checkout of the code before (with node_modules), started in turn with this one
 * on the same venues (old beside new in one run).
 * BENCH_FOLLOW=20000 (0: not measured). BENCH_SMOKE=1: 2,000 venues, one start, 200 followed.
 * BENCH_HOURS=1: the generated venues get real opening hours (bench/generate-venues.ts).
 * BENCH_KEEP_DB=<database name>: the venues of that database (made once, and kept: bench-db.ts
 * openKeptBenchDb) instead of a fresh one; the followed venues are deleted again at the end.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import { openBenchDb, openKeptBenchDb } from "./bench-db";
import { generateVenues } from "./generate-venues";
import { printHeader } from "./header";
import { BENCH_APP_ENV, listOption, option, BENCH_SECRET } from "./smoke";

const sizes = listOption("BENCH_SIZES", "100000,1000000", "2000").map(Number);
const runs = option("BENCH_RUNS", 3, 1);
const follow = option("BENCH_FOLLOW", 20_000, 200);
const pgUrl = process.env.BENCH_DATABASE_URL;
const hours = process.env.BENCH_HOURS === "1";
const keep = process.env.BENCH_KEEP_DB;
if (keep && sizes.length > 1) throw new Error("BENCH_KEEP_DB holds one size: give one BENCH_SIZES");
/** A checkout of the code before a change (a directory with its node_modules): its starts alternate with this one's. */
const before = process.env.BENCH_BEFORE || null;
if (!pgUrl) throw new Error("bench/ready.ts needs BENCH_DATABASE_URL (PostgreSQL)");
printHeader(import.meta.url);

const secs = (ms: number) => (ms / 1000).toFixed(2);
const n = (x: number) => x.toLocaleString("en-US");
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
/** Most followed venues in one spot: under the count's cap (MAX_EXACT_TOTAL), so a spot's count is exact. */
const CLUSTER = 5_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

interface Instance {
  child: ChildProcess;
  base: string;
  /** Milliseconds from the spawn until /api/health/ready answered 200. */
  readyMs: number;
  /** The instance's log lines about its catalog. */
  log: string[];
  stop(): Promise<void>;
}

/** Starts an instance on the database at `url` (of the code in `dir`) and waits until it is ready. */
async function start(url: string, dir = "."): Promise<Instance> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    env: {
      ...process.env,
      ...BENCH_APP_ENV,
      LOG_LEVEL: "info",
      NODE_ENV: "production",
      DATABASE_URL: url,
      SESSION_SECRET: BENCH_SECRET,
      SEED: "false",
      HOST: "127.0.0.1",
      PORT: String(port),
    },
    stdio: ["ignore", "pipe", "pipe"],
    cwd: dir,
  });
  const log: string[] = [];
  let output = "";
  const take = (d: Buffer) => {
    output += d;
    for (const line of String(d).split("\n")) if (/read model: venue catalog/.test(line)) log.push(line);
  };
  child.stdout!.on("data", take);
  child.stderr!.on("data", take);
  let exited: number | null | undefined;
  child.on("exit", (code) => (exited = code));
  for (;;) {
    if (exited !== undefined) throw new Error(`the instance exited (${exited}) before it was ready:\n${output}`);
    try {
      const res = await fetch(`${base}/api/health/ready`);
      await res.arrayBuffer();
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    await sleep(25);
  }
  const readyMs = performance.now() - started;
  return {
    child,
    base,
    readyMs,
    log,
    async stop() {
      if (exited !== undefined) return;
      const gone = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await gone;
    },
  };
}

/** The catalog's own account of its load, from an instance's JSON log line. */
const catalogLine = (log: string[]) => {
  const line = log.find((l) => l.includes("venue catalog"));
  if (!line) return "";
  try {
    return String(JSON.parse(line).msg);
  } catch {
    return line;
  }
};

const summary: string[] = [];
for (const size of sizes) {
  let t = performance.now();
  const { db, url, drop } = keep
    ? await openKeptBenchDb(keep, pgUrl, size, hours)
    : await openBenchDb("postgres", "ready", pgUrl);
  try {
    if (!keep) {
      await generateVenues(db, size, undefined, { hours });
      await db.query("VACUUM ANALYZE venues");
    }
    console.log(
      `${size.toLocaleString("en-US")} venues ${hours ? "with opening hours " : ""}` +
        `${keep ? `in ${keep}, ready` : "generated"} in ${((performance.now() - t) / 1000).toFixed(1)} s`,
    );
    const codes = before
      ? [
          { name: "before", dir: before },
          { name: "now", dir: "." },
        ]
      : [{ name: "now", dir: "." }];
    const times = new Map<string, number[]>(codes.map((c) => [c.name, []]));
    for (let r = 0; r < runs; r++)
      for (const code of codes) {
        const instance = await start(url!, code.dir);
        times.get(code.name)!.push(instance.readyMs);
        console.log(
          `  start ${r + 1} (${code.name}): ready in ${(instance.readyMs / 1000).toFixed(2)} s` +
            (instance.log.length ? `  (${catalogLine(instance.log)})` : ""),
        );
        await instance.stop();
      }
    for (const code of codes) {
      const ms = times.get(code.name)!;
      const line =
        `${size.toLocaleString("en-US").padStart(9)} venues  ${before ? `${code.name.padEnd(6)} ` : ""}ready in ` +
        `${secs(median(ms))} s (median of ${ms.length}: ${ms.map(secs).join(", ")} s)`;
      console.log(line);
      summary.push(line);
    }

    for (const [c, code] of codes.entries()) {
      if (!(follow > 0 && size === sizes[0])) break;
      const b = await start(url!, code.dir);
      try {
        // `follow` new venues in spots of their own (no generated venue is within 1 km of them), one
        // transaction: clusters of at most CLUSTER venues ~1 km apart (a run's own row of them), each
        // ~110 m across, so each cluster's count stays under the count's cap (x-total-count "10000+")
        const spot = { latitude: 37.0 - c * 0.1, longitude: -121.0 };
        const clusters = Math.ceil(follow / CLUSTER);
        const times2: number[] = [];
        for (let r = 0; r < runs; r++) {
          const from = 10_000_000 * (c + 1) + r * follow;
          const row = { latitude: spot.latitude, longitude: spot.longitude + r * 0.05 };
          t = performance.now();
          await db.transaction(async (tx) => {
            await tx.query(
              `INSERT INTO venues (external_id, name, category, latitude, longitude, source, attribution,
                                   detected_vibes, vibe_scores)
               SELECT 'bench-follow-' || g, 'Followed ' || g, 'Cafe',
                      $3 + ((g - $1) % $5) * 0.01 + ((g - $1) / $5 % 100) * 0.00001,
                      $4 + ((g - $1) / $5 / 100 % 100) * 0.00001, 'bench', 'bench', ARRAY['Chill'],
                      '{"Chill": 0.9}'::jsonb
                 FROM generate_series($1::int, $2::int) g`,
              [from, from + follow - 1, row.latitude, row.longitude, clusters],
            );
          });
          const committed = performance.now();
          const paths = Array.from(
            { length: clusters },
            (_, k) =>
              `/api/venues/match-public?latitude=${row.latitude + k * 0.01 + 0.0005}` +
              `&longitude=${row.longitude + 0.0005}&radius=0.2&vibes=Chill`,
          );
          let seen = 0;
          const want = follow;
          for (;;) {
            seen = 0;
            for (const path of paths) {
              const res = await fetch(b.base + path);
              const total = Number(res.headers.get("x-total-count") ?? Number.NaN);
              const body = (await res.json()) as unknown;
              seen += Number.isFinite(total) ? total : Array.isArray(body) ? body.length : 0;
            }
            if (seen >= want || performance.now() - committed > 60_000) break;
            await sleep(10);
          }
          const ms = performance.now() - committed;
          times2.push(ms);
          console.log(
            `  follow ${r + 1}${before ? ` (${code.name})` : ""}: ${n(follow)} venues written in ` +
              `${secs(committed - t)} s; the instance found ${n(seen)} of ${n(want)} ${secs(ms)} s after the commit`,
          );
        }
        const line2 =
          `${n(size).padStart(9)} venues  ${before ? `${code.name.padEnd(6)} ` : ""}a ${n(follow)}-venue write ` +
          `seen by a running instance in ${secs(median(times2))} s (median of ${times2.length}: ` +
          `${times2.map(secs).join(", ")} s)`;
        console.log(line2);
        summary.push(line2);
      } finally {
        await b.stop();
      }
    }
  } finally {
    if (keep) await db.query("DELETE FROM venues WHERE external_id LIKE 'bench-follow-%'");
    await drop();
  }
}
console.log(`\nSummary\n${summary.join("\n")}`);
