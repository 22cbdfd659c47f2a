// `npm run test:r`: the R client (clients/r) against a live server. Starts the server on a free
// port with a fresh embedded database (migrated and seeded with the bundled data), waits until it
// answers, then builds the package, runs `R CMD check --no-manual` (which runs the tests) and the
// testthat suite once more for its counts. The last line is "R tests: N passed, N failed"; with
// a path argument the counts are also written there as JSON (scripts/ci-totals.mjs reads it).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const packageDir = path.join(root, 'clients/r');
const reportFile = process.argv[2];

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function waitUntilReady(server, url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited with ${server.exitCode}.`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`The server did not answer ${url} within ${timeoutMs / 1000} s.`);
}

function run(command, args, options = {}) {
  console.log(`$ ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit', ...options });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

function writeReport(passed, failed) {
  console.log(`R tests: ${passed} passed, ${failed} failed`);
  if (reportFile) fs.writeFileSync(reportFile, JSON.stringify({ passed, failed }));
}

if (spawnSync('R', ['--version'], { stdio: 'ignore' }).status !== 0) {
  console.log(
    'R is not installed (Debian: r-base-core r-cran-httr2 r-cran-jsonlite r-cran-testthat).',
  );
  writeReport(0, 1);
  process.exit(1);
}

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'coralthermal-r-'));
const [port, ed50Port] = [await freePort(), await freePort()];
const baseUrl = `http://127.0.0.1:${port}`;
const serverOutput = [];
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: root,
  env: {
    ...process.env,
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    PORT: String(port),
    ED50_PORT: String(ed50Port),
    DATA_DIR: path.join(work, 'data'),
    DATABASE_URL: '',
    ED50_CALCULATOR_URL: '',
    LOG_LEVEL: 'warn',
    // The suite downloads more than an anonymous visitor may in ten minutes.
    DOWNLOAD_MAX_ANONYMOUS_PER_WINDOW: '10000',
  },
  stdio: ['ignore', 'pipe', 'pipe'],
});
for (const stream of [server.stdout, server.stderr]) {
  stream.setEncoding('utf8');
  stream.on('data', (chunk) => {
    serverOutput.push(chunk);
    if (serverOutput.length > 200) serverOutput.shift();
  });
}

let passed = 0;
let failed = 0;
try {
  await waitUntilReady(server, `${baseUrl}/api/public/config/`, 300_000);
  console.log(`Server ready at ${baseUrl} (fresh embedded database in ${work})`);
  const env = {
    ...process.env,
    CORALTHERMAL_TEST_URL: baseUrl,
    // The READMEs whose examples the suite runs (tests/testthat/test-readme.R).
    CORALTHERMAL_README_DIR: root,
    _R_CHECK_FORCE_SUGGESTS_: 'false',
  };
  const options = { cwd: work, env };
  if (run('R', ['CMD', 'build', packageDir], options) !== 0) throw new Error('R CMD build failed');
  const tarball = fs.readdirSync(work).find((name) => /^coralthermal_.*\.tar\.gz$/.test(name));
  const checkStatus = run('R', ['CMD', 'check', '--no-manual', tarball], options);
  const log = fs.readFileSync(path.join(work, 'coralthermal.Rcheck/00check.log'), 'utf8');
  const problems = /Status: .*(ERROR|WARNING)/.test(log) || checkStatus !== 0;
  if (problems) {
    console.log('R CMD check reported errors or warnings (above): counted as a failure.');
    failed += 1;
  }
  const library = path.join(work, 'library');
  fs.mkdirSync(library);
  run('R', ['CMD', 'INSTALL', '--no-test-load', '-l', library, tarball], options);
  const counts = path.join(work, 'counts.json');
  const script = [
    `library(coralthermal, lib.loc = ${JSON.stringify(library)})`,
    `results <- as.data.frame(testthat::test_dir(${JSON.stringify(path.join(packageDir, 'tests/testthat'))},`,
    `  package = "coralthermal", load_package = "none", reporter = "summary", stop_on_failure = FALSE))`,
    'bad <- results$failed > 0 | results$error',
    `jsonlite::write_json(list(passed = sum(!bad & !results$skipped), failed = sum(bad),`,
    `  skipped = sum(results$skipped)), ${JSON.stringify(counts)}, auto_unbox = TRUE)`,
  ].join('\n');
  run('Rscript', ['-e', script], options);
  const tests = JSON.parse(fs.readFileSync(counts, 'utf8'));
  passed += tests.passed;
  failed += tests.failed + tests.skipped;
  if (tests.skipped > 0) console.log(`${tests.skipped} R tests were skipped: counted as failures.`);
} catch (error) {
  console.log(`The R suite did not run: ${error.message}`);
  console.log(`Server output:\n${serverOutput.join('')}`);
  failed += 1;
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  fs.rmSync(work, { recursive: true, force: true });
}
writeReport(passed, failed);
process.exit(failed > 0 ? 1 : 0);
