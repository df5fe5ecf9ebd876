/**
 * Slow clients against the connection limits (src/server/http/connections.ts, docs/deploy.md
 * "Connections"): BENCH_SLOW clients, BENCH_PER_ADDRESS per loopback address, each starts a POST
 * with a 1,000-byte body and sends one byte every 2 s, from a process of their own
 * (tests/helpers/slow-client-process.ts). Meanwhile another address asks for /api/health every
 * 10 ms. Reported: how long the slow clients lasted before their 408, and /api/health's median,
 * p95 and max while they were open and cut off. tests/api/slow-clients.test.ts checks the same
 * mechanism with a margin a loaded machine keeps; the figures are this bench's, on a quiet machine.
 *
 *   npx tsx bench/slow-clients.ts        # BENCH_SLOW=2000 BENCH_PER_ADDRESS=100 BENCH_TIMEOUT_MS=2000
 *   BENCH_SMOKE=1: 100 slow clients (bench/smoke.ts).
 */
import { fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import { startBenchApp } from "./bench-app";
import { openBenchDb } from "./bench-db";
import { printHeader } from "./header";
import { option } from "./smoke";

const slow = option("BENCH_SLOW", 2000, 100);
const perAddress = option("BENCH_PER_ADDRESS", 100, 50);
const timeoutMs = option("BENCH_TIMEOUT_MS", 2000, 2000);
printHeader(import.meta.url, { database: "pglite" });

const { db, drop } = await openBenchDb("pglite", "slow");
const { app, base } = await startBenchApp(db, {
  requestTimeoutMs: timeoutMs,
  maxConnectionsPerAddress: perAddress,
  maxConnections: slow + 1000,
});
const port = Number(new URL(base).port);

type Report = { lastedMs: number | null; firstLine: string };
const child = fork(fileURLToPath(new URL("../tests/helpers/slow-client-process.ts", import.meta.url)), [], {
  execArgv: ["--import", "tsx"],
  stdio: ["ignore", "inherit", "inherit", "ipc"],
});
const next = (type: string) =>
  new Promise<{ count?: number; results?: Report[] }>((resolve) =>
    child.on("message", (m: { type: string; count?: number; results?: Report[] }) => m.type === type && resolve(m)),
  );
const opened = next("open");
const reported = next("report");
child.send({ type: "open", port, count: slow, perAddress, firstAddress: 2 });
if ((await opened).count !== slow) throw new Error("not every slow client could connect");

let done = false;
void reported.then(() => (done = true));
const started = Date.now();
const latencies: number[] = [];
while ((!done || latencies.length < 100) && Date.now() - started < timeoutMs + 30_000) {
  const t = performance.now();
  const res = await fetch(`${base}/api/health`);
  await res.text();
  if (res.status !== 200) throw new Error(`/api/health answered ${res.status}`);
  latencies.push(performance.now() - t);
  await new Promise((r) => setTimeout(r, 10));
}
child.send({ type: "report" });
const results = (await reported).results!;
child.send({ type: "exit" });

const lasted = results.map((r) => r.lastedMs ?? Number.POSITIVE_INFINITY).sort((a, b) => a - b);
const not408 = results.filter((r) => r.firstLine !== "HTTP/1.1 408 Request Timeout").length;
latencies.sort((a, b) => a - b);
const at = (p: number) => latencies[Math.floor(p * (latencies.length - 1))].toFixed(1);
console.log(
  `${slow} slow clients (${perAddress} per address, REQUEST_TIMEOUT_MS=${timeoutMs}): closed after ` +
    `${lasted[0]}-${lasted[lasted.length - 1]} ms, ${slow - not408} answered 408`,
);
console.log(
  `/api/health meanwhile: ${latencies.length} answers, median ${at(0.5)} ms, p95 ${at(0.95)} ms, ` + `max ${at(1)} ms`,
);
await app.close();
await drop();
if (not408) throw new Error(`${not408} slow clients were not answered 408`);
