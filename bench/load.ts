import http from "node:http";

export interface LoadResult {
  requests: number;
  errors: number;
  seconds: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  /** The same figures for each kind of request, when the requests name their kind. */
  byKind: Record<string, Omit<LoadResult, "byKind" | "seconds">>;
}

/** One request of a load: a GET path, or a full request with a kind to report it under. */
export type LoadRequest = string | { kind?: string; method?: string; path: string; headers?: Record<string, string>; body?: string };

const percentiles = (latencies: number[], errors: number, seconds: number) => {
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => (latencies.length ? latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] : NaN);
  return { requests: latencies.length, errors, rps: latencies.length / seconds, p50: pct(50), p95: pct(95), p99: pct(99) };
};

/**
 * Holds `concurrency` requests in flight against `base` for `seconds`, each worker sending its
 * next request as soon as the last answers, over keep-alive connections. Latency is measured
 * per request with performance.now(); any non-2xx answer or failed request counts as an error
 * (its latency is counted too, so errors cannot make the percentiles look better).
 */
export async function holdLoad(base: string, next: () => LoadRequest, opts: { concurrency: number; seconds: number; headers?: Record<string, string> }): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: opts.concurrency });
  const url = new URL(base);
  const latencies: number[] = [];
  const kinds = new Map<string, { latencies: number[]; errors: number }>();
  let errors = 0;
  const statuses = new Map<number, number>();
  const deadline = performance.now() + opts.seconds * 1000;
  const once = () =>
    new Promise<void>((resolve) => {
      const r = next();
      const spec = typeof r === "string" ? { path: r } : r;
      const kind = kinds.get(spec.kind ?? "all") ?? kinds.set(spec.kind ?? "all", { latencies: [], errors: 0 }).get(spec.kind ?? "all")!;
      const start = performance.now();
      const done = (failed: boolean) => {
        const ms = performance.now() - start;
        latencies.push(ms);
        kind.latencies.push(ms);
        if (failed) {
          errors++;
          kind.errors++;
        }
        resolve();
      };
      const req = http.request(
        { host: url.hostname, port: url.port, method: spec.method ?? "GET", path: spec.path, agent, headers: { ...opts.headers, ...spec.headers } },
        (res) => {
          const status = res.statusCode ?? 500;
          res.resume();
          res.on("end", () => {
            if (status >= 300) statuses.set(status, (statuses.get(status) ?? 0) + 1);
            done(status >= 300);
          });
        },
      );
      req.on("error", () => done(true));
      req.end(spec.body);
    });
  const began = performance.now();
  await Promise.all(
    Array.from({ length: opts.concurrency }, async () => {
      while (performance.now() < deadline) await once();
    }),
  );
  const seconds = (performance.now() - began) / 1000;
  agent.destroy();
  if (statuses.size) console.warn(`  non-2xx answers: ${[...statuses].map(([s, n]) => `${s} × ${n}`).join(", ")}`);
  const byKind = Object.fromEntries([...kinds].map(([k, v]) => [k, percentiles(v.latencies, v.errors, seconds)]));
  return { ...percentiles(latencies, errors, seconds), seconds, byKind };
}

export const fmt = (r: Omit<LoadResult, "byKind" | "seconds">) =>
  `p50 ${r.p50.toFixed(1)} ms  p95 ${r.p95.toFixed(1)} ms  p99 ${r.p99.toFixed(1)} ms  ${r.rps.toFixed(0)} req/s  (${r.requests} requests, ${r.errors} errors)`;
