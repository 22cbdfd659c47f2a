import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DatabaseUnavailableError, openDatabase, redactUrl } from './database';
import { acquireEmbeddedLock, DatabaseInUseError } from './embedded-lock';

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'coral-db-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('openDatabase', () => {
  it('says clearly that a PostgreSQL server cannot be reached, without the password', async () => {
    const error = await openDatabase({
      kind: 'server',
      url: 'postgres://u:secret@127.0.0.1:1/db',
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DatabaseUnavailableError);
    expect((error as Error).message).toMatch(
      /^Cannot reach the PostgreSQL server at postgres:\/\/u:\*\*\*@127\.0\.0\.1:1\/db: /,
    );
    expect((error as Error).message).not.toContain('secret');
  });

  it('redacts passwords in URLs it reports', () => {
    expect(redactUrl('postgresql://a:b@h/db')).toBe('postgresql://a:***@h/db');
    expect(redactUrl('not a url')).toBe('the configured DATABASE_URL');
  });
});

describe('embedded database lock', () => {
  it('keeps a second process out while the owner is alive', () => {
    const dir = tempDir();
    const lock = path.join(dir, 'pglite.lock');
    fs.writeFileSync(lock, String(process.ppid)); // a live process that is not us
    expect(() => acquireEmbeddedLock(lock, dir)).toThrow(DatabaseInUseError);
    expect(() => acquireEmbeddedLock(lock, dir)).toThrow(`in use by process ${process.ppid}`);
  });

  it('takes over a lock left by a process that died, and releases it', () => {
    const dir = tempDir();
    const lock = path.join(dir, 'pglite.lock');
    fs.writeFileSync(lock, '2147483646');
    const release = acquireEmbeddedLock(lock, dir);
    expect(fs.readFileSync(lock, 'utf8')).toBe(String(process.pid));
    release();
    expect(fs.existsSync(lock)).toBe(false);
  });
});
