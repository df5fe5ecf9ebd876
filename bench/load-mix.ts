/**
 * Load test of a realistic mix against PostgreSQL: 70% venue matching, 20% feed, 10% writes
 * (5% new posts naming a venue, 5% likes), signed in as many different people, held for
 * BENCH_SECONDS at each of a rising list of concurrencies. The app runs as the production start
 * command has it (package.json start:prod: node flags, entry, NODE_ENV=production) in a process
 * of its own; the load comes from this process (bench/load.ts: keep-alive connections, each
 * sending its next request as soon as the last answers). Reports throughput, p50/p95/p99 and errors per step, overall
 * and per kind.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/load-mix.ts
 *
 * Options: BENCH_SECONDS=60 BENCH_CONCURRENCY=4,8,16,32,64 BENCH_USERS=5000 BENCH_FRIENDS=50
 *          BENCH_POSTS=250000 BENCH_VENUES=0 (generated venues added to the seed's, bench/generate-venues.ts:
 *          100000 puts the matches among 100,000 venues of the Bay Area, issue 28; BENCH_HOURS=1 gives a
 *          quarter of them real opening hours, as the seed's have, so open-first ranks them by the clock)
 *          BENCH_REDIS_URL=redis://127.0.0.1:6379 (optional: the bus on Redis)
 *          BENCH_CPU_PROF=1 (write the instance's CPU profile to .tmp/prof)
 *          BENCH_INSTANCES=2 (app instances sharing the load; needs BENCH_REDIS_URL) BENCH_POOL_SIZE=10
 *          BENCH_PG_STATS=1 (the statements that took PostgreSQL longest in each step, if the server
 *          loads pg_stat_statements)
 *          BENCH_SMOKE=1: 100 users × 6 friends, 1,000 posts, 2 s at concurrency 4 (bench/smoke.ts)
 *
 * Each request carries its person's session cookie and its own X-Forwarded-For address (the
 * instance runs with TRUST_PROXY=1, as behind a load balancer), so per-person and per-address
 * limits see many people, as in production.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createHmac, randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { ALL_VIBES, DEFAULT_DISTANCE_MILES } from "@shared/vocabulary";
import { seedVenues } from "../src/server/venues/seed";
import { generateVenues } from "./generate-venues";
import { openBenchDb } from "./bench-db";
import { productionStart } from "../tests/helpers/instance";
import { generateSocial } from "./generate-social";
import { fmt, holdLoad, type LoadRequest } from "./load";
import { listOption, option, SMOKE, BENCH_SECRET } from "./smoke";
import { printHeader } from "./header";

const seconds = option("BENCH_SECONDS", 60, 2);
const concurrencies = listOption("BENCH_CONCURRENCY", "4,8,16,32,64", "4").map(Number);
const users = option("BENCH_USERS", 5000, 100);
const friends = option("BENCH_FRIENDS", 50, 6); // even: generate-social gives each user friends/2 each way
const postCount = option("BENCH_POSTS", 250_000, 1_000);
const generated = option("BENCH_VENUES", 0, 0);
const pgUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const redisUrl = process.env.BENCH_REDIS_URL;
const instanceCount = Number(process.env.BENCH_INSTANCES ?? 1);
printHeader(import.meta.url, { instances: instanceCount, redis: redisUrl ? "yes" : "no", database: "postgres" });
/** The client's default distance, 10 miles, in km as the client sends it (spec 9: miles × 1.60934). */
const RADIUS_KM = DEFAULT_DISTANCE_MILES * 1.60934;

