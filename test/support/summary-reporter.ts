// Prints plain closing lines after vitest's own summary: which suites this machine could
// not run and why (today: Firefox, see browsers.ts), then "N passed, N failed" last, so
// tools that read a run's last line (CI) can count the tests.
import type { Reporter, TestModule } from "vitest/node";
import { FIREFOX_NOT_RUN, runFirefoxSuites } from "./browsers.js";

export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const m of testModules) {
      for (const t of m.children.allTests()) {
        const state = t.result().state;
        if (state === "passed") passed++;
        else if (state === "failed") failed++;
        else skipped++;
      }
      if (m.state() === "failed" && [...m.children.allTests()].length === 0) failed++;
    }
    const notRun = runFirefoxSuites() ? "" : `\n${FIREFOX_NOT_RUN}`;
    process.stdout.write(`${notRun}\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}\n`);
  }
}
