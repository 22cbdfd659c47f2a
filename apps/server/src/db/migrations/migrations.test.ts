import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrations } from './index';

/**
 * A shipped migration must produce the same schema forever. Code it imports can change under it
 * (a registry that gains an entry would silently add tables to 0001 on new installs only), so a
 * migration holds its SQL literally and imports nothing but Kysely and type-only database
 * helpers.
 */
const folder = import.meta.dirname;
const MIGRATION_FILE = /^\d{4}-[a-z0-9-]+\.ts$/;
const migrationFiles = fs.readdirSync(folder).filter((name) => MIGRATION_FILE.test(name));

/** Every static, dynamic and CommonJS import of a source, with whether it is type-only. */
function importsOf(source: string): { specifier: string; typeOnly: boolean }[] {
  const found: { specifier: string; typeOnly: boolean }[] = [];
  const statement = /^\s*(import|export)\s+(type\s+)?([^'";]*?\bfrom\s+)?['"]([^'"]+)['"]/gm;
  for (const match of source.matchAll(statement)) {
    found.push({ specifier: match[4]!, typeOnly: match[2] !== undefined });
  }
  for (const match of source.matchAll(/\b(?:import|require)\s*\(\s*['"]([^'"]+)['"]/g)) {
    found.push({ specifier: match[1]!, typeOnly: false });
  }
  return found;
}

/** Why an import is not allowed in a migration, or null. */
function importProblem(file: string, { specifier, typeOnly }: ReturnType<typeof importsOf>[0]) {
  if (specifier === 'kysely') return null;
  if (!specifier.startsWith('.')) return `${file} imports ${specifier}`;
  const target = path.resolve(folder, specifier);
  const dbFolder = path.resolve(folder, '..');
  if (!target.startsWith(`${dbFolder}${path.sep}`) || target.includes(`${path.sep}seed`)) {
    return `${file} imports ${specifier} (outside the database helpers)`;
  }
  return typeOnly ? null : `${file} imports ${specifier} (only \`import type\` is allowed)`;
}

/**
 * Kysely runs migrations in the order of their names and records each name. Two shipped
 * migrations share the number 0002 (0002-published-snapshots, 0002-sessions-secrets); being
 * shipped, they keep their names. From 0003 on a number is used once, so a new migration made in
 * parallel with another one fails here instead of running in an order nobody chose.
 */
const LAST_SHARED_NUMBER = 2;

/** What is wrong with the registered list of migration names (in registration order). */
function numberingProblems(names: readonly string[]): string[] {
  const problems: string[] = [];
  const sorted = [...names].sort();
  if (names.join() !== sorted.join()) {
    problems.push(`not in the order they run: list them as ${sorted.join(', ')}`);
  }
  const numbers = new Set(names.map((name) => name.slice(0, 4)));
  for (const number of numbers) {
    const sharing = names.filter((name) => name.startsWith(number));
    if (Number(number) > LAST_SHARED_NUMBER && sharing.length > 1) {
      problems.push(`${sharing.join(' and ')} share the number ${number}`);
    }
  }
  return problems;
}

describe('migrations', () => {
  it('are found, and every migration file is registered under its own name', () => {
    expect(migrationFiles.length).toBeGreaterThanOrEqual(4);
    expect(Object.keys(migrations).sort()).toEqual(
      migrationFiles.map((name) => name.replace(/\.ts$/, '')).sort(),
    );
  });

  it('are listed in the order they run, each number from 0003 on used once', () => {
    expect(numberingProblems(Object.keys(migrations))).toEqual([]);
  });

  it('the numbering check catches what it must', () => {
    const shipped = ['0001-initial-schema', '0002-published-snapshots', '0002-sessions-secrets'];
    expect(numberingProblems([...shipped, '0003-a', '0004-b'])).toEqual([]);
    expect(numberingProblems([...shipped, '0003-a', '0003-b'])).toEqual([
      '0003-a and 0003-b share the number 0003',
    ]);
    expect(numberingProblems([...shipped, '0004-b', '0003-a'])).toEqual([
      `not in the order they run: list them as ${[...shipped, '0003-a', '0004-b'].join(', ')}`,
    ]);
  });

  it('import nothing but kysely and type-only database helpers (no @coral/core, no modules)', () => {
    const problems = migrationFiles.flatMap((file) =>
      importsOf(fs.readFileSync(path.join(folder, file), 'utf8')).flatMap(
        (found) => importProblem(file, found) ?? [],
      ),
    );
    expect(problems).toEqual([]);
  });

  it('the import check catches what it must', () => {
    const problems = (source: string) =>
      importsOf(source).flatMap((found) => importProblem('x.ts', found) ?? []);
    expect(problems(`import type { Migration } from './migration';`)).toEqual([]);
    expect(problems(`import { sql } from 'kysely';`)).toEqual([]);
    expect(problems(`import { thresholdKindInfos } from '@coral/core';`)).toHaveLength(1);
    expect(problems(`import type { ThresholdKind } from '@coral/core';`)).toHaveLength(1);
    expect(
      problems(`import { x } from '../../modules/datasets/dataset-rows.repository';`),
    ).toHaveLength(1);
    expect(problems(`import { Migration } from './migration';`)).toHaveLength(1);
    expect(problems(`import {\n  a,\n  b,\n} from '../seed/coralfuture-json';`)).toHaveLength(1);
    expect(problems(`export { x } from '../../config';`)).toHaveLength(1);
    expect(problems(`const m = await import('@coral/core');`)).toHaveLength(1);
  });
});
