import fs from 'node:fs';
import { Writable } from 'node:stream';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TErrorResponse } from '@coral/core';
import { createUser, TestAgent } from '../../../test/auth-client';
import { createLoggedApp, LOG_LEVELS, type LoggedApp } from '../../../test/log-capture';
import { datasheet, makeDataDir, tempFiles, upload } from '../../../test/upload-test-helpers';

/**
 * A full disk while an upload is written (docs/decisions/0052-faults-and-streams.md): the uploader
 * reads a 507 that says what happened and what to do, the log says it once, and nothing is kept or
 * lost: once there is room again the same upload is accepted. The disk fills at the real write
 * (fs.createWriteStream), so the error goes through the whole real path to the error handler.
 */
let logged: LoggedApp;
let dataDir: string;
let ann: TestAgent;

beforeAll(async () => {
  dataDir = makeDataDir();
  logged = await createLoggedApp({ DATA_DIR: dataDir, LOG_LEVEL: 'info' });
  await createUser(logged.database.db, 'ann');
  ann = await new TestAgent(logged.app).loginOrThrow('ann');
});
afterAll(async () => {
  await logged?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A file stream on a disk with no room left: its first write fails as the kernel's would. */
function fullDiskStream(): fs.WriteStream {
  const stream = new Writable({
    write(_chunk, _encoding, callback) {
      const error = new Error('ENOSPC: no space left on device, write') as NodeJS.ErrnoException;
      error.code = 'ENOSPC';
      error.errno = -28;
      error.syscall = 'write';
      callback(error);
    },
  });
  return stream as unknown as fs.WriteStream;
}

const uploadCount = async () =>
  (await sql<{ n: number }>`SELECT count(*)::int AS n FROM uploads`.execute(logged.database.db))
    .rows[0]!.n;

describe('an upload when the disk is full', () => {
  it('answers 507 with a message for the uploader, logs it once and keeps nothing', async () => {
    const before = { uploads: await uploadCount(), lines: logged.lines.length };
    const spy = vi.spyOn(fs, 'createWriteStream').mockImplementation(fullDiskStream);
    let response;
    try {
      response = await upload(ann, {
        filename: 'cbass_84.csv',
        content: datasheet('cbass_84.csv'),
      });
    } finally {
      spy.mockRestore();
    }
    expect(response.statusCode, response.body).toBe(507);
    const body = response.json<TErrorResponse>();
    expect(body.code).toBe('INSUFFICIENT_STORAGE');
    expect(body.error).toMatch(/disk.*full/i);
    expect(body.error).toMatch(/nothing (was|has been) (kept|saved|lost)/i);
    const lines = logged.lines.slice(before.lines);
    const reported = lines.filter((line) => line.level >= LOG_LEVELS.warn);
    expect(reported).toHaveLength(1);
    expect(reported[0]!.msg).toMatch(/disk is full/);
    expect(await uploadCount()).toBe(before.uploads);
    expect(tempFiles(dataDir)).toEqual([]);

    // Room again: the same upload goes through.
    const again = await upload(ann, {
      filename: 'cbass_84.csv',
      content: datasheet('cbass_84.csv'),
    });
    expect(again.statusCode, again.body).toBe(202);
    expect(await uploadCount()).toBe(before.uploads + 1);
  });
});
