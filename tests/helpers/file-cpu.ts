import { afterAll } from "vitest";

declare module "vitest" {
  interface TaskMeta {
    /** The CPU seconds of the test worker's process (all its threads) while the file ran. */
    cpuSeconds?: number;
  }
}

/**
 * Notes each test file's CPU time in its metadata, for the summary reporter's table: on two busy cores
 * a file's wall clock mostly says what ran beside it (api/catalog.test.ts: 83 s in a CI run, 37 s
 * alone, 38 s of CPU either way), its CPU what it costs. A worker runs one file at a time, so its
 * process's CPU over the file is the file's; not counted: Chromium's processes, PostgreSQL's, and
 * processes a test starts. A setup file, run anew before each file: from there to the file's last hook,
 * so a worker's first file counts importing the app too (~3 s), the files after it share that import.
 */
const started = process.cpuUsage();

// biome-ignore lint/correctness/noEmptyPattern: Vitest reads a hook's first argument as a fixture pattern
afterAll(({}, suite) => {
  const used = process.cpuUsage(started);
  suite.file.meta.cpuSeconds = (used.user + used.system) / 1e6;
});
