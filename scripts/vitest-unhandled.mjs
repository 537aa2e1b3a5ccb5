// Vitest fails a run when an error escapes every test (a rejection nobody awaited, a worker that died), but its
// JSON report leaves such errors out. This reporter writes them to UNHANDLED_ERRORS_OUT, so that the test
// summary at the end of the log, the part a CI page shows, can name them.
import { writeFileSync } from 'node:fs';

export default class UnhandledErrorsReporter {
  onTestRunEnd(_testModules, unhandledErrors) {
    const errors = unhandledErrors.map((error) => ({
      name: error.name ?? 'Error',
      message: String(error.message ?? error).split('\n')[0],
      // Vitest names the test file (and test) an error surfaced in, when it knows it.
      file: error.VITEST_TEST_PATH,
      test: error.VITEST_TEST_NAME,
      stack: String(error.stack ?? '')
        .split('\n')
        .slice(1, 6)
        .map((line) => line.trim()),
    }));
    writeFileSync(process.env.UNHANDLED_ERRORS_OUT, JSON.stringify(errors));
  }
}