const { db, url, drop } = await openBenchDb("postgres", "load", pgUrl);
const instances: ChildProcess[] = [];
try {
  const t = performance.now();
  await seedVenues(db);
  if (generated > 0) await generateVenues(db, generated, undefined, { hours: process.env.BENCH_HOURS === "1" });
  await generateSocial(db, { users, friends, posts: postCount });
  const venues = await db.query<{ id: number; latitude: number; longitude: number }>(
    "SELECT id, latitude, longitude FROM venues",
  );
  const recentPosts = await db.query<{ id: string; user_id: string }>(
    "SELECT id, user_id FROM posts ORDER BY created_at DESC LIMIT 20000",
  );
  const userIds = (await db.query<{ id: string }>("SELECT id FROM users")).map((r) => r.id);
  const cookies = userIds.map(() => randomBytes(32).toString("base64url"));
  const cookieOf = new Map(userIds.map((id, i) => [id, i]));
  await db.query(
    "INSERT INTO sessions (token_hash, user_id, expires_at) SELECT h, u, now() + interval '1 day' " +
      "FROM unnest($1::text[], $2::uuid[]) AS t(h, u)",
    [cookies.map((c) => createHmac("sha256", BENCH_SECRET).update(c).digest("base64url")), userIds],
  );
  await db.query("ANALYZE");
  console.log(
    `${venues.length} venues, ${users} users × ${friends} friends, ${postCount} posts, ` +
      `${cookies.length} sessions ready in ${((performance.now() - t) / 1000).toFixed(1)} s`,
  );

  // Several instances behind a load balancer (the load generator spreads its connections over
  // them) share PostgreSQL and, for realtime, Redis: the deployment of docs/deploy.md.
  if (instanceCount > 1 && !redisUrl)
    throw new Error("BENCH_INSTANCES > 1 needs BENCH_REDIS_URL (instances share realtime through Redis)");
  const firstPort = 6100 + (process.pid % 500) * 4;
  const bases = Array.from({ length: instanceCount }, (_, i) => `http://127.0.0.1:${firstPort + i}`);
  const base = bases[0];
  const profile = process.env.BENCH_CPU_PROF ? ["--cpu-prof", "--cpu-prof-dir=.tmp/prof"] : [];
  // the production start command's node flags and entry (package.json start:prod)
  const { assignments, args: startArgs } = productionStart();
  for (let i = 0; i < instanceCount; i++) {
    const child = spawn(process.execPath, [...profile, ...startArgs], {
      env: {
        ...process.env,
        ...assignments,
        PORT: String(firstPort + i),
        HOST: "127.0.0.1",
        DATABASE_URL: url!,
        ...(redisUrl ? { REDIS_URL: redisUrl, REDIS_PREFIX: `bench-load-${process.pid}` } : {}),
        SESSION_SECRET: BENCH_SECRET,
        // the public origin of the site behind the balancer: the one writes come from
        PUBLIC_URL: bases[0],
        SEED: "false",
        TRUST_PROXY: "1",
        LOG_LEVEL: "warn",
        DATABASE_POOL_SIZE: process.env.BENCH_POOL_SIZE ?? "10",
      },
      stdio: ["ignore", "pipe", "inherit"],
    });
    instances.push(child);
    await new Promise<void>((resolve, reject) => {
      child.stdout!.on("data", (d: Buffer) => d.toString().includes("VIBE is running") && resolve());
      child.once("exit", (code) => reject(new Error(`instance exited ${code}`)));
    });
  }
  const rssMb = () =>
    instances.reduce(
      (sum, c) => sum + Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${c.pid}/status`, "utf8"))![1]) / 1024,
      0,
    );

  /** CPU seconds used so far by a process (utime + stime from /proc/<pid>/stat). */
  const cpuOf = (pid: number) => {
    try {
      const f = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
      return (Number(f[11]) + Number(f[12])) / 100;
    } catch {
      return 0;
    }
  };
  const pgPids = () =>
    readdirSync("/proc").filter((d) => {
      try {
        return /^\d+$/.test(d) && readFileSync(`/proc/${d}/comm`, "utf8").trim() === "postgres";
      } catch {
        return false; // gone while listing
      }
    });
  /** PostgreSQL's CPU per process, so that a backend which ended in between cannot count negative. */
  const pgCpu = () => new Map(pgPids().map((pid) => [pid, cpuOf(Number(pid))]));
  const pgDelta = (before: Map<string, number>, after: Map<string, number>) =>
    [...after].reduce((sum, [pid, t]) => sum + t - (before.get(pid) ?? 0), 0);
  const cpuNow = () => ({
    app: instances.reduce((sum, c) => sum + cpuOf(c.pid!), 0),
    pg: pgCpu(),
    bench: process.cpuUsage(),
  });

  const pick = <T>(a: readonly T[]) => a[Math.floor(Math.random() * a.length)];
  /** One request of the mix, as a signed-in person at a random place where venues are. */
  const next = (): LoadRequest => {
    const i = Math.floor(Math.random() * cookies.length);
    const headers: Record<string, string> = {
      cookie: `vibe_session=${cookies[i]}`,
      "x-forwarded-for": `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
    };
    const r = Math.random();
    if (r < 0.7) {
      const v = pick(venues);
      const vibes = Math.random() < 0.7 ? [pick(ALL_VIBES)] : [...new Set([pick(ALL_VIBES), pick(ALL_VIBES)])];
      const q = new URLSearchParams({
        latitude: (v.latitude + (Math.random() - 0.5) * 0.01).toFixed(5),
        longitude: (v.longitude + (Math.random() - 0.5) * 0.01).toFixed(5),
        radius: RADIUS_KM.toFixed(4),
        vibes: vibes.join(","),
      });
      return { kind: "match", path: `/api/venues/match-public?${q}`, headers };
    }
    if (r < 0.9) return { kind: "feed", path: "/api/posts/feed", headers };
    const write = { ...headers, origin: base, "content-type": "application/json" };
    if (r < 0.95) {
      const body = JSON.stringify({
        venueId: pick(venues).id,
        vibes: [pick(ALL_VIBES)],
        content: "Load test check-in",
      });
      return { kind: "post", method: "POST", path: "/api/posts", headers: write, body };
    }
    // a like comes from a friend of the post's author (generate-social: friend k of user a is a + k)
    const post = pick(recentPosts);
    const author = parseInt(post.user_id.slice(-12), 16);
    const friend = ((author - 1 + 1 + Math.floor(Math.random() * (friends / 2))) % users) + 1;
    const f = cookieOf.get(`00000000-0000-4000-8000-${friend.toString(16).padStart(12, "0")}`)!;
    const likeHeaders = {
      ...write,
      cookie: `vibe_session=${cookies[f]}`,
      "x-forwarded-for": `10.${(f >> 16) & 255}.${(f >> 8) & 255}.${f & 255}`,
    };
    return { kind: "like", method: "POST", path: `/api/posts/${post.id}/like`, headers: likeHeaders };
  };

  await holdLoad(bases, next, { concurrency: 4, seconds: SMOKE ? 1 : 5 }); // warm up: connections, plans, JIT
  // With BENCH_PG_STATS (and pg_stat_statements in the server's shared_preload_libraries), each
  // step also lists the statements that took PostgreSQL longest in it.
  const pgStats = process.env.BENCH_PG_STATS
    ? await db
        .exec("CREATE EXTENSION IF NOT EXISTS pg_stat_statements")
        .then(() => db.query("SELECT pg_stat_statements_reset()"))
        .then(() => true)
        .catch((err) => (console.warn(`pg_stat_statements unavailable: ${err.message}`), false))
    : false;
  const topStatements = async () => {
    const rows = await db.query<{ calls: string; total: number; mean: number; query: string }>(
      `SELECT calls, total_exec_time AS total, mean_exec_time AS mean, regexp_replace(query, '\\s+', ' ', 'g') AS query
         FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
        ORDER BY total_exec_time DESC LIMIT 6`,
    );
    await db.query("SELECT pg_stat_statements_reset()");
    return rows.map(
      (r) =>
        `      PostgreSQL ${(r.total / 1000).toFixed(1).padStart(5)} s  ${String(r.calls).padStart(6)} calls  ` +
        `${r.mean.toFixed(3)} ms  ${r.query.slice(0, 90)}`,
    );
  };
  const lines: string[] = [];
  for (const concurrency of concurrencies) {
    const before = cpuNow();
    const r = await holdLoad(bases, next, { concurrency, seconds });
    const after = cpuNow();
    const pct = (x: number) => `${((100 * x) / r.seconds).toFixed(0)}%`;
    const benchCpu = (after.bench.user + after.bench.system - before.bench.user - before.bench.system) / 1e6;
    const head =
      `concurrency ${String(concurrency).padStart(3)}  ${fmt(r)}  RSS ${rssMb().toFixed(0)} MB  ` +
      `CPU (of one core): app ${pct(after.app - before.app)}, ` +
      `PostgreSQL ${pct(pgDelta(before.pg, after.pg))}, load generator ${pct(benchCpu)}`;
    const kinds = Object.entries(r.byKind)
      .sort()
      .map(([k, v]) => `    ${k.padEnd(5)} ${((100 * v.requests) / r.requests).toFixed(0).padStart(2)}%  ${fmt(v)}`);
    const stats = pgStats ? await topStatements() : [];
    console.log([head, ...kinds, ...stats].join("\n"));
    lines.push(head, ...kinds);
  }
  console.log("\nSummary\n" + lines.join("\n"));
} finally {
  for (const child of instances) {
    if (child.exitCode !== null) continue;
    const exited = new Promise((r) => child.once("exit", r));
    child.kill("SIGTERM");
    await exited;
  }
  await drop();
}
process.exit(0);
