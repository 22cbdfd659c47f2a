import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The server's layering (docs/architecture.md), checked on the sources as the web app's is
 * (apps/web/src/architecture.test.ts):
 *
 *   routes → services → repositories → db
 *
 * - Each feature module (`modules/<name>/`) has `*.routes.ts` (HTTP only), `*.repository.ts`
 *   (all SQL) and, in every other file, its service layer (rules, transactions, presenters).
 * - A repository belongs to its module: only that module's service layer imports it. Routes,
 *   other modules, the CLI, the worker and plugins go through services.
 * - Routes import nothing from `db/`; outside repositories, `db/` is imported for types only,
 *   except by the entry points that open and migrate the database.
 * - Repositories import no service or route; `db/` and shared code import no module.
 * - Modules do not depend on each other in a cycle (type-only imports count too).
 * - SQL appears only in repositories and in the database infrastructure listed in
 *   SQL_INFRASTRUCTURE.
 */

/** Files outside repositories allowed to hold SQL, and why. */
const SQL_INFRASTRUCTURE: Readonly<Record<string, string>> = {
  'db/migrations/': 'the migrations themselves (literal SQL, see migrations.test.ts)',
  'db/migrate.ts': 'runs the migrations',
  'db/database.ts': 'checks the connection when opening the database',
  'db/columnar.ts': 'the columnar read that repositories use for large results',
  'db/bulk-insert.ts': 'the COPY bulk insert and id allocation that repositories use',
  'db/copy-rows.ts': "the COPY statement of a bulk insert, run on the caller's connection",
  'db/bulk-load.ts': 'sets aside and remakes the indexes and keys of empty tables being loaded',
  'db/visibility.ts': 'the visibility conditions (public, readable) that repositories put in WHERE',
  'db/colony-predicate.ts':
    "the map filter's conditions on a colony that repositories put in WHERE",
  'jobs/job-queue.ts': "pg-boss's connection adapter and its own job table",
};

/** Entry points that open and migrate the database (they import `db/` for real). */
const DATABASE_OPENERS = new Set(['main.ts', 'cli/run-cli.ts']);

/** Entry points: composition, CLI commands and the worker; modules never import them. */
const ENTRY_POINT = /^(app\.ts|main\.ts|cli\.ts|cli\/.*|jobs\/upload-worker\.ts)$/;

type Sources = Readonly<Record<string, string>>;

interface Import {
  /** Path relative to src/ of the imported file, or the package name. */
  target: string;
  typeOnly: boolean;
}

const srcDir = import.meta.dirname;

