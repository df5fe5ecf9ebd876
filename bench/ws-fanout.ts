/**
 * Realtime fan-out: 5,000 websocket clients split over two app instances (separate processes,
 * `npm run start:prod`'s entry) on one PostgreSQL and one Redis. An owner posts venue updates to
 * instance A; every client on A and B records when each update arrives. Reports delivery latency
 * (from just before the POST to receipt) p50/p95/p99 and each instance's resident memory.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test BENCH_REDIS_URL=redis://127.0.0.1:6379 \
 *     npx tsx bench/ws-fanout.ts
 *
 * Options: BENCH_CLIENTS=5000 BENCH_UPDATES=40 BENCH_INTERVAL_MS=250 BENCH_WARMUP=3
 * BENCH_SMOKE=1: 20 clients, 3 updates 100 ms apart after 1 warm-up (bench/smoke.ts).
 *
 * The first BENCH_WARMUP updates warm the instances up (JIT, prepared statements, first fan-out)
 * and are reported on their own line, not in the percentiles: a freshly started process pays
 * them once.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createHmac, randomBytes } from "node:crypto";
import { appendFileSync, mkdirSync, readFileSync } from "node:fs";
import { openPostgres } from "../src/server/db/client";
import { migrate } from "../src/server/db/migrate";
import { seedVenues } from "../src/server/venues/seed";
import { productionStart } from "../tests/helpers/instance";
import { option, SMOKE, BENCH_SECRET } from "./smoke";
import { printHeader } from "./header";

const clients = option("BENCH_CLIENTS", 5000, 20);
const updates = option("BENCH_UPDATES", 40, 3);
const intervalMs = option("BENCH_INTERVAL_MS", 250, 100);
const warmup = option("BENCH_WARMUP", 3, 1);
const pgUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const redisUrl = process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379";
printHeader(import.meta.url);
const name = `vibe_bench_ws_${process.pid}`;
const hash = (t: string) => createHmac("sha256", BENCH_SECRET).update(t).digest("base64url");

const admin = await openPostgres(pgUrl, 1);
await admin.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
await admin.exec(`CREATE DATABASE ${name}`);
await admin.close();
const url = new URL(pgUrl);
url.pathname = `/${name}`;
const db = await openPostgres(url.toString(), 4);
await migrate(db);
await seedVenues(db);

// clients: guests with sessions made directly; the owner of one venue
const tokens: { token: string; userId: string }[] = [];
const users = await db.query<{ id: string }>(
  `INSERT INTO users (first_name, is_guest) SELECT 'Guest', true FROM generate_series(1, $1::int) RETURNING id`,
  [clients + 1],
);
for (const u of users) tokens.push({ token: randomBytes(32).toString("base64url"), userId: u.id });
await db.query(
  "INSERT INTO sessions (token_hash, user_id, expires_at) SELECT h, u, now() + interval '1 day' " +
    "FROM unnest($1::text[], $2::uuid[]) AS t(h, u)",
  [tokens.map((t) => hash(t.token)), tokens.map((t) => t.userId)],
);
const ownerToken = tokens.pop()!;
const [venue] = await db.query<{ id: number }>("SELECT id FROM venues ORDER BY id LIMIT 1");
await db.query("INSERT INTO venue_owners (venue_id, user_id) VALUES ($1, $2)", [venue.id, ownerToken.userId]);

function startInstance(port: number): Promise<ChildProcess> {
  if (process.env.BENCH_TRACE_GC) mkdirSync(".tmp", { recursive: true });
  // the production start command's node flags and entry (package.json start:prod)
  const { assignments, args } = productionStart();
  const child = spawn(process.execPath, [...(process.env.BENCH_TRACE_GC ? ["--trace-gc"] : []), ...args], {
    env: {
      ...process.env,
      ...assignments,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: url.toString(),
      REDIS_URL: redisUrl,
      REDIS_PREFIX: `bench-${process.pid}`,
      SESSION_SECRET: BENCH_SECRET,
      SEED: "false",
      LOG_LEVEL: "warn",
      // thousands of simulated people share one loopback address: no cap per address here
      MAX_CONNECTIONS_PER_ADDRESS: "0",
      WS_MAX_PER_ADDRESS: "0",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    child.stdout!.on("data", (d: Buffer) => {
      if (process.env.BENCH_TRACE_GC) appendFileSync(`.tmp/gc-${port}.log`, d);
      if (d.toString().includes("VIBE is running")) resolve(child);
    });
    child.once("exit", (code) => reject(new Error(`instance exited ${code}`)));
  });
}
const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))![1]) / 1024;

const ports = [5601 + (process.pid % 200), 5801 + (process.pid % 200)];
const instances = await Promise.all(ports.map(startInstance));
const bases = ports.map((p) => `http://127.0.0.1:${p}`);
const idle = instances.map((c) => rssMb(c.pid!));

// connect the clients, half to each instance, from a process of their own (ws-clients.ts)
const clientProc = spawn(process.execPath, ["--import", "tsx", "bench/ws-clients.ts"], {
  stdio: ["ignore", "inherit", "inherit", "ipc"],
});
const fromClients = (type: string) =>
  new Promise<Record<string, unknown>>((resolve, reject) => {
    const on = (m: Record<string, unknown>) => {
      if (m.type !== type) return;
      clientProc.off("message", on);
      resolve(m);
    };
    clientProc.on("message", on);
    clientProc.once("exit", (code) => code && reject(new Error(`client process exited ${code}`)));
  });
const t = performance.now();
clientProc.send({ type: "connect", clients: tokens.map((tk, i) => ({ ...tk, base: bases[i % 2] })) });
const connectedCount = (await fromClients("connected")).count as number;
console.log(
  `${connectedCount} clients connected from their own process in ${((performance.now() - t) / 1000).toFixed(1)} s`,
);
const connected = instances.map((c) => rssMb(c.pid!));
const received = new Map<number, number[]>();

try {
  // post the updates to instance A
  const sentAt = new Map<number, number>();
  const postMs: number[] = [];
  for (let seq = -warmup; seq < updates; seq++) {
    received.set(seq, []);
    sentAt.set(seq, performance.timeOrigin + performance.now());
    const res = await fetch(`${bases[0]}/api/venues/${venue.id}/updates`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie: `vibe_session=${ownerToken.token}`, origin: bases[0] },
      body: JSON.stringify({
        capacityStatus: "Moderate",
        noiseLevel: "Quiet",
        currentVibes: ["Chill"],
        specialNotes: String(seq),
        isOpen: true,
      }),
    });
    if (res.status !== 201) throw new Error(`update ${seq}: ${res.status} ${await res.text()}`);
    postMs.push(performance.timeOrigin + performance.now() - sentAt.get(seq)!);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
  await new Promise((r) => setTimeout(r, SMOKE ? 500 : 2000));
  const done = fromClients("arrivals");
  clientProc.send({ type: "finish" });
  ((await done).arrivals as number[][]).forEach((times, k) => {
    received.get(k - warmup)?.push(...times);
  });
  const warm = [...received].filter(([seq]) => seq < 0);
  for (const [seq] of warm) received.delete(seq);
  if (warm.length) {
    const last = ([seq, t]: (typeof warm)[number]) =>
      `#${seq + warmup} last delivery ${(Math.max(...t) - sentAt.get(seq)!).toFixed(0)} ms`;
    console.log(`warm-up (not counted): ${warm.map(last).join(", ")}`);
  }

  const latencies: number[] = [];
  let missing = 0;
  for (const [seq, times] of received) {
    missing += connectedCount - times.length;
    // every client got every update exactly once, so no message was counted against the wrong one
    if (times.length !== connectedCount)
      throw new Error(`update ${seq}: ${times.length} deliveries for ${connectedCount} clients`);
    if (times.some((t) => t - sentAt.get(seq)! > intervalMs))
      console.warn(`update ${seq} arrived after the next was sent: latencies of neighbours may mix`);
    for (const at of times) latencies.push(at - sentAt.get(seq)!);
  }
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))];
  console.log(
    `delivery of ${updates} updates to ${connectedCount} clients over 2 instances: ` +
      `p50 ${pct(50).toFixed(1)} ms  p95 ${pct(95).toFixed(1)} ms  p99 ${pct(99).toFixed(1)} ms  ` +
      `(${latencies.length} deliveries, ${missing} missing)`,
  );
  const spans = [...received].map(([seq, t]) => [Math.min(...t) - sentAt.get(seq)!, Math.max(...t) - sentAt.get(seq)!]);
  const med = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)];
  console.log(
    `per update: POST answered in ${med(postMs.slice(warmup)).toFixed(1)} ms (median); ` +
      `first delivery ${med(spans.map((s) => s[0])).toFixed(1)} ms, ` +
      `last delivery ${med(spans.map((s) => s[1])).toFixed(1)} ms (medians); ` +
      `slowest last delivery ${Math.max(...spans.map((s) => s[1])).toFixed(1)} ms`,
  );
  const slowest = spans
    .map((s, seq) => ({ seq, post: postMs[seq + warmup], first: s[0], last: s[1] }))
    .sort((a, b) => b.last - a.last)
    .slice(0, 3);
  const update = (u: (typeof slowest)[number]) =>
    `#${u.seq} ${u.post.toFixed(0)} / ${u.first.toFixed(0)} / ${u.last.toFixed(0)}`;
  console.log(`slowest updates (POST / first / last delivery, ms): ${slowest.map(update).join(", ")}`);
  console.log(
    `instance memory (RSS): idle ${idle.map((m) => m.toFixed(0)).join(" / ")} MB, ` +
      `with clients ${connected.map((m) => m.toFixed(0)).join(" / ")} MB, ` +
      `after ${instances.map((c) => rssMb(c.pid!).toFixed(0)).join(" / ")} MB`,
  );
} finally {
  clientProc.kill();
  for (const c of instances) c.kill("SIGTERM");
  await db.close();
  const a = await openPostgres(pgUrl, 1);
  await a.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await a.close();
}
process.exit(0);
