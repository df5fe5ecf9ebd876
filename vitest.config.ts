import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const alias = { "@shared": r("./src/shared"), "@client": r("./src/client") };
// in every project: each file's CPU seconds for the summary's table (tests/helpers/file-cpu.ts)
const setupFiles = ["tests/helpers/file-cpu.ts"];

// Four projects: unit (pure logic, next to the code), api (real HTTP against PGlite and,
// when TEST_DATABASE_URL is set, PostgreSQL), bench (every benchmark's smoke mode), e2e
// (headless Chromium against the built app).
export default defineConfig({
  test: {
    reporters: ["default", "./tests/helpers/summary-reporter.ts"],
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: ["src/**/*.test.ts", "src/**/*.test.tsx"],
          // the seeded database template (src/server/venues/seed.test.ts reads the first seed's)
          globalSetup: ["tests/helpers/global-setup.ts"],
          setupFiles,
          environment: "node",
          sequence: { groupOrder: 0 },
          // Vitest's default is one worker fewer than the cores, one on two cores: two ran the project in
          // 71 s of wall clock instead of 99 there, with the same CPU (2026-11-29, issue 28)
          maxWorkers: Math.max(2, availableParallelism() - 1),
        },
      },
      {
        resolve: { alias },
        test: {
          name: "api",
          // A worker runs file after file in one module graph instead of a fresh one per file: each file
          // opens its own database and server and closes them, no file mocks a module, and importing
          // the app anew cost every file ~2.5 s (its wasm PostgreSQL warming up again besides). All
          // 1,396 tests pass; 422 -> 299 s of wall clock, 805 -> 566 s of CPU (2026-11-29, issue 28).
          isolate: false,
          sequence: { groupOrder: 1 },
          include: ["tests/api/**/*.test.ts"],
          globalSetup: ["tests/helpers/global-setup.ts"],
          setupFiles,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // four files at a time on two cores: a file waits on PostgreSQL, timers and sockets much
          // of its time (two workers kept the cores 80% busy, four 90%: 391 -> 341 s of wall clock
          // here, 2026-11-28, issue 28)
          maxWorkers: 4,
        },
      },
      {
        resolve: { alias },
        test: {
          // every bench under bench/ in its seconds-long smoke mode (tests/bench/smoke.test.ts)
          name: "bench",
          sequence: { groupOrder: 3 },
          include: ["tests/bench/**/*.test.ts"],
          setupFiles,
          testTimeout: 120_000,
          // two bench processes at a time: the machine's two cores
          maxConcurrency: 2,
          // and the project's other files beside the smokes, not after them: rebuilding the vibe model
          // (model-reproducible, ~18 s) runs on one core, and with one worker the other idled meanwhile
          // (the project alone: 120 -> 110 s of wall clock, idle CPU 29 -> 3 s; 2026-12-01, issue 28)
          maxWorkers: 2,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "e2e",
          // one module graph per worker, as the api project (above): 496 -> 462 s, 881 -> 814 s of CPU
          isolate: false,
          sequence: { groupOrder: 2 },
          include: ["tests/e2e/**/*.test.ts"],
          globalSetup: ["tests/helpers/global-setup.ts"],
          setupFiles,
          testTimeout: 90_000,
          hookTimeout: 120_000,
          // two files at a time, each its own server and browser: the machine's two cores were 69%
          // busy with one (556 -> 413 s of wall clock here, 2026-11-28, issue 28); three gain nothing
          // (527 s with two, 520 s with three on a slower VM: 87% and 92% busy)
          maxWorkers: 2,
        },
      },
    ],
  },
});
