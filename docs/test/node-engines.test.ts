import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The README and the root package.json promise that Node 20.19 is enough, and the machines this
 * platform runs on cannot fetch another Node. Any installed package whose `engines.node` refuses
 * that minimum makes `npm install` warn (EBADENGINE) and may use APIs the promised Node lacks, so
 * the installed tree is checked here; a dependency bump that breaks the promise fails this test
 * and gets pinned in the root package.json `overrides` instead.
 */
const root = path.resolve(import.meta.dirname, '../..');
const readJson = (file: string): unknown => JSON.parse(fs.readFileSync(file, 'utf8'));

// semver is the library npm itself checks engines with; it is in the tree (hoisted) without types.
const semver = createRequire(import.meta.url)('semver') as {
  minVersion(range: string): { version: string } | null;
  satisfies(version: string, range: string): boolean;
  validRange(range: string): string | null;
};

interface Manifest {
  name?: string;
  version?: string;
  engines?: { node?: string };
}

/** Every package.json in node_modules, nested node_modules and scoped folders included. */
function installedManifests(dir: string): { file: string; manifest: Manifest }[] {
  if (!fs.existsSync(dir)) return [];
  const found: { file: string; manifest: Manifest }[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue;
    const entryPath = path.join(dir, entry.name);
    // Workspaces are symlinks back into the repository; their engines are the project's own.
    if (!entry.isDirectory()) continue;
    if (entry.name.startsWith('@')) {
      found.push(...installedManifests(entryPath));
      continue;
    }
    const file = path.join(entryPath, 'package.json');
    if (fs.existsSync(file)) found.push({ file, manifest: readJson(file) as Manifest });
    found.push(...installedManifests(path.join(entryPath, 'node_modules')));
  }
  return found;
}

describe('installed packages run on the promised Node', () => {
  const promised = (readJson(path.join(root, 'package.json')) as Manifest).engines?.node ?? '';
  const minimum = semver.minVersion(promised)?.version;

  it('the root package.json promises a Node minimum the README repeats', () => {
    expect(minimum).toBe('20.19.0');
    const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
    expect(readme).toContain('Node.js 20.19 or newer');
  });

  it(`every installed package's engines.node accepts Node ${minimum}`, () => {
    const installed = installedManifests(path.join(root, 'node_modules'));
    // A tree this small means node_modules was not found, and the check below would pass vacuously.
    expect(installed.length).toBeGreaterThan(100);
    const refusing = installed
      .filter(({ manifest }) => {
        const range = manifest.engines?.node;
        // Ranges npm cannot parse are not enforced by npm either.
        if (typeof range !== 'string' || semver.validRange(range) === null) return false;
        return !semver.satisfies(minimum ?? '', range);
      })
      .map(
        ({ file, manifest }) =>
          `${manifest.name}@${manifest.version} needs node ${manifest.engines?.node} (${path.relative(root, file)})`,
      );
    expect(refusing).toEqual([]);
  });
});
