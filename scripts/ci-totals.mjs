// Sums the Vitest and Playwright JSON reports into the one line CI ends with:
// "N passed, N failed". A missing report counts as one failure (the suite did not run).
import fs from 'node:fs';

let passed = 0;
let failed = 0;

function read(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    console.log(`No test report at ${file}: counted as a failure.`);
    failed += 1;
    return undefined;
  }
}

const [vitestFile, playwrightFile] = process.argv.slice(2);

const vitest = read(vitestFile);
if (vitest) {
  passed += vitest.numPassedTests ?? 0;
  failed += vitest.numFailedTests ?? 0;
  // a file that failed to load has no tests but must not pass silently
  if ((vitest.numFailedTestSuites ?? 0) > 0 && (vitest.numFailedTests ?? 0) === 0) {
    failed += vitest.numFailedTestSuites;
  }
}

const playwright = read(playwrightFile);
if (playwright) {
  const stats = playwright.stats ?? {};
  passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
  failed += stats.unexpected ?? 0;
  if ((playwright.errors ?? []).length > 0 && (stats.unexpected ?? 0) === 0) {
    failed += playwright.errors.length;
  }
}

console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
