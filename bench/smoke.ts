/**
 * Smoke mode for every benchmark: `BENCH_SMOKE=1` (or `--smoke`) runs a bench at tiny sizes for a
 * few seconds, so that `npm test` (tests/bench/smoke.test.ts) notices a bench that no longer runs
 * or whose requests the app refuses, long before someone needs its figures. Its figures mean
 * nothing; a smoke run fails (exits non-zero) on any error or non-2xx answer.
 */
export const SMOKE = process.env.BENCH_SMOKE === "1" || process.argv.includes("--smoke");

/** The fewest requests a smoke run's load step sends (bench/load.ts): above any per-minute limit. */
export const SMOKE_MIN_REQUESTS = 200;

const used: Record<string, string | number> = {};

/** Every option read so far with the value it had (bench/header.ts prints them). */
export const usedOptions = (): Readonly<Record<string, string | number>> => ({ ...used });

/** A numeric option: the environment's value when set, else the full or the smoke default. */
export function option(name: string, full: number, smoke: number): number {
  const set = process.env[name];
  const value = set !== undefined && set !== "" ? Number(set) : SMOKE ? smoke : full;
  used[name] = value;
  return value;
}

/** A comma-list option, likewise. */
export function listOption(name: string, full: string, smoke: string): string[] {
  const set = process.env[name];
  const value = set !== undefined && set !== "" ? set : SMOKE ? smoke : full;
  used[name] = value;
  return value.split(",");
}

/**
 * The environment a bench's in-process app is configured with: quiet, its files under .tmp/bench,
 * and request limits off (RATE_LIMIT_SCALE=0): a bench sends thousands of requests from one
 * address, which the limits would answer with 429.
 */
/** The session secret of every bench's app (benches that sign their own session cookies use it too). */
export const BENCH_SECRET = "bench-secret-bench-secret-bench-secret";

// CHECK_CONTRACTS off: the benches measure the server as production runs it (without the contract check).
export const BENCH_APP_ENV = {
  LOG_LEVEL: "silent",
  DATA_DIR: ".tmp/bench",
  RATE_LIMIT_SCALE: "0",
  CHECK_CONTRACTS: "false",
} as const;

/** Throws unless `res` is a 2xx answer: a bench reports figures only for answers that worked. */
export async function okJson<T = unknown>(res: Response, what: string): Promise<T> {
  const text = await res.text();
  if (!res.ok) throw new Error(`${what}: ${res.status} ${text.slice(0, 200)}`);
  return JSON.parse(text) as T;
}
