import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { addEdge, importCycles, sourceImports } from '@coral/core/testing';

/**
 * The server's layering (docs/architecture.md), checked on the sources as the web app's is
 * (apps/web/src/architecture.test.ts):
 *
 * - LAYERS below, lowest first: a file imports only its own layer and the layers below it, type
 *   imports too. So the shared layers (lib/, errors.ts, config/, db/, jobs/, plugins/) import no
 *   module and no entry point: no arrow points back up.
 * - Inside a module: routes → services → repositories → db. Each feature module
 *   (`modules/<name>/`) has `*.routes.ts` (HTTP only), `*.repository.ts` (all SQL) and, in every
 *   other file, its service layer (rules, transactions, presenters, job handlers `*.job.ts`).
 * - A repository belongs to its module: only that module's service layer imports it. Routes,
 *   other modules, the CLI, the worker and plugins go through services.
 * - Routes import nothing from `db/`; outside repositories, `db/` is imported for types only,
 *   except by the entry points that open and migrate the database.
 * - Repositories import no service or route; only app.ts registers routes.
 * - config/ is the only reader of process.env and is imported through its entry (index.ts).
 * - No import circles, between files or between folders (a module is one folder), type imports
 *   included.
 * - SQL appears only in repositories and in the database infrastructure listed in
 *   SQL_INFRASTRUCTURE.
 */

/** The layers, lowest first: a folder ends with '/', anything else is one file. */
const LAYERS: readonly (readonly string[])[] = [
  ['errors.ts', 'software-version.ts', 'lib/'],
  ['config/'],
  ['db/'],
  ['jobs/'],
  ['plugins/'],
  ['modules/'],
  ['app.ts', 'ed50-listener.ts'],
  ['main.ts', 'cli.ts', 'cli/', 'print-openapi.ts'],
];

/** Files outside repositories allowed to hold SQL, and why. */
const SQL_INFRASTRUCTURE: Readonly<Record<string, string>> = {
  'db/migrations/': 'the migrations themselves (literal SQL, see migrations.test.ts)',
  'db/migrate.ts': 'runs the migrations',
  'db/startup-lock.ts': 'the advisory lock that start-up preparation runs under',
  'db/database.ts': 'checks the connection when opening the database',
  'db/columnar.ts': 'the columnar read that repositories use for large results',
  'db/bulk-insert.ts': 'the COPY bulk insert and id allocation that repositories use',
  'db/copy-rows.ts': "the COPY statement of a bulk insert, run on the caller's connection",
  'db/bulk-load.ts': 'sets aside and remakes the indexes and keys of empty tables being loaded',
  'db/visibility.ts': 'the visibility conditions (public, readable) that repositories put in WHERE',
  'db/colony-predicate.ts':
    "the map filter's conditions on a colony that repositories put in WHERE",
  'db/shown-species.ts':
    'the name a colony is shown under (a synonym under its accepted name), for SELECT and WHERE',
  'jobs/job-queue.ts': "pg-boss's connection adapter and its own job table",
  'db/replicas.ts':
    'routes statements between primary and read replicas, and asks a replica its data version',
};

/** Entry points that open and migrate the database (they import `db/` for real). */
const DATABASE_OPENERS = new Set(['main.ts', 'cli/run-cli.ts', 'print-openapi.ts']);

/** The one file of config/ the rest of the server imports. */
const CONFIG_ENTRY = 'config/index.ts';

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

function resolve(from: string, specifier: string, sources: Sources): string {
  if (!specifier.startsWith('.')) return specifier;
  const joined = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  for (const candidate of [joined, `${joined}.ts`, `${joined}/index.ts`]) {
    if (candidate in sources) return candidate;
  }
  return joined;
}

function importsOf(file: string, sources: Sources): Import[] {
  return sourceImports(sources[file]!).map(({ specifier, typeOnly }) => ({
    target: resolve(file, specifier, sources),
    typeOnly,
  }));
}

const inPlace = (file: string, place: string) =>
  place.endsWith('/') ? file.startsWith(place) : file === place;
