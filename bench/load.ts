import { Pool, type Dispatcher } from "undici";
import { SMOKE, SMOKE_MIN_REQUESTS } from "./smoke";

export interface LoadResult {
  requests: number;
  errors: number;
  seconds: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  /** Mean size of an answer's body, in bytes. */
  meanBytes: number;
  /** The same figures for each kind of request, when the requests name their kind. */
  byKind: Record<string, Omit<LoadResult, "byKind" | "seconds">>;
}

/** One request of a load: a GET path, or a full request with a kind to report it under. */
export type LoadRequest =
  | string
  | { kind?: string; method?: string; path: string; headers?: Record<string, string>; body?: string };

const percentiles = (latencies: number[], errors: number, seconds: number, bytes: number) => {
  latencies.sort((a, b) => a - b);
  const pct = (p: number) =>
    latencies.length ? latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] : NaN;
  return {
    requests: latencies.length,
    errors,
    rps: latencies.length / seconds,
    p50: pct(50),
    p95: pct(95),
    p99: pct(99),
    meanBytes: latencies.length ? bytes / latencies.length : 0,
  };
};

/**
 * Holds `concurrency` requests in flight for `seconds`, each worker sending its next request as
 * soon as the last answers, over keep-alive connections (undici's pool: a light client, so the
 * load generator takes less of the machine it shares with the app; see `send`). With several bases (app
 * instances), workers are spread over them in turn, as a load balancer would. Latency is measured
 * per request with performance.now(); any non-2xx answer or failed request counts as an error
 * (its latency is counted too, so errors cannot make the percentiles look better).
 */
/**
 * One request through undici's dispatch API: the whole answer is read off the connection and its
 * bytes counted, without the Readable stream that pool.request wraps it in (that stream was most
 * of the load generator's time, on the cores it shares with the app).
 */
function send(pool: Pool, opts: Dispatcher.DispatchOptions): Promise<{ status: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    let status = 0;
    let bytes = 0;
    // the handler interface undici 7's Client takes (its newer onResponse* one is for interceptors)
    pool.dispatch(opts, {
      onConnect() {},
      onHeaders(statusCode) {
        status = statusCode;
        return true;
      },
      onData(chunk) {
        bytes += chunk.length;
        return true;
      },
      onComplete() {
        resolve({ status, bytes });
      },
      onError(err) {
        reject(err);
      },
    });
  });
}

export async function holdLoad(
  base: string | readonly string[],
  next: () => LoadRequest,
  opts: { concurrency: number; seconds: number; headers?: Record<string, string> },
): Promise<LoadResult> {
  const bases = [base].flat();
  const pools = bases.map(
    (b, i) => new Pool(b, { connections: Math.ceil((opts.concurrency - i) / bases.length), pipelining: 1 }),
  );
  const latencies: number[] = [];
  const kinds = new Map<string, { latencies: number[]; errors: number; bytes: number }>();
  let errors = 0;
  let bytes = 0;
  const statuses = new Map<number, number>();
  const deadline = performance.now() + opts.seconds * 1000;
  const once = async (pool: Pool) => {
    const r = next();
    const spec = typeof r === "string" ? { path: r } : r;
    const key = spec.kind ?? "all";
    const kind = kinds.get(key) ?? kinds.set(key, { latencies: [], errors: 0, bytes: 0 }).get(key)!;
    const start = performance.now();
    let failed = true;
    try {
      const res = await send(pool, {
        method: (spec.method ?? "GET") as Dispatcher.HttpMethod,
        path: spec.path,
        headers: { ...opts.headers, ...spec.headers },
        body: spec.body,
      });
      bytes += res.bytes;
      kind.bytes += res.bytes;
      failed = res.status >= 300;
      if (failed) statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    } catch {
      failed = true;
    }
    const ms = performance.now() - start;
    latencies.push(ms);
    kind.latencies.push(ms);
    if (failed) {
      errors++;
      kind.errors++;
    }
  };
  const began = performance.now();
  // A smoke run sends at least SMOKE_MIN_REQUESTS however short its seconds: more than any
  // per-minute limit of a route a bench calls (match-public and likes: 120), so that a bench
  // the limits refuse fails there.
  const atLeast = SMOKE ? SMOKE_MIN_REQUESTS : 0;
  let started = 0;
  await Promise.all(
    Array.from({ length: opts.concurrency }, async (_, i) => {
      const pool = pools[i % pools.length];
      while (performance.now() < deadline || started < atLeast) {
        started++;
        await once(pool);
      }
    }),
  );
  const seconds = (performance.now() - began) / 1000;
  await Promise.all(pools.map((p) => p.destroy()));
  const refused = [...statuses].map(([s, n]) => `${s} × ${n}`).join(", ");
  if (statuses.size) console.warn(`  non-2xx answers: ${refused}`);
  // a smoke run (bench/smoke.ts) is there to notice exactly this
  if (SMOKE && errors)
    throw new Error(`${errors} of ${latencies.length} requests failed (non-2xx: ${refused || "none"})`);
  const byKind = Object.fromEntries(
    [...kinds].map(([k, v]) => [k, percentiles(v.latencies, v.errors, seconds, v.bytes)]),
  );
  return { ...percentiles(latencies, errors, seconds, bytes), seconds, byKind };
}

export const fmt = (r: Omit<LoadResult, "byKind" | "seconds">) =>
  `p50 ${r.p50.toFixed(1)} ms  p95 ${r.p95.toFixed(1)} ms  p99 ${r.p99.toFixed(1)} ms  ` +
  `${r.rps.toFixed(0)} req/s  (${r.requests} requests, ${r.errors} errors)  ` +
  `${r.meanBytes < 1000 ? `${r.meanBytes.toFixed(0)} B` : `${(r.meanBytes / 1000).toFixed(1)} kB`} each`;
