import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import corePackage from '../package.json';

/*
 * Who may import what from @coral/core, checked on every source file of the repository (web,
 * server, CLI, benchmarks, browser tests, scripts):
 * - other workspaces use core only through the entry points of its package.json "exports";
 * - the calculator's R-exact numerics (ed50/r-numerics/) are imported only by the calculator;
 * - test helpers (packages/core/test/, `@coral/core/testing`) are imported only by tests.
 * The file system is read through TypeScript's `ts.sys` (core is compiled without Node's types)
 * and imports are found with TypeScript's own pre-processor, so comments and strings never count.
 */

const CORE = 'packages/core/';
const CALCULATOR = 'packages/core/src/ed50/';
const NUMERICS = 'packages/core/src/ed50/r-numerics/';
const TEST_HELPERS = 'packages/core/test/';
const PACKAGE_NAME = corePackage.name;
const TESTING_ENTRY = `${PACKAGE_NAME}/testing`;

/** Test files and test-support folders; everything else is shipped code. */
const isTestCode = (file: string) =>
  /\.test\.tsx?$/.test(file) ||
  /(^|\/)(test|testing)\//.test(file) ||
  file.startsWith('e2e/') ||
  file.startsWith('bench/');
const ENTRY_POINTS = Object.keys(corePackage.exports);

/** One import in one file; paths are relative to the repository root, with "/". */
interface ImportEdge {
  file: string;
  specifier: string;
}

const rootUrl = new URL('../../../', import.meta.url);

/** The repository path a relative specifier points to (query such as "?raw" dropped), else null. */
function target(edge: ImportEdge): string | null {
  if (!edge.specifier.startsWith('.')) return null;
  const url = new URL(edge.specifier.replace(/\?.*$/, ''), new URL(edge.file, rootUrl));
  return decodeURIComponent(url.pathname).slice(decodeURIComponent(rootUrl.pathname).length);
}

/** Why `edge` breaks the rules above, or null. */
function importViolation(edge: ImportEdge): string | null {
  const { file, specifier } = edge;
  if (specifier === TESTING_ENTRY && !isTestCode(file)) {
    return `${specifier} holds test helpers: shipped code must not import it`;
  }
  if (specifier === PACKAGE_NAME || specifier.startsWith(`${PACKAGE_NAME}/`)) {
    const entryPoint = `.${specifier.slice(PACKAGE_NAME.length)}`;
    return ENTRY_POINTS.includes(entryPoint)
      ? null
      : `${specifier} is not an entry point of ${PACKAGE_NAME} (${ENTRY_POINTS.join(', ')})`;
  }
  const path = target(edge);
  if (path === null) return null;
  if (path.startsWith(NUMERICS) && !file.startsWith(CALCULATOR)) {
    return `${path} is one of the calculator's R-exact numerics, private to ${CALCULATOR}`;
  }
  if (path.startsWith(TEST_HELPERS) && !isTestCode(file)) {
    return `${path} is a test helper: shipped code must not import it`;
  }
  if (path.startsWith(CORE) && !file.startsWith(CORE)) {
    return `${path} is inside ${PACKAGE_NAME}: import one of its entry points instead`;
  }
  return null;
}

const SOURCE_EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'];
const NOT_SOURCES = [
  '**/node_modules',
  '**/dist',
  '**/.*',
  '**/test-results',
  '**/playwright-report',
  '**/coverage',
  'data',
  'fixtures',
];

function repositoryImports(): ImportEdge[] {
  const root = decodeURIComponent(rootUrl.pathname);
  return ts.sys.readDirectory(root, SOURCE_EXTENSIONS, NOT_SOURCES).flatMap((path) => {
    const file = path.slice(root.length);
    const text = ts.sys.readFile(path) ?? '';
    return ts
      .preProcessFile(text, true, true)
      .importedFiles.map(({ fileName }) => ({ file, specifier: fileName }));
  });
}

describe('imports of @coral/core', () => {
  const edges = repositoryImports();

  it('reads the whole repository (web, server, core, benchmarks, browser tests)', () => {
    const files = new Set(edges.map((edge) => edge.file.split('/')[0]));
    expect([...files]).toEqual(expect.arrayContaining(['apps', 'packages', 'bench', 'e2e']));
    expect(edges.some((edge) => edge.file === 'apps/server/src/cli/ed50-command.ts')).toBe(true);
    expect(edges.some((edge) => edge.file.startsWith('apps/web/src/features/ed50/'))).toBe(true);
  });

  it('go through its entry points, and only the calculator uses its R-exact numerics', () => {
    const violations = edges.flatMap((edge) => {
      const why = importViolation(edge);
      return why === null ? [] : [`${edge.file}: '${edge.specifier}': ${why}`];
    });
    expect(violations).toEqual([]);
  });

  it('has exact entry points only (no "./*" pattern), each an existing file', () => {
    expect(ENTRY_POINTS).toEqual(['.', './ed50', './map-clusters', './testing']);
    for (const path of Object.values(corePackage.exports)) {
      expect(path).not.toContain('*');
      expect(
        ts.sys.fileExists(decodeURIComponent(new URL(path, new URL(CORE, rootUrl)).pathname)),
      ).toBe(true);
    }
  });
});

describe('importViolation', () => {
  const allowed: ImportEdge[] = [
    { file: 'apps/web/src/features/ed50/worker/engine.ts', specifier: '@coral/core/ed50' },
    { file: 'apps/server/src/cli/ed50-command.ts', specifier: '@coral/core' },
    { file: 'packages/core/src/ed50/summary.ts', specifier: './r-numerics/r-round' },
    { file: 'packages/core/src/ed50/r-numerics/vmmin.test.ts', specifier: './vmmin' },
    { file: 'packages/core/src/upload/refit.ts', specifier: '../ed50/compute-eds' },
    { file: 'packages/core/src/ed50/x.test.ts', specifier: '../../../../fixtures/a.csv?raw' },
    { file: 'apps/server/src/modules/x/x.test.ts', specifier: '@coral/core/testing' },
    { file: 'packages/core/src/upload/x.test.ts', specifier: '../../test/upload-test-files' },
  ];
  const forbidden: ImportEdge[] = [
    { file: 'apps/web/src/features/ed50/worker/engine.ts', specifier: '@coral/core/ed50/index' },
    { file: 'apps/server/src/x.ts', specifier: '@coral/core/contract' },
    { file: 'bench/src/ed50-bench.ts', specifier: '../../packages/core/src/ed50/index' },
    { file: 'packages/core/src/upload/refit.ts', specifier: '../ed50/r-numerics/r-round' },
    { file: 'packages/core/src/ed50.ts', specifier: './ed50/r-numerics/vmmin' },
    { file: 'apps/server/src/modules/x/x.service.ts', specifier: '@coral/core/testing' },
    { file: 'packages/core/src/upload/x.ts', specifier: '../../test/upload-test-files' },
  ];

  it.each(allowed)('allows $file → $specifier', (edge) => {
    expect(importViolation(edge)).toBeNull();
  });

  it.each(forbidden)('rejects $file → $specifier', (edge) => {
    expect(importViolation(edge)).not.toBeNull();
  });
});
