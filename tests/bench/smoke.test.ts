import { spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openMigratedPglite } from "../../bench/bench-db";
import { CEBAB_DIR } from "../../bench/cebab";
import { writePgliteTemplate } from "../helpers/pglite-template";

/**
 * Benchmarks rot silently: bench/match-public.ts answered 429 to every request for weeks once
 * request limits arrived. Every bench runs here in its smoke mode (bench/smoke.ts: tiny sizes, a
 * second or two of load) and the test fails when it throws, exits non-zero or gets a non-2xx
 * answer (bench/load.ts throws on those in smoke mode). The figures it prints mean nothing.
 *
 * PostgreSQL benches use TEST_DATABASE_URL (and Redis TEST_REDIS_URL): without them they are
 * skipped, saying so; so are the text-model benches when the CEBaB data (../shared/data) is absent.
 * Under CI (CI=true, .ci/run), which has all of them, a bench that cannot run fails instead.
 */
const pg = process.env.TEST_DATABASE_URL;
const redis = process.env.TEST_REDIS_URL;
const inCi = process.env.CI === "true";
const cebab = (split: string) => existsSync(`${CEBAB_DIR.replace(/\/?$/, "/")}cebab_v1.1_${split}.json.gz`);

interface Bench {
  file: string;
  /** How this run differs from the file's plain one, when a file runs twice. */
  label?: string;
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
  { file: "slow-clients.ts" },
  // on PGlite: its memory figure then counts PGlite's buffer too, which a smoke run does not read
  { file: "readmodel-memory.ts", env: { BENCH_DB: "pglite" }, nodeArgs: ["--expose-gc"] },
  // on PGlite only: the PostgreSQL path of the same app is what load-mix below smokes
  // two cases in turns, twice: what a run of the sorts side by side (issue 28's medians of three) reads
  { file: "match-public.ts", env: { BENCH_DBS: "pglite", BENCH_CASES: "nearest,open", BENCH_ROUNDS: "2" } },
  // the same against two instances started as production starts them (one per core, issue 28)
  {
    file: "match-public.ts",
    label: "two instances",
    env: { BENCH_DBS: "postgres", BENCH_INSTANCES: "2" },
    missing: (!pg || !redis) && "TEST_DATABASE_URL and TEST_REDIS_URL are not both set",
  },
  // what 8 clients' latency is made of: a bare server, the app with a kept page, the match (issue 28)
  { file: "http-floor.ts" },
  // the dense city centre: match-public beside /api/health (issue 28)
  { file: "match-dense.ts", env: { BENCH_DBS: "pglite" } },
  { file: "feed.ts", env: { BENCH_DBS: "pglite" } },
  { file: "sync.ts", env: pg ? { BENCH_DBS: "pglite,postgres" } : { BENCH_DBS: "pglite" } },
  { file: "load-mix.ts", missing: !pg && "TEST_DATABASE_URL is not set" },
  // an instance started as production starts one, timed until ready; a change followed (issue 28)
  { file: "ready.ts", missing: !pg && "TEST_DATABASE_URL is not set" },
  // the match path in process, without HTTP (issue 28's grid index)
  { file: "match-catalog.ts", missing: !pg && "TEST_DATABASE_URL is not set" },
  // the same old beside new: this commit's catalog module loaded a second time from git
  {
    file: "match-catalog.ts",
    label: "against HEAD",
    env: { BENCH_AGAINST: "HEAD" },
    missing: !pg && "TEST_DATABASE_URL is not set",
  },
  { file: "ws-fanout.ts", missing: (!pg || !redis) && "TEST_DATABASE_URL and TEST_REDIS_URL are not both set" },
  {
    file: "text-eval.ts",
    // trains the TF-IDF baseline on train and dev, evaluates on test
    missing: !["train_inclusive", "dev", "test"].every(cebab) && `the CEBaB splits are not in ${CEBAB_DIR}`,
  },
  // bench/train-vibe-model.ts runs in tests/bench/model-reproducible.test.ts, which compares its output with
  // the shipped file
];

/** Benches that print results (bench/header.ts) but are run elsewhere or not in the suite, and why. */
const RUN_ELSEWHERE: Record<string, string> = {
  "train-vibe-model.ts":
    "tests/bench/model-reproducible.test.ts runs it and compares its output with the shipped model",
  "mutation.ts": "mutation testing takes hours on two cores: a bench run by hand (bench/results/mutation.txt)",
  "vibe-coverage.ts": "tests/api/likely.test.ts checks the same coverage (at least 20 per vibe) on the seed",
  "vibe-top-ten.ts": "a hand check: its verdicts are written by a person (bench/vibe-top-ten-verdicts.tsv)",
};

it("every bench that prints results is smoked here or says where it runs", () => {
  const printing = readdirSync("bench")
    .filter((f) => f.endsWith(".ts") && f !== "header.ts")
    .filter((f) => readFileSync(`bench/${f}`, "utf8").includes("printHeader("));
  const listed = new Set([...benches.map((b) => b.file), ...Object.keys(RUN_ELSEWHERE)]);
  expect(printing.filter((f) => !listed.has(f))).toEqual([]);
});

/** Runs a bench as `npx tsx bench/<file>` would, in smoke mode; answers its exit code and output. */
function run(b: Bench): Promise<{ code: number | null; output: string; ms: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const args = [...(b.nodeArgs ?? []), "--import", "tsx", `bench/${b.file}`, ...(b.args ?? [])];
    const child = spawn(process.execPath, args, {
      env: {
        ...process.env,
        BENCH_SMOKE: "1",
        BENCH_PGLITE_TEMPLATE: PGLITE_TEMPLATE,
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

/**
 * A migrated, empty PGlite that the benches load (BENCH_PGLITE_TEMPLATE, bench/bench-db.ts
 * openMigratedPglite) instead of each running initdb: ~4.5 s of CPU a bench here against ~1.3 s to load
 * it, for the ten benches on PGlite. Made once, before them.
 */
const PGLITE_TEMPLATE = resolve(`.tmp/bench-pglite-${process.pid}.tar`);
beforeAll(async () => {
  const db = await openMigratedPglite();
  await writePgliteTemplate(db.raw, PGLITE_TEMPLATE);
  await db.close();
}, 120_000);
afterAll(() => rmSync(PGLITE_TEMPLATE, { force: true }));

describe.concurrent("benchmarks in smoke mode", () => {
  for (const b of benches) {
    it.skipIf(Boolean(b.missing) && !inCi)(
      `${b.file}${b.label ? ` (${b.label})` : ""} runs` +
        `${b.missing ? ` (${inCi ? "cannot run" : "skipped"}: ${b.missing})` : ""}`,
      async () => {
        if (b.missing) throw new Error(`CI must run every bench, but ${b.file} cannot run: ${b.missing}`);
        const { code, output, ms } = await run(b);
        console.log(`bench/${b.file} smoke: exit ${code} in ${(ms / 1000).toFixed(1)} s`);
        expect(code, output).toBe(0);
        expect(output, output).not.toMatch(/non-2xx answers/);
        // every bench starts its output with the shared header (bench/header.ts): the results files
        // it writes say when, on which commit, with which settings and at what load (issue 29 item 2)
        expect(output, output).toMatch(new RegExp(`^# bench/${b.file.replace(".", "\\.")}\n# date: 20`, "m"));
        expect(output, output).toMatch(/^# machine: .*load average/m);
      },
    );
  }
});
