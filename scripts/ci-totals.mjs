// Sums the Vitest, Playwright and R client (scripts/test-r.mjs) reports into the one line CI ends
// with: "N passed, N failed". A missing report counts as one failure (the suite did not run).
// The first argument may list several Vitest reports, comma-separated (npm test's, then the
// replica suite's). The R report is r-tests.json beside the first Vitest report, unless given as
// the third argument.
import fs from 'node:fs';
import path from 'node:path';

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

const failures = [];
const [vitestFiles, playwrightFile, rFile] = process.argv.slice(2);
const vitestList = vitestFiles.split(',');

for (const vitest of vitestList.map(read)) {
  if (!vitest) continue;
  passed += vitest.numPassedTests ?? 0;
  failed += vitest.numFailedTests ?? 0;
  // a file that failed to load has no tests but must not pass silently
  if ((vitest.numFailedTestSuites ?? 0) > 0 && (vitest.numFailedTests ?? 0) === 0) {
    failed += vitest.numFailedTestSuites;
  }
  for (const file of vitest.testResults ?? []) {
    const failing = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failing) failures.push(`${file.name}: ${test.fullName}`);
    if (failing.length === 0 && file.status === 'failed') {
      failures.push(`${file.name}: did not load`);
    }
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
  collectPlaywrightFailures(playwright.suites ?? [], []);
}

const r = read(rFile ?? path.join(path.dirname(vitestList[0]), 'r-tests.json'));
if (r) {
  passed += r.passed ?? 0;
  failed += r.failed ?? 0;
  if ((r.failed ?? 0) > 0) failures.push(`R client (npm run test:r): ${r.failed} failed`);
}

// The tail of a CI log is often all that is kept: name what failed right above the totals.
function collectPlaywrightFailures(suites, titles) {
  for (const suite of suites) {
    const path = suite.title ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) {
      const unexpected = (spec.tests ?? []).some((test) => test.status === 'unexpected');
      if (unexpected) {
        failures.push(`${spec.file}:${spec.line} ${[...path, spec.title].join(' › ')}`);
      }
    }
    collectPlaywrightFailures(suite.suites ?? [], path);
  }
}

if (failures.length > 0) {
  console.log('Failed tests:');
  for (const failure of failures) console.log(`  ${failure}`);
}

console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
