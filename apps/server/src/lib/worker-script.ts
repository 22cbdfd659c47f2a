import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const sourceBundles = new Map<string, Promise<string>>();

/**
 * The script of a worker thread, by its name among build.mjs's `entryPoints`. In a build it lies
 * next to the bundle (dist/<name>.js). Running from the TypeScript sources (tsx, Vitest), it is
 * bundled once per process with the build's own options: Node 20 passes no TypeScript loader on
 * to a worker thread, and compiling core module by module in every worker would take seconds. It
 * is written under apps/server/.cache/ so that its packages resolve from the repository's
 * node_modules.
 */
export function workerScript(name: string): Promise<string> {
  const here = fileURLToPath(import.meta.url);
  if (!here.endsWith('.ts')) return Promise.resolve(path.join(path.dirname(here), `${name}.js`));
  let bundle = sourceBundles.get(name);
  if (!bundle) {
    bundle = (async () => {
      const serverRoot = path.resolve(path.dirname(here), '../..');
      const buildFile = path.join(serverRoot, 'build.mjs');
      const { bundleOptions, entryPoints } = (await import(buildFile)) as {
        bundleOptions: object;
        entryPoints: Record<string, string>;
      };
      const { build } = await import('esbuild');
      const outfile = path.join(serverRoot, '.cache', `${process.pid}-${name}.js`);
      await build({
        ...bundleOptions,
        sourcemap: 'inline',
        absWorkingDir: serverRoot,
        entryPoints: [entryPoints[name]!],
        outfile,
      });
      process.once('exit', () => fs.rmSync(outfile, { force: true }));
      return outfile;
    })();
    sourceBundles.set(name, bundle);
  }
  return bundle;
}
