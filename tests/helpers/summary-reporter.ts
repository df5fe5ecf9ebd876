import type { Reporter, SerializedError, TestModule, TestSuite } from "vitest/node";

/**
 * Ends the run with the plain line 'Vitest: N passed, N failed, N skipped' that CI reads. A
 * failure outside a test (a failed beforeAll, which leaves its tests "skipped", an error while
 * loading a file, an unhandled error) counts as a failure too, so the line never says 0 failed
 * for a run that failed.
 */
export default class SummaryReporter implements Reporter {
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
    process.stdout.write(`\nVitest: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped\n`);
  }
}
