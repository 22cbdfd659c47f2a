// `npm run cli -- <command> [args]`: the server's administration and batch commands.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureBuild } from './ensure-build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
ensureBuild(['server']);
const result = spawnSync(
  process.execPath,
  ['--enable-source-maps', path.join(root, 'apps/server/dist/cli.js'), ...process.argv.slice(2)],
  { stdio: 'inherit' },
);
process.exit(result.status ?? 1);
