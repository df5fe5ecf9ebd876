import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CEBAB_DIR } from "../../bench/cebab";

/**
 * Benchmarks rot silently: bench/match-public.ts answered 429 to every request for weeks once
 * request limits arrived. Every bench runs here in its smoke mode (bench/smoke.ts: tiny sizes, a
 * second or two of load) and the test fails when it throws, exits non-zero or gets a non-2xx
 * answer (bench/load.ts throws on those in smoke mode). The figures it prints mean nothing.
 *
 * PostgreSQL benches use TEST_DATABASE_URL (and Redis TEST_REDIS_URL): without them they are
 * skipped, saying so; so are the text-model benches when the CEBaB data (../shared/data) is absent.
 */
const pg = process.env.TEST_DATABASE_URL;
const redis = process.env.TEST_REDIS_URL;
const cebab = (split: string) => existsSync(`${CEBAB_DIR.replace(/\/?$/, "/")}cebab_v1.1_${split}.json.gz`);

interface Bench {
  file: string;
  /** Why it cannot run here, if it cannot. */
  missing?: string | false;
  args?: string[];
  env?: Record<string, string>;
  /** Node's own flags, before the script. */
  nodeArgs?: string[];
}

const benches: Bench[] = [
  { file: "catalog.ts" },
  { file: "match-json.ts" },
  { file: "seed.ts" },
  { file: "match-pages.ts" },
  // on PGlite: its memory figure then counts PGlite's buffer too, which a smoke run does not read
  { file: "readmodel-memory.ts", env: { BENCH_DB: "pglite" }, nodeArgs: ["--expose-gc"] },
  // on PGlite only: the PostgreSQL path of the same app is what load-mix below smokes
  { file: "match-public.ts", env: { BENCH_DBS: "pglite" } },
  { file: "feed.ts", env: { BENCH_DBS: "pglite" } },
  { file: "sync.ts", env: pg ? { BENCH_DBS: "pglite,postgres" } : { BENCH_DBS: "pglite" } },
  { file: "load-mix.ts", missing: !pg && "TEST_DATABASE_URL is not set" },
  { file: "ws-fanout.ts", missing: (!pg || !redis) && "TEST_DATABASE_URL and TEST_REDIS_URL are not both set" },
  {
    file: "text-eval.ts",
    missing: !cebab("test") && `the CEBaB test split is not in ${CEBAB_DIR}`,
  },
  {
    file: "train-vibe-model.ts",
    // trains and checks the model but does not write data/models/vibe-model-v2.json
    args: ["--dry-run"],
    missing: !cebab("train_inclusive") && `the CEBaB train split is not in ${CEBAB_DIR}`,
  },
];

/** Runs a bench as `npx tsx bench/<file>` would, in smoke mode; answers its exit code and output. */
function run(b: Bench): Promise<{ code: number | null; output: string; ms: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const args = [...(b.nodeArgs ?? []), "--import", "tsx", `bench/${b.file}`, ...(b.args ?? [])];
    const child = spawn(process.execPath, args, {
      env: {
        ...process.env,
        BENCH_SMOKE: "1",
        ...(pg ? { BENCH_DATABASE_URL: pg } : {}),
        ...(redis ? { BENCH_REDIS_URL: redis } : {}),
        ...b.env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    child.on("close", (code) => resolve({ code, output, ms: performance.now() - started }));
  });
}

describe.concurrent("benchmarks in smoke mode", () => {
  for (const b of benches) {
    it.skipIf(Boolean(b.missing))(`${b.file} runs${b.missing ? ` (skipped: ${b.missing})` : ""}`, async () => {
      const { code, output, ms } = await run(b);
      console.log(`bench/${b.file} smoke: exit ${code} in ${(ms / 1000).toFixed(1)} s`);
      expect(code, output).toBe(0);
      expect(output, output).not.toMatch(/non-2xx answers/);
    });
  }
});
