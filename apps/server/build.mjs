// Bundles the server and the CLI into dist/ with esbuild. Workspace packages (@coral/*, which
// ship TypeScript sources) are bundled in, and so are JSON data from packages (core's land
// polygons, world-atlas): esbuild would leave an external JSON import without the `with { type:
// 'json' }` Node requires. Every other package is left to Node's resolver.
import fs from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const externalPackages = {
  name: 'external-packages',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@coral/') || args.path.endsWith('.json')
        ? undefined
        : { path: args.path, external: true },
    );
  },
};

/**
 * JSON data (3 MB of land polygons) become `JSON.parse` of a string rather than an object
 * literal: V8 reads it several times faster and with far less memory, which a worker thread with
 * a capped heap needs (modules/uploads/prepare-upload-thread.ts).
 */
const jsonAsParse = {
  name: 'json-as-parse',
  setup(builder) {
    builder.onLoad({ filter: /\.json$/ }, async (args) => ({
      contents: `export default JSON.parse(${JSON.stringify(await fs.readFile(args.path, 'utf8'))});`,
      loader: 'js',
    }));
  },
};

/**
 * How every server bundle is made: the build below, and the upload-check worker when the server
 * runs from its TypeScript sources (lib/worker-script.ts).
 */
export const bundleOptions = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [externalPackages, jsonAsParse],
};

/**
 * Entry points: the server, the CLI, the worker thread that checks uploads, and the embedded
 * database's thread (db/pglite-thread.ts).
 */
export const entryPoints = {
  main: 'src/main.ts',
  cli: 'src/cli.ts',
  'prepare-upload-worker': 'src/modules/uploads/prepare-upload.worker.ts',
  'pglite-worker': 'src/db/pglite.worker.ts',
};

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await build({ ...bundleOptions, entryPoints, outdir: 'dist' });
}