function readSources(): Sources {
  const files = fs
    .readdirSync(srcDir, { recursive: true, encoding: 'utf8' })
    .map((file) => file.split(path.sep).join('/'))
    .filter(
      (file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.endsWith('.d.ts'),
    );
  return Object.fromEntries(
    files.map((file) => [file, fs.readFileSync(path.join(srcDir, file), 'utf8')]),
  );
}

const STATIC_IMPORT =
  /^\s*(?:import|export)\s+(type\s+)?(?:([^'";]*?)\s*\bfrom\s+)?['"]([^'"]+)['"]/gm;
const DYNAMIC_IMPORT = /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g;

/** `import { type A, type B }` is type-only too. */
const allTypes = (clause: string | undefined) =>
  clause !== undefined &&
  /^\{[^}]*\}$/.test(clause.trim()) &&
  clause
    .trim()
    .slice(1, -1)
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean)
    .every((name) => name.startsWith('type '));

function resolve(from: string, specifier: string, sources: Sources): string {
  if (!specifier.startsWith('.')) return specifier;
  const joined = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  for (const candidate of [joined, `${joined}.ts`, `${joined}/index.ts`]) {
    if (candidate in sources) return candidate;
  }
  return joined;
}

function importsOf(file: string, sources: Sources): Import[] {
  const source = sources[file]!;
  const found: Import[] = [];
  for (const match of source.matchAll(STATIC_IMPORT)) {
    found.push({
      target: resolve(file, match[3]!, sources),
      typeOnly: match[1] !== undefined || allTypes(match[2]),
    });
  }
  for (const match of source.matchAll(DYNAMIC_IMPORT)) {
    found.push({ target: resolve(file, match[1]!, sources), typeOnly: false });
  }
  return found;
}

/** 'modules/cart' for every file of the cart module. */
const moduleOf = (file: string) => /^(modules\/[^/]+)\//.exec(file)?.[1] ?? null;
const isRoutes = (file: string) => moduleOf(file) !== null && file.endsWith('.routes.ts');
const isRepository = (file: string) => moduleOf(file) !== null && file.endsWith('.repository.ts');
const isServiceLayer = (file: string) =>
  moduleOf(file) !== null && !isRoutes(file) && !isRepository(file);
const isDb = (file: string) => file.startsWith('db/');
const isSeedFormat = (file: string) => file.startsWith('db/seed/');
const isShared = (file: string) =>
  isDb(file) || file.startsWith('lib/') || file === 'config.ts' || file === 'errors.ts';

/** Kysely's SQL tag and query builder, raw driver calls, and SQL in string literals. */
const SQL_PATTERNS: readonly RegExp[] = [
  /\bimport\s*\{[^}]*\bsql\b[^}]*\}\s*from\s*['"]kysely['"]/,
  /\bsql\s*(?:`|<|\.(?:raw|ref|table|join|lit|id|val)\b)/,
  /\.(?:selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\s*\(/,
  /\.(?:executeQuery|executeSql)\s*\(/,
  /\bCompiledQuery\b/,
  /\.query\s*\(\s*['"`]/,
  /['"`]\s*(?:SELECT|INSERT\s+INTO|UPDATE|DELETE\s+FROM|CREATE|ALTER|DROP|WITH|ANALYZE)\s/,
];

const sqlAllowed = (file: string) =>
  isRepository(file) ||
  Object.keys(SQL_INFRASTRUCTURE).some((allowed) =>
    allowed.endsWith('/') ? file.startsWith(allowed) : file === allowed,
  );

function importViolations(sources: Sources): string[] {
  const found: string[] = [];
  for (const file of Object.keys(sources)) {
    for (const { target, typeOnly } of importsOf(file, sources)) {
      if (!(target in sources)) continue; // packages and node built-ins
      const say = (why: string) => found.push(`${file} imports ${target}: ${why}`);
      const sameModuleBelowRoutes =
        moduleOf(file) === moduleOf(target) && (isServiceLayer(file) || isRepository(file));
      if (isRepository(target) && !sameModuleBelowRoutes) {
        say('a repository is used only by the service layer of its own module');
      }
      if (isRoutes(file) && isDb(target)) say('routes reach the database through services');
      if (
        isDb(target) &&
        !isDb(file) &&
        !isRepository(file) &&
        !isSeedFormat(target) &&
        !typeOnly &&
        !DATABASE_OPENERS.has(file)
      ) {
        say('outside repositories, db/ is imported for types only');
      }
      if (isRepository(file) && moduleOf(target) !== null && !isRepository(target)) {
        say('repositories import no services or routes');
      }
      if (isRoutes(target) && file !== 'app.ts') say('only app.ts registers routes');
      if (isShared(file) && (moduleOf(target) !== null || ENTRY_POINT.test(target))) {
        say('db/, lib/ and shared code import no module');
      }
      if (moduleOf(file) !== null && ENTRY_POINT.test(target)) {
        say('modules import no entry point');
      }
    }
  }
  return found;
}

/** Every cycle between modules, as 'modules/a → modules/b → modules/a'. */
function moduleCycles(sources: Sources): string[] {
  const edges = new Map<string, Set<string>>();
  for (const file of Object.keys(sources)) {
    const from = moduleOf(file);
    if (from === null) continue;
    for (const { target } of importsOf(file, sources)) {
      const to = moduleOf(target);
      if (to !== null && to !== from) edges.set(from, (edges.get(from) ?? new Set()).add(to));
    }
  }
  const cycles = new Set<string>();
  const visit = (node: string, trail: string[]) => {
    const at = trail.indexOf(node);
    if (at >= 0) {
      const loop = trail.slice(at);
      // One spelling per cycle: start at its smallest module.
      const start = loop.indexOf([...loop].sort()[0]!);
      const rotated = [...loop.slice(start), ...loop.slice(0, start)];
      cycles.add([...rotated, rotated[0]].join(' → '));
      return;
    }
    for (const next of edges.get(node) ?? []) visit(next, [...trail, node]);
  };
  for (const node of edges.keys()) visit(node, []);
  return [...cycles].sort();
}

function sqlViolations(sources: Sources): string[] {
  return Object.entries(sources).flatMap(([file, source]) => {
    if (sqlAllowed(file)) return [];
    const hit = SQL_PATTERNS.find((pattern) => pattern.test(source));
    return hit ? [`${file} holds SQL (${hit.source}); move it into a repository`] : [];
  });
}

describe('server layering', () => {
  const sources = readSources();

  it('reads the sources, modules with routes, services and repositories among them', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(60);
    expect(Object.keys(sources).filter(isRoutes).length).toBeGreaterThanOrEqual(8);
    expect(Object.keys(sources).filter(isRepository).length).toBeGreaterThanOrEqual(10);
  });

  it('routes → services → repositories → db: no layer is skipped or climbed', () => {
    expect(importViolations(sources)).toEqual([]);
  });

  it('no cycles between modules', () => {
    expect(moduleCycles(sources)).toEqual([]);
  });

  it('SQL only in repositories and the listed database infrastructure', () => {
    expect(sqlViolations(sources)).toEqual([]);
    for (const allowed of Object.keys(SQL_INFRASTRUCTURE)) {
      expect(
        Object.keys(sources).some((file) => file.startsWith(allowed)),
        allowed,
      ).toBe(true);
    }
  });

  it('db/seed (the seed file format) imports no module', () => {
    const seed = Object.keys(sources).filter(isSeedFormat);
    expect(seed.length).toBeGreaterThan(0);
    for (const file of seed) {
      expect(importsOf(file, sources).filter(({ target }) => moduleOf(target) !== null)).toEqual(
        [],
      );
    }
  });
});

