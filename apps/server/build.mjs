// Bundles the server and the CLI into dist/ with esbuild. Workspace packages (@coral/*, which
// ship TypeScript sources) are bundled in, and so are JSON data from packages (core's land
// polygons, world-atlas): esbuild would leave an external JSON import without the `with { type:
// 'json' }` Node requires. Every other package is left to Node's resolver.
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

await build({
  entryPoints: { main: 'src/main.ts', cli: 'src/cli.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [externalPackages],
});
