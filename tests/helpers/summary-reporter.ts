import { mkdirSync, writeFileSync } from "node:fs";
import type { Reporter, SerializedError, TestModule, TestSuite } from "vitest/node";

/** How many of the slowest test files the summary names. */
const SLOWEST_FILES = 12;

/**
 * Ends the run with where the time went (each project's summed file time, the slowest files: CI
 * keeps only the end of the output, and a suite that grows slower should be seen there), then with
 * the plain line 'Vitest: N passed, N failed, N skipped' that CI reads. A
 * failure outside a test (a failed beforeAll, which leaves its tests "skipped", an error while
 * loading a file, an unhandled error) counts as a failure too, so the line never says 0 failed
 * for a run that failed.
 */
export default class SummaryReporter implements Reporter {
  /** Per project, when its first file started and its last ended (the projects run group after group). */
  private readonly spans = new Map<string, { start: number; end: number }>();

  onTestModuleStart(m: TestModule) {
    const project = m.project.name || "(root)";
    if (!this.spans.has(project)) this.spans.set(project, { start: performance.now(), end: performance.now() });
  }

  onTestModuleEnd(m: TestModule) {
    const span = this.spans.get(m.project.name || "(root)");
    if (span) span.end = performance.now();
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<SerializedError>) {
    const counts = { passed: 0, failed: 0, skipped: 0 };
    for (const m of modules) {
      for (const t of m.children.allTests()) {
        const state = t.result().state;
        if (state === "passed") counts.passed++;
        else if (state === "failed") counts.failed++;
        else counts.skipped++;
      }
      const failedOutsideTests = (s: TestModule | TestSuite) =>
        s.state() === "failed" && ![...s.children.allTests()].some((t) => t.result().state === "failed");
      counts.failed += m.errors().length + [...m.children.allSuites()].filter(failedOutsideTests).length;
      if (!m.errors().length && failedOutsideTests(m) && ![...m.children.allSuites()].some(failedOutsideTests))
        counts.failed++;
    }
    counts.failed += unhandledErrors.length;
    process.stdout.write(timeTable(modules));
    process.stdout.write(spanLine(this.spans));
    writeTimes(modules);
    process.stdout.write(`\nVitest: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped\n`);
  }
}

/**
 * Seconds per project (the sum of its files' test and hook time, and of their CPU) and the slowest
 * files, each with its CPU seconds (tests/helpers/file-cpu.ts): where two busy cores are shared, a
 * file's wall clock grows with what runs beside it, its CPU does not.
 */
export function timeTable(modules: ReadonlyArray<TestModule>): string {
  const files = fileTimes(modules);
  if (!files.length) return "";
  const perProject = new Map<string, { seconds: number; cpu: number; files: number }>();
  for (const f of files) {
    const p = perProject.get(f.project) ?? { seconds: 0, cpu: 0, files: 0 };
    p.seconds += f.seconds;
    p.cpu += f.cpu ?? 0;
    p.files++;
    perProject.set(f.project, p);
  }
  const cpu = (s: number | undefined) => (s === undefined ? "" : `  (CPU ${s.toFixed(1)} s)`);
  const lines = ["", "Time in test files (summed; files of a project may run side by side; CPU: the test worker's):"];
  for (const [project, p] of [...perProject].sort((a, b) => b[1].seconds - a[1].seconds))
    lines.push(`  ${project.padEnd(6)} ${p.seconds.toFixed(1).padStart(7)} s in ${p.files} files${cpu(p.cpu)}`);
  lines.push(`Slowest ${Math.min(SLOWEST_FILES, files.length)} files:`);
  for (const f of [...files].sort((a, b) => b.seconds - a.seconds).slice(0, SLOWEST_FILES))
    lines.push(`  ${f.seconds.toFixed(1).padStart(7)} s  ${f.project.padEnd(6)} ${f.file}${cpu(f.cpu)}`);
  return `${lines.join("\n")}\n`;
}

/** Each project's wall clock, first file started to last ended: where a run's minutes went. */
function spanLine(spans: ReadonlyMap<string, { start: number; end: number }>): string {
  if (!spans.size) return "";
  const parts = [...spans].map(([project, s]) => `${project} ${((s.end - s.start) / 1000).toFixed(1)} s`);
  return `Wall clock per project (first file started to last ended): ${parts.join(", ")}\n`;
}

/** Every file's seconds, slowest first, in .tmp/test-times.tsv (project, seconds, CPU seconds, file). */
function writeTimes(modules: ReadonlyArray<TestModule>) {
  const rows = fileTimes(modules)
    .sort((a, b) => b.seconds - a.seconds)
    .map((f) => `${f.project}\t${f.seconds.toFixed(1)}\t${f.cpu?.toFixed(1) ?? ""}\t${f.file}`);
  mkdirSync(".tmp", { recursive: true });
  writeFileSync(".tmp/test-times.tsv", `project\tseconds\tcpu_seconds\tfile\n${rows.join("\n")}\n`);
}

/** Each file's project, path, seconds (its tests' and hooks' time) and CPU seconds when noted. */
function fileTimes(modules: ReadonlyArray<TestModule>) {
  return modules.map((m) => ({
    project: m.project.name || "(root)",
    file: m.moduleId.slice(m.project.config.root.length + 1),
    seconds: m.diagnostic().duration / 1000,
    cpu: m.meta().cpuSeconds,
  }));
}
