import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import corePackage from '../package.json';
import { addEdge, importCycles } from '../test/import-graph';

/*
 * Who may import what from @coral/core, checked on every source file of the repository (web,
 * server, CLI, benchmarks, browser tests, scripts):
 * - other workspaces use core only through the entry points of its package.json "exports";
 * - the calculator's R-exact numerics (ed50/r-numerics/) are imported only by the calculator;
 * - test helpers (packages/core/test/, `@coral/core/testing`) are imported only by tests.
 * Inside core, shipped code follows one order of folders (CORE_LAYERS, below; decision 0043): a
 * file imports only from its own folder and the folders before it, and no files import each
 * other in a circle. Type-only imports count like any other: they name what a file depends on.
 * The file system is read through TypeScript's `ts.sys` (core is compiled without Node's types)
 * and imports are found with TypeScript's own pre-processor, so comments and strings never count.
 */

const CORE = 'packages/core/';
const CORE_SOURCES = 'packages/core/src/';

/**
 * Core's folders (and its root files), lowest first: each may import only from itself and the
 * ones before it (docs/decisions/0043-core-layers.md says why this order).
 */
const CORE_LAYERS = [
  'util', // generic helpers
  'client-routes.ts', // the web app's paths
  'countries', // ISO 3166 and country spellings
  'taxonomy', // species names and their WoRMS matches
  'geo', // land and coast
  'thresholds', // the threshold-kind registry, entries, quality flags, ED models and provenance
  'tabular', // data files as tables of cells: text, CSV, XLSX, columns, values, raw CBASS
  'ed50', // the ED calculator, which reads raw CBASS tables
  'analysis', // post-fit analyses of per-colony EDs: ANOVA, marginal means, tests (decision 0061)
  'csv', // CSV writing and the cart export
  'datasets', // dataset metadata, licences, identifiers, lifecycle, bundles
  'filters', // the map's filter set and engine
  'upload', // upload formats and checks; refits with the calculator
  'contract', // the API's schemas, made from the vocabularies above
  'format', // display rules
  'citation', // citations of dataset versions
  'species', // species distributions
  'map-clusters', // the map's sites and clusters of API colonies
  'downloads', // open downloads of API colonies
  'harvest', // OAI-PMH, DataCite XML and the page heads crawlers read (decision 0053)
  'index.ts', // the package's entry point
] as const;
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

/** Repository path of the file an import names ('…/x' → '…/x.ts' or '…/x/index.ts'), else null. */
function targetFile(edge: ImportEdge, exists: (path: string) => boolean): string | null {
  const path = target(edge);
  if (path === null) return null;
  return [path, `${path}.ts`, `${path}.tsx`, `${path}/index.ts`].find(exists) ?? path;
}

/** The layer of a core source file: its folder under src/, or its own name at the top. */
const layerOf = (file: string) => file.slice(CORE_SOURCES.length).split('/')[0]!;

/** Shipped core code: packages/core/src/ without tests. */
const isCoreSource = (file: string) => file.startsWith(CORE_SOURCES) && !isTestCode(file);

/** Why an import from one shipped core file to another climbs CORE_LAYERS, or null. */
function layerViolation(file: string, imported: string): string | null {
  if (!isCoreSource(file) || !imported.startsWith(CORE_SOURCES)) return null;
  const [from, to] = [layerOf(file), layerOf(imported)];
  const layers: readonly string[] = CORE_LAYERS;
  for (const layer of [from, to]) {
    if (!layers.includes(layer)) return `${layer} is not in CORE_LAYERS: give it its place`;
  }
  return layers.indexOf(to) > layers.indexOf(from)
    ? `${to} lies above ${from} in CORE_LAYERS: an import may only go down`
    : null;
}

