/**
 * The unit tests bench/mutation.ts runs against each mutant: only the fast ones of the
 * mutated modules (the API suite, tests/api, takes minutes per run here: far too slow to repeat for
 * thousands of mutants on two shared cores), and the in-process database tests of auth/ and the
 * read model (PGlite, tests/helpers/unit-db.ts). One project, no global setup.
 */
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export const MUTATION_TESTS = [
  "src/server/vibes/blend.test.ts",
  "src/server/vibes/blend-evidence.test.ts",
  "src/server/vibes/blend-rules.test.ts",
  "src/server/venues/ranking.test.ts",
  "src/server/venues/service.test.ts",
  "src/server/venues/catalog-store.test.ts",
  // the catalog's grid index against a plain scan (fast-check): run with a few cases per mutant,
  // FUZZ_RUNS=5 (bench/mutation.ts), not its 40
  "src/server/venues/catalog-index.test.ts",
  "src/server/auth/**/*.test.ts",
  "src/server/readmodel/**/*.test.ts",
];

export default defineConfig({
  root: r(".."),
  resolve: { alias: { "@shared": r("../src/shared"), "@client": r("../src/client") } },
  test: {
    include: MUTATION_TESTS,
    environment: "node",
    // One worker kept across Stryker's runs: the database tests of auth/ and readmodel/ open their
    // PGlite once (tests/helpers/unit-db.ts), not once per mutant (~15 s each on this machine).
    isolate: false,
  },
});
