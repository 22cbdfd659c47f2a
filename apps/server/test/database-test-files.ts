import fs from 'node:fs';
import path from 'node:path';
import { sourceImports } from '@coral/core/testing';
import { DATABASE_TEST_SUFFIX } from './test-database-target';

/**
 * Which server test files the PostgreSQL pass runs (docs/decisions/0047-test-loop.md): those that
 * open the test database, named `*.db.test.ts`. The others behave the same on either database
 * and run once, in the embedded pass.
 *
 * Two checks keep a database test from silently leaving the PostgreSQL pass:
 * - `namingErrors` (database-test-files.test.ts): a test file that imports, directly or through
 *   helpers, the module opening the test database must carry the suffix, and one that does not
 *   must not;
 * - `assertDatabaseTestFile` (called by createTestDatabase): a file that opens the test database
 *   at run time without the suffix fails in the embedded pass, which always runs.
 */
/** The module that opens the test database (relative to apps/server). */
export const TEST_DATABASE_MODULE = 'test/test-database.ts';

export const serverDir = path.resolve(import.meta.dirname, '..');

export function isDatabaseTestFile(file: string): boolean {
  return file.endsWith(DATABASE_TEST_SUFFIX);
}

/** Throws when a test file that is not named `*.db.test.ts` opens the test database. */
export function assertDatabaseTestFile(testFile: string | undefined): void {
  if (testFile === undefined || isDatabaseTestFile(testFile)) return;
  const name = path.relative(serverDir, testFile).split(path.sep).join('/');
  throw new Error(
    `${name} opens the test database but is not named *${DATABASE_TEST_SUFFIX}, so the PostgreSQL ` +
      `pass would skip it: rename it to ${name.replace(/\.test\.ts$/, DATABASE_TEST_SUFFIX)}.`,
  );
}

/** apps/server's TypeScript sources (src/ and test/), by path relative to apps/server. */
export function readServerSources(): Record<string, string> {
  const sources: Record<string, string> = {};
  for (const folder of ['src', 'test']) {
    const files = fs.readdirSync(path.join(serverDir, folder), {
      recursive: true,
      encoding: 'utf8',
    });
    for (const file of files) {
      if (!file.endsWith('.ts')) continue;
      const name = `${folder}/${file.split(path.sep).join('/')}`;
      sources[name] = fs.readFileSync(path.join(serverDir, name), 'utf8');
    }
  }
  return sources;
}

/**
 * The test files whose name does not say whether they open the test database: each reaching
 * TEST_DATABASE_MODULE through relative imports (type-only imports run nothing and are left
 * out) must be named `*.db.test.ts`, and no other.
 */
export function namingErrors(sources: Readonly<Record<string, string>>): string[] {
  // Walk the imports backwards from the module: every file found imports it, at some remove.
  const importers = new Map<string, string[]>();
  for (const [file, source] of Object.entries(sources)) {
    for (const { specifier, typeOnly } of sourceImports(source)) {
      if (typeOnly || !specifier.startsWith('.')) continue;
      const target = resolve(file, specifier, sources);
      importers.set(target, [...(importers.get(target) ?? []), file]);
    }
  }
  const opensDatabase = new Set([TEST_DATABASE_MODULE]);
  const queue = [TEST_DATABASE_MODULE];
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    for (const importer of importers.get(file) ?? []) {
      if (opensDatabase.has(importer)) continue;
      opensDatabase.add(importer);
      queue.push(importer);
    }
  }
  const errors: string[] = [];
  for (const file of Object.keys(sources).sort()) {
    if (!file.endsWith('.test.ts')) continue;
    const opens = opensDatabase.has(file);
    if (opens && !isDatabaseTestFile(file)) {
      errors.push(`${file} opens the test database: name it *${DATABASE_TEST_SUFFIX}`);
    } else if (!opens && isDatabaseTestFile(file)) {
      errors.push(`${file} never opens the test database: name it *.test.ts`);
    }
  }
  return errors;
}

/** The source file a relative specifier names ('./a' → 'dir/a.ts' or 'dir/a/index.ts'). */
function resolve(from: string, specifier: string, sources: Readonly<Record<string, string>>) {
  const base = path.posix.join(path.posix.dirname(from), specifier);
  const candidates = [base, `${base}.ts`, `${base}/index.ts`, base.replace(/\.js$/, '.ts')];
  return candidates.find((candidate) => candidate in sources) ?? base;
}