/** The import graph of shipped core code, between files and between layers. */
function coreGraphs(edges: readonly ImportEdge[], exists: (path: string) => boolean) {
  const files = new Map<string, Set<string>>();
  const layers = new Map<string, Set<string>>();
  for (const edge of edges) {
    const imported = targetFile(edge, exists);
    if (!isCoreSource(edge.file) || imported === null || !isCoreSource(imported)) continue;
    addEdge(files, edge.file, imported);
    if (layerOf(edge.file) !== layerOf(imported)) {
      addEdge(layers, layerOf(edge.file), layerOf(imported));
    }
  }
  return { files, layers };
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

  it(`follow core's order of layers inside core: ${CORE_LAYERS.join(' → ')}`, () => {
    const exists = (path: string) =>
      ts.sys.fileExists(decodeURIComponent(new URL(path, rootUrl).pathname));
    const climbs = edges.flatMap((edge) => {
      const imported = targetFile(edge, exists);
      const why = imported === null ? null : layerViolation(edge.file, imported);
      return why === null ? [] : [`${edge.file}: '${edge.specifier}': ${why}`];
    });
    expect(climbs).toEqual([]);
    // Every folder and file at the top of src/ has its place.
    const src = decodeURIComponent(new URL(CORE_SOURCES, rootUrl).pathname);
    const top = [
      ...ts.sys.getDirectories(src),
      ...ts.sys
        .readDirectory(src, ['.ts'], undefined, undefined, 1)
        .map((path) => path.slice(src.length))
        .filter((file) => !isTestCode(file) && !file.endsWith('.d.ts')),
    ];
    expect([...top].sort()).toEqual([...CORE_LAYERS].sort());
  });

  it('import no core file from itself through others (no circles of files or of layers)', () => {
    const exists = (path: string) =>
      ts.sys.fileExists(decodeURIComponent(new URL(path, rootUrl).pathname));
    const { files, layers } = coreGraphs(edges, exists);
    expect(files.size).toBeGreaterThan(100);
    expect(importCycles(files)).toEqual([]);
    expect(importCycles(layers)).toEqual([]);
  });

  it('has exact entry points only (no "./*" pattern), each an existing file', () => {
    expect(ENTRY_POINTS).toEqual(['.', './ed50', './analysis', './map-clusters', './testing']);
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

describe("core's order of layers", () => {
  const at = (path: string) => `${CORE_SOURCES}${path}`;

  it.each([
    ['upload/refit.ts', 'ed50/compute-eds.ts'],
    ['ed50/parse-cbass-csv.ts', 'tabular/csv-table.ts'],
    ['contract/uploads.ts', 'upload/formats/registry.ts'],
    ['tabular/values.ts', 'util/parse-decimal.ts'],
    ['downloads/download-citation.ts', 'client-routes.ts'],
    ['upload/formats/format.ts', 'upload/pair-check.ts'],
    ['ed50/x.test.ts', 'upload/prepare-upload.ts'],
  ])('allows %s → %s', (file, imported) => {
    expect(layerViolation(at(file), at(imported))).toBeNull();
  });

  it.each([
    ['ed50/index.ts', 'upload/decode-text.ts', 'upload lies above ed50'],
    ['thresholds/ed-provenance.ts', 'ed50/model-families.ts', 'ed50 lies above thresholds'],
    ['tabular/raw-cbass/read-table.ts', 'ed50/r-labels.ts', 'ed50 lies above tabular'],
    ['datasets/lifecycle.ts', 'contract/datasets.ts', 'contract lies above datasets'],
    ['filters/filter-engine.ts', 'contract/colonies.ts', 'contract lies above filters'],
    ['util/group-by.ts', 'index.ts', 'index.ts lies above util'],
    ['upload/x.ts', 'workflows/x.ts', 'workflows is not in CORE_LAYERS'],
  ])('rejects %s → %s (%s)', (file, imported, why) => {
    expect(layerViolation(at(file), at(imported))).toContain(why);
  });

  it('finds every circle, of files and of layers', () => {
    const known = [
      'upload/upload-plan.ts',
      'upload/formats/registry.ts',
      'upload/formats/raw-cbass/index.ts',
      'datasets/licences.ts',
      'contract/datasets.ts',
      'csv/a.ts',
      'ed50/a.ts',
      'upload/a.ts',
    ].map(at);
    const exists = (path: string) => known.includes(path);
    const edge = (file: string, specifier: string): ImportEdge => ({ file: at(file), specifier });
    const { files, layers } = coreGraphs(
      [
        edge('upload/upload-plan.ts', './formats/registry'),
        edge('upload/formats/registry.ts', './raw-cbass'),
        edge('upload/formats/raw-cbass/index.ts', '../../upload-plan'),
        edge('upload/pair-check.ts', './upload-plan'),
        edge('contract/datasets.ts', '../datasets/licences'),
        edge('datasets/lifecycle.ts', '../contract/datasets'),
        edge('upload/a.ts', '../ed50/a'),
        edge('ed50/a.test.ts', '../upload/a'),
      ],
      exists,
    );
    expect(importCycles(files)).toEqual(
      [
        'upload/formats/raw-cbass/index.ts → upload/upload-plan.ts → upload/formats/registry.ts → upload/formats/raw-cbass/index.ts',
      ].map((circle) => circle.replace(/[\w./-]+\.ts/g, at)),
    );
    expect(importCycles(layers)).toEqual(['contract → datasets → contract']);
  });
});
