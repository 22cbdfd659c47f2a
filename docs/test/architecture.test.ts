import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const architecture = fs.readFileSync(path.join(root, 'docs/architecture.md'), 'utf8');

/** Folders whose children must each have their own line (feature folders, modules…). */
const LISTED_CHILDREN = [
  '.',
  'apps',
  'apps/server',
  'apps/server/src',
  'apps/server/src/modules',
  'apps/web',
  'apps/web/src',
  'packages',
  'packages/core/src',
  'docs',
  'fixtures',
];
const IGNORED = new Set([
  'node_modules',
  'dist',
  // the upload-check worker bundled for runs from source (decision 0028), git-ignored
  '.cache',
  'data',
  '.git',
  'test-results',
  'playwright-report',
  'public',
]);

function childFolders(folder: string): string[] {
  const full = path.join(root, folder);
  if (!fs.existsSync(full)) return [];
  return fs
    .readdirSync(full, { withFileTypes: true })
    .filter(
      (entry) =>
        entry.isDirectory() &&
        !IGNORED.has(entry.name) &&
        !(folder === '.' && entry.name.startsWith('.') && entry.name !== '.ci'),
    )
    .map((entry) => path.posix.join(folder === '.' ? '' : folder, entry.name));
}

describe('docs/architecture.md', () => {
  const folders = LISTED_CHILDREN.flatMap(childFolders);

  it.each(folders)('describes %s/', (folder) => {
    expect(architecture).toContain(`\`${folder}/\``);
  });

  it('lists no folder that does not exist', () => {
    const listed = [...architecture.matchAll(/^\| `([^`]+)\/` \|/gm)].map((m) => m[1]!);
    expect(listed.filter((folder) => !fs.existsSync(path.join(root, folder)))).toEqual([]);
  });
});
