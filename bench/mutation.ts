/**
 * Mutation testing (issue 29): StrykerJS changes the code of the modules whose guarantees matter
 * most, one small change (a mutant) at a time, and runs their unit tests against each; a mutant no
 * test notices (survived) is a change of behaviour nothing checks. Prints the score per module
 * (killed or timed out / all valid mutants; "no coverage" mutants, which no unit test even runs,
 * count as survived) and lists the survivors.
 *
 *   nice -n 10 npx tsx bench/mutation.ts > bench/results/mutation.txt
 *   BENCH_MUTATE=src/server/vibes/blend.ts,src/server/venues/ranking.ts nice -n 10 npx tsx bench/mutation.ts
 *
 * Unit tests only (bench/mutation.vitest.config.ts): the API tests (tests/api) cover auth and the read
 * model but take minutes per run, too slow to repeat per mutant here. CPU-heavy (one mutant at a time,
 * BENCH_CONCURRENCY=1): a bench, not part of CI. StrykerJS 9.6 (@stryker-mutator/core and
 * vitest-runner): 10.x needs Node 22, VIBE runs on Node 20.
 */
import { Stryker } from "@stryker-mutator/core";
import { printHeader } from "./header";
import { listOption, option } from "./smoke";

/** The modules whose guarantees matter most (issue 29): sign-in, the read model, matching, the vibe blend. */
const MODULES = [
  "src/server/auth/sessions.ts",
  "src/server/auth/login-limit.ts",
  "src/server/auth/roles.ts",
  "src/server/auth/email-tokens.ts",
  "src/server/readmodel/index.ts",
  "src/server/venues/catalog.ts",
  "src/server/venues/ranking.ts",
  "src/server/vibes/blend.ts",
].join(",");

const mutate = listOption("BENCH_MUTATE", MODULES, "src/server/venues/ranking.ts");
const concurrency = option("BENCH_CONCURRENCY", 1, 1);
// The catalog's index test is a fast-check property test (40 cases in the suite): a few cases per
// mutant here, or catalog.ts's ~1,200 mutants take hours. Inherited by Stryker's test workers.
process.env.FUZZ_RUNS ??= "5";
printHeader(import.meta.url, { stryker: "9.6.1", tests: "bench/mutation.vitest.config.ts (unit only)" });

// logLevel is a const enum in the options type: the object is given as the options it is
const options = {
  mutate,
  testRunner: "vitest",
  plugins: ["@stryker-mutator/vitest-runner"],
  vitest: { configFile: "bench/mutation.vitest.config.ts", related: false },
  coverageAnalysis: "perTest",
  concurrency,
  reporters: ["progress-append-only"],
  tempDirName: ".tmp/stryker",
  cleanTempDir: true,
  // a rerun after new tests re-tests only the mutants those tests (or changed code) touch
  incremental: true,
  incrementalFile: process.env.BENCH_INCREMENTAL_FILE ?? ".tmp/stryker-incremental.json",
  timeoutMS: 10_000,
  // Module-level mutants (a constant's initial value) would need every test run once per mutant, and
  // some hang the run until the timeout restarts the worker (a minute each here): not run; they are
  // counted under "other" (Ignored).
  ignoreStatic: true,
  logLevel: "warn",
  ignorePatterns: ["dist", ".tmp", "test-results", ".data"],
};
const stryker = new Stryker(options as unknown as ConstructorParameters<typeof Stryker>[0]);
const results = await stryker.runMutationTest();

const DETECTED = new Set(["Killed", "Timeout"]);
const UNDETECTED = new Set(["Survived", "NoCoverage"]);
const pct = (a: number, b: number) => (b ? `${((100 * a) / b).toFixed(1)}%` : "-");
console.log(
  `\n${"module".padEnd(36)} ${"score".padStart(7)}  ${"covered".padStart(7)}  ` +
    "killed  timeout  survived  no cover  other",
);
const survivors: string[] = [];
for (const file of mutate) {
  // "file.ts:563-714" mutates only those lines (Stryker's syntax): a file may be named twice, with
  // two ranges, and each row counts its own range's mutants
  const [, path, from, to] = /^(.*?)(?::(\d+)-(\d+))?$/.exec(file)!;
  const inRange = (line: number) => from === undefined || (line >= Number(from) && line <= Number(to));
  const mine = results.filter((m) => m.fileName.endsWith(path) && inRange(m.location.start.line));
  const n = (s: string) => mine.filter((m) => m.status === s).length;
  const detected = mine.filter((m) => DETECTED.has(m.status)).length;
  const valid = detected + mine.filter((m) => UNDETECTED.has(m.status)).length;
  const covered = valid - n("NoCoverage");
  console.log(
    `${file.padEnd(36)} ${pct(detected, valid).padStart(7)}  ${pct(detected, covered).padStart(7)}  ` +
      `${String(n("Killed")).padStart(6)}  ${String(n("Timeout")).padStart(7)}  ` +
      `${String(n("Survived")).padStart(8)}  ` +
      `${String(n("NoCoverage")).padStart(8)}  ${String(mine.length - valid).padStart(5)}`,
  );
  for (const m of mine.filter((x) => x.status === "Survived"))
    survivors.push(
      `${file}:${m.location.start.line} ${m.mutatorName}: ${(m.replacement ?? "").replace(/\s+/g, " ").slice(0, 90)}`,
    );
}
console.log(
  "\nscore = (killed + timeout) / (killed + timeout + survived + no coverage); covered = the same without the" +
    "\nmutants no unit test runs. other = compile or runtime errors and ignored mutants, not counted.",
);
console.log(`\nSurvived (a unit test runs the changed code and passes): ${survivors.length}`);
for (const s of survivors) console.log(`  ${s}`);