/** The index in LAYERS of a file's layer; -1 for a file in none. */
const layerOf = (file: string) => LAYERS.findIndex((layer) => layer.some((p) => inPlace(file, p)));
const layerName = (index: number) => LAYERS[index]!.join(', ');

/** 'modules/cart' for every file of the cart module. */
const moduleOf = (file: string) => /^(modules\/[^/]+)\//.exec(file)?.[1] ?? null;
/** The folder a file counts in for circles: its module, its folder, or itself at the top. */
const folderOf = (file: string) =>
  moduleOf(file) ?? (file.includes('/') ? path.posix.dirname(file) : file);
const isRoutes = (file: string) => moduleOf(file) !== null && file.endsWith('.routes.ts');
const isRepository = (file: string) => moduleOf(file) !== null && file.endsWith('.repository.ts');
const isServiceLayer = (file: string) =>
  moduleOf(file) !== null && !isRoutes(file) && !isRepository(file);
const isDb = (file: string) => file.startsWith('db/');
const isSeedFormat = (file: string) => file.startsWith('db/seed/');
const isConfig = (file: string) => file.startsWith('config/');

/** Why `file` may not import `imported` (a file of src/), or nothing. */
function importViolation(file: string, { target, typeOnly }: Import): string[] {
  const found: string[] = [];
  const from = layerOf(file);
  const to = layerOf(target);
  if (from >= 0 && to > from) {
    found.push(
      `a layer imports only its own and lower layers: ${layerName(from)} is below ${layerName(to)}`,
    );
  }
  const sameModuleBelowRoutes =
    moduleOf(file) === moduleOf(target) && (isServiceLayer(file) || isRepository(file));
  if (isRepository(target) && !sameModuleBelowRoutes) {
    found.push('a repository is used only by the service layer of its own module');
  }
  if (isRoutes(file) && isDb(target)) found.push('routes reach the database through services');
  if (
    isDb(target) &&
    !isDb(file) &&
    !isRepository(file) &&
    !isSeedFormat(target) &&
    !typeOnly &&
    !DATABASE_OPENERS.has(file)
  ) {
    found.push('outside repositories, db/ is imported for types only');
  }
  if (isRepository(file) && moduleOf(target) !== null && !isRepository(target)) {
    found.push('repositories import no services or routes');
  }
  if (isRoutes(target) && file !== 'app.ts') found.push('only app.ts registers routes');
  if (isConfig(target) && !isConfig(file) && target !== CONFIG_ENTRY) {
    found.push(`config/ is imported through its entry, ${CONFIG_ENTRY}`);
  }
  return found;
}

function importViolations(sources: Sources): string[] {
  return Object.keys(sources).flatMap((file) =>
    importsOf(file, sources)
      .filter(({ target }) => target in sources) // packages and node built-ins aside
      .flatMap((found) =>
        importViolation(file, found).map((why) => `${file} imports ${found.target}: ${why}`),
      ),
  );
}

/** Import circles between files and between folders; type-only imports count. */
function cycles(sources: Sources): { files: string[]; folders: string[] } {
  const files = new Map<string, Set<string>>();
  const folders = new Map<string, Set<string>>();
  for (const file of Object.keys(sources)) {
    for (const { target } of importsOf(file, sources)) {
      if (!(target in sources)) continue;
      addEdge(files, file, target);
      addEdge(folders, folderOf(file), folderOf(target));
    }
  }
  return { files: importCycles(files), folders: importCycles(folders) };
}

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
  isRepository(file) || Object.keys(SQL_INFRASTRUCTURE).some((allowed) => inPlace(file, allowed));

function sqlViolations(sources: Sources): string[] {
  return Object.entries(sources).flatMap(([file, source]) => {
    if (sqlAllowed(file)) return [];
    const hit = SQL_PATTERNS.find((pattern) => pattern.test(source));
    return hit ? [`${file} holds SQL (${hit.source}); move it into a repository`] : [];
  });
}

/** Comments removed: a `//` comment starts the line or follows a space (not `https://`). */
const withoutComments = (source: string) =>
  source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|\s)\/\/.*$/gm, '$1');

