// `npm run lint:openapi`: writes the OpenAPI document the server generates from its routes and
// lints it with Redocly's recommended rules (redocly.yaml); fails on any error.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const output =
  process.argv[2] ?? path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-')), 'openapi.json');
// The document's `servers` is the deployment's PUBLIC_URL; a reserved name stands for it here.
const publicUrl = process.env.PUBLIC_URL ?? 'https://coral-platform.invalid';
execFileSync(
  process.execPath,
  ['--import', 'tsx', 'apps/server/src/print-openapi.ts', output, publicUrl],
  {
    cwd: root,
    stdio: 'inherit',
  },
);
console.log(`OpenAPI document written to ${output}`);
execFileSync(
  path.join(root, 'node_modules/.bin/redocly'),
  ['lint', output, '--config', 'redocly.yaml'],
  {
    cwd: root,
    // A lint sends nothing anywhere.
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    stdio: 'inherit',
  },
);