describe('the layering checks', () => {
  const tree: Sources = {
    'app.ts': `import { aRoutes } from './modules/a/a.routes';`,
    'db/database.ts': `export type AppDb = unknown;`,
    'db/seed/format.ts': `import { x } from '../../modules/a/a.service';`,
    'modules/a/a.routes.ts': [
      `import { aRepository } from './a.repository';`,
      `import type { AppDb } from '../../db/schema';`,
    ].join('\n'),
    'modules/a/a.service.ts': [
      `import { aRepository } from './a.repository';`,
      `import { b } from '../b/b.service';`,
      `import { openDatabase } from '../../db/database';`,
      `const rows = await db.selectFrom('a').execute();`,
    ].join('\n'),
    'modules/a/a.repository.ts': `import { sql } from 'kysely';\nimport { a } from './a.service';`,
    'modules/b/b.service.ts': [
      `import {\n  type BRow,\n  type Other,\n} from '../a/a.repository';`,
      `import { a } from '../a/a.service';`,
      `import { routes } from '../a/a.routes';`,
    ].join('\n'),
    'cli/command.ts': `import { bRepository } from '../modules/b/b.repository';\nconst q = 'SELECT 1 ';`,
    'modules/b/b.repository.ts': `export const bRepository = {};`,
  };

  it('catch what they must', () => {
    expect(importViolations(tree)).toEqual([
      'db/seed/format.ts imports modules/a/a.service.ts: db/, lib/ and shared code import no module',
      'modules/a/a.routes.ts imports modules/a/a.repository.ts: a repository is used only by the service layer of its own module',
      'modules/a/a.routes.ts imports db/database.ts: routes reach the database through services',
      'modules/a/a.service.ts imports db/database.ts: outside repositories, db/ is imported for types only',
      'modules/a/a.repository.ts imports modules/a/a.service.ts: repositories import no services or routes',
      'modules/b/b.service.ts imports modules/a/a.repository.ts: a repository is used only by the service layer of its own module',
      'modules/b/b.service.ts imports modules/a/a.routes.ts: only app.ts registers routes',
      'cli/command.ts imports modules/b/b.repository.ts: a repository is used only by the service layer of its own module',
    ]);
    expect(moduleCycles(tree)).toEqual(['modules/a → modules/b → modules/a']);
    expect(sqlViolations(tree).map((v) => v.split(' ')[0])).toEqual([
      'modules/a/a.service.ts',
      'cli/command.ts',
    ]);
  });
});