function environmentReaders(sources: Sources): string[] {
  return Object.entries(sources)
    .filter(([file, source]) => !isConfig(file) && /\bprocess\.env\b/.test(withoutComments(source)))
    .map(([file]) => `${file} reads process.env: read settings from the AppConfig of config/`);
}

describe('server layering', () => {
  const sources = readSources();

  it('reads the sources, modules with routes, services and repositories among them', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(60);
    expect(Object.keys(sources).filter(isRoutes).length).toBeGreaterThanOrEqual(8);
    expect(Object.keys(sources).filter(isRepository).length).toBeGreaterThanOrEqual(10);
  });

  it('every source file is in one of the layers', () => {
    expect(Object.keys(sources).filter((file) => layerOf(file) < 0)).toEqual([]);
    for (const place of LAYERS.flat()) {
      expect(
        Object.keys(sources).some((file) => inPlace(file, place)),
        place,
      ).toBe(true);
    }
  });

  it('no import goes up a layer, skips one inside a module or climbs back', () => {
    expect(importViolations(sources)).toEqual([]);
  });

  it('jobs/ holds the queue and the job definitions, and imports no module', () => {
    const jobs = Object.keys(sources).filter((file) => file.startsWith('jobs/'));
    expect(jobs).toContain('jobs/job-definitions.ts');
    const intoModules = jobs.flatMap((file) =>
      importsOf(file, sources)
        .filter(({ target }) => moduleOf(target) !== null)
        .map(({ target }) => `${file} → ${target}`),
    );
    expect(intoModules).toEqual([]);
  });

  it('no import circles between files or folders, type imports included', () => {
    expect(cycles(sources)).toEqual({ files: [], folders: [] });
  });

  it('SQL only in repositories and the listed database infrastructure', () => {
    expect(sqlViolations(sources)).toEqual([]);
    for (const allowed of Object.keys(SQL_INFRASTRUCTURE)) {
      expect(
        Object.keys(sources).some((file) => inPlace(file, allowed)),
        allowed,
      ).toBe(true);
    }
  });

  it('only config/ reads process.env', () => {
    expect(environmentReaders(sources)).toEqual([]);
    expect(sources['config/app-config.ts']).toMatch(/\bprocess\.env\b/);
  });
});

