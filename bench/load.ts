import http from "node:http";

export interface LoadResult {
  requests: number;
  errors: number;
  seconds: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
}

/**
 * Holds `concurrency` requests in flight against `base` for `seconds`, each worker sending its
 * next request as soon as the last answers, over keep-alive connections. Latency is measured
 * per request with hrtime; any non-2xx answer counts as an error.
 */
export async function holdLoad(base: string, nextPath: () => string, opts: { concurrency: number; seconds: number; headers?: Record<string, string> }): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: opts.concurrency });
  const url = new URL(base);
  const latencies: number[] = [];
  let errors = 0;
  const deadline = performance.now() + opts.seconds * 1000;
  const once = () =>
    new Promise<void>((resolve) => {
      const start = performance.now();
      const req = http.request({ host: url.hostname, port: url.port, path: nextPath(), agent, headers: opts.headers }, (res) => {
        res.resume();
        res.on("end", () => {
          latencies.push(performance.now() - start);
          if ((res.statusCode ?? 500) >= 300) errors++;
          resolve();
        });
      });
      req.on("error", () => {
        errors++;
        resolve();
      });
      req.end();
    });
  const began = performance.now();
  await Promise.all(
    Array.from({ length: opts.concurrency }, async () => {
      while (performance.now() < deadline) await once();
    }),
  );
  const seconds = (performance.now() - began) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => (latencies.length ? latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] : NaN);
  return { requests: latencies.length, errors, seconds, rps: latencies.length / seconds, p50: pct(50), p95: pct(95), p99: pct(99) };
}

export const fmt = (r: LoadResult) =>
  `p50 ${r.p50.toFixed(1)} ms  p95 ${r.p95.toFixed(1)} ms  p99 ${r.p99.toFixed(1)} ms  ${r.rps.toFixed(0)} req/s  (${r.requests} requests, ${r.errors} errors)`;
