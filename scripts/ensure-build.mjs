// Builds what `npm start` and `npm run cli` run, when the sources changed since the last build.
// The fingerprint covers every file that goes into the web bundle and the server bundle.
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const targets = {
  web: {
    inputs: [
      'apps/web/src',
      'apps/web/public',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'packages/core/src',
      'package-lock.json',
    ],
    output: 'apps/web/dist',
    command: ['run', 'build', '-w', 'apps/web'],
  },
  server: {
    inputs: ['apps/server/src', 'apps/server/build.mjs', 'packages/core/src', 'package-lock.json'],
    output: 'apps/server/dist',
    command: ['run', 'build', '-w', 'apps/server'],
  },
};

function* files(entry) {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return;
  const stat = fs.statSync(full);
  if (stat.isFile()) {
    yield entry;
    return;
  }
  for (const name of fs.readdirSync(full).sort()) {
    if (name === 'node_modules' || name === 'dist') continue;
    yield* files(path.join(entry, name));
  }
}

function fingerprint(inputs) {
  const hash = createHash('sha256');
  for (const input of inputs) {
    for (const file of files(input)) {
      if (/\.test\.tsx?$/.test(file)) continue;
      hash
        .update(file)
        .update('\0')
        .update(fs.readFileSync(path.join(root, file)));
    }
  }
  return hash.digest('hex');
}

/**
 * Builds each target whose inputs changed since its last build (every one with `force`), and
 * stamps it, so that the next caller (`npm start`, the e2e run after CI's build) reuses it.
 */
export function ensureBuild(names = Object.keys(targets), { force = false } = {}) {
  for (const name of names) {
    const target = targets[name];
    const stampFile = path.join(root, target.output, '.build-fingerprint');
    const current = fingerprint(target.inputs);
    const previous = fs.existsSync(stampFile) ? fs.readFileSync(stampFile, 'utf8') : '';
    if (current === previous && !force) continue;
    console.log(`Building ${name}…`);
    execFileSync('npm', target.command, { cwd: root, stdio: 'inherit' });
    fs.mkdirSync(path.dirname(stampFile), { recursive: true });
    fs.writeFileSync(stampFile, current);
  }
}

// `npm run build`: `node scripts/ensure-build.mjs --force` builds everything and stamps it.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  ensureBuild(undefined, { force: process.argv.includes('--force') });
}
