import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const main = path.resolve(import.meta.dirname, '../src/main.ts');

/** What an operator sees: one clear line on stderr and a non-zero exit. */
function start(env: Record<string, string>) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', main], {
    env: { PATH: process.env.PATH, NODE_ENV: 'test', PORT: '0', ED50_PORT: '0', ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: result.status, stderr: result.stderr.trim() };
}

describe('server start-up failures', () => {
  it('refuses to start without a reachable database, with one line saying why', () => {
    const { status, stderr } = start({ DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none' });
    expect(status).toBe(1);
    expect(stderr.split('\n')).toHaveLength(1);
    expect(stderr).toMatch(
      /^Cannot start: Cannot reach the PostgreSQL server at postgres:\/\/postgres@127\.0\.0\.1:1\/none: /,
    );
  });

  it('refuses invalid configuration, naming the variable', () => {
    const { status, stderr } = start({ PORT: 'eighty' });
    expect(status).toBe(1);
    expect(stderr).toMatch(/^Cannot start: Invalid configuration: PORT: /);
  });
});