describe('the layering checks', () => {
  const edge = (file: string, target: string, typeOnly = false) => ({ file, target, typeOnly });
  const allowed = [
    edge('lib/keyset-cursor.ts', 'errors.ts'),
    edge('db/database.ts', 'lib/database-errors.ts'),
    edge('jobs/job-queue.ts', 'db/schema.ts', true),
    edge('jobs/job-queue.ts', 'jobs/job-definitions.ts'),
    edge('plugins/request-log.ts', 'config/index.ts', true),
    edge('modules/a/a.service.ts', 'jobs/job-queue.ts', true),
    edge('modules/a/x.job.ts', 'jobs/job-definitions.ts'),
    edge('modules/a/a.service.ts', 'modules/a/a.repository.ts'),
    edge('modules/a/a.service.ts', 'modules/b/b.service.ts'),
    edge('modules/a/a.repository.ts', 'db/visibility.ts'),
    edge('modules/a/a.routes.ts', 'plugins/authentication.ts', true),
    edge('app.ts', 'modules/a/a.routes.ts'),
    edge('main.ts', 'db/database.ts'),
    edge('main.ts', 'modules/a/x.job.ts'),
    edge('cli/import-command.ts', 'modules/a/a.service.ts'),
    edge('config/app-config.ts', 'config/orcid.ts'),
  ];
  const forbidden = [
    edge('jobs/upload-worker.ts', 'modules/uploads/upload-processor.ts'),
    edge('jobs/dataset-worker.ts', 'modules/datasets/datasets.service.ts', true),
    edge('plugins/authentication.ts', 'modules/auth/sessions.service.ts', true),
    edge('db/seed/format.ts', 'modules/a/a.service.ts'),
    edge('lib/cache.ts', 'config/index.ts', true),
    edge('config/orcid.ts', 'db/schema.ts', true),
    edge('db/database.ts', 'jobs/job-queue.ts'),
    edge('modules/a/a.service.ts', 'app.ts'),
    edge('modules/a/a.service.ts', 'cli/run-cli.ts', true),
    edge('app.ts', 'main.ts'),
    edge('modules/a/a.routes.ts', 'modules/a/a.repository.ts'),
    edge('modules/a/a.routes.ts', 'db/schema.ts', true),
    edge('modules/a/a.service.ts', 'db/database.ts'),
    edge('modules/a/a.repository.ts', 'modules/a/a.service.ts'),
    edge('modules/b/b.service.ts', 'modules/a/a.repository.ts', true),
    edge('modules/b/b.service.ts', 'modules/a/a.routes.ts'),
    edge('cli/command.ts', 'modules/b/b.repository.ts'),
    edge('modules/a/a.service.ts', 'config/app-config.ts', true),
  ];

  it.each(allowed)('allows $file → $target', ({ file, ...found }) => {
    expect(importViolation(file, found)).toEqual([]);
  });

  it.each(forbidden)('rejects $file → $target', ({ file, ...found }) => {
    expect(importViolation(file, found)).not.toEqual([]);
  });

  it('name the rule a forbidden import breaks', () => {
    expect(importViolation('jobs/upload-worker.ts', edge('', 'modules/a/x.job.ts'))).toEqual([
      'a layer imports only its own and lower layers: jobs/ is below modules/',
    ]);
    expect(importViolation('modules/a/a.service.ts', edge('', 'config/orcid.ts', true))).toEqual([
      'config/ is imported through its entry, config/index.ts',
    ]);
  });

  it('find import circles between files and between folders, type imports included', () => {
    const tree: Sources = {
      'config/index.ts': `export { loadConfig } from './load';`,
      'config/load.ts': `import { orcid } from './orcid';`,
      'config/orcid.ts': `import { ConfigError } from './load';`,
      'db/database.ts': `import { copy } from './copy-rows';`,
      'db/copy-rows.ts': `import type { AppDb } from './database';`,
      'jobs/worker.ts': `import type { X } from '../modules/c/c.service';`,
      'modules/c/c.service.ts': `import { queue } from '../../jobs/worker';`,
      'modules/a/a.service.ts': `import { b } from '../b/b.service';`,
      // Not type-only: with verbatimModuleSyntax it stays as \`import {} from\`, running a.service.
      'modules/b/b.service.ts': `import { type A } from '../a/a.service';`,
      'lib/ok.ts': `import './side-effect';`,
      'lib/side-effect.ts': `export {};`,
    };
    expect(cycles(tree)).toEqual({
      files: [
        'config/load.ts → config/orcid.ts → config/load.ts',
        'db/copy-rows.ts → db/database.ts → db/copy-rows.ts',
        'jobs/worker.ts → modules/c/c.service.ts → jobs/worker.ts',
        'modules/a/a.service.ts → modules/b/b.service.ts → modules/a/a.service.ts',
      ],
      folders: ['jobs → modules/c → jobs', 'modules/a → modules/b → modules/a'],
    });
    expect(
      cycles({
        'a.ts': `import { b } from './b';`,
        'b.ts': `import { c } from './c';\nimport { a } from './a';`,
        'c.ts': `import type { A } from './a';`,
      }).files,
    ).toEqual(['a.ts → b.ts → a.ts (a knot of 3)']);
  });

  it('find SQL outside repositories and readers of process.env outside config/', () => {
    const tree: Sources = {
      'modules/a/a.service.ts': `const rows = await db.selectFrom('a').execute();`,
      'modules/a/a.repository.ts': `import { sql } from 'kysely';`,
      'cli/command.ts': `const q = 'SELECT 1 ';\nconst port = process.env.PORT;`,
      'plugins/x.ts': `// not process.env itself\nconst url = 'https://example.org'; /* process.env */`,
      'config/environment.ts': `export const read = () => process.env;`,
    };
    expect(sqlViolations(tree).map((v) => v.split(' ')[0])).toEqual([
      'modules/a/a.service.ts',
      'cli/command.ts',
    ]);
    expect(environmentReaders(tree).map((v) => v.split(' ')[0])).toEqual(['cli/command.ts']);
  });
});
