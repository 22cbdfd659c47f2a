import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TErrorResponse, TUploadSummary } from '@coral/core';
import type { TestAgent } from '../../../test/auth-client';
import {
  closeUploadTestApp,
  datasetSnapshot,
  datasheet,
  multipart,
  openUploadTestApp,
  storedFiles,
  tempFiles,
  type UploadTestApp,
} from '../../../test/upload-test-helpers';

/**
 * Malformed multipart bodies (decision 0024): each answered 500, or 413 for a third file, and
 * a NUL in a file name left the file on disk. Each is a 4xx with a clear message, leaving nothing.
 */
let app: UploadTestApp;
let ann: TestAgent;
beforeAll(async () => {
  app = await openUploadTestApp();
  ({ ann } = app);
});
afterAll(() => closeUploadTestApp(app));

const main = { field: 'csv_file', filename: 'cbass_84.csv', content: datasheet('cbass_84.csv') };

async function expectNothingLeft(send: () => Promise<{ statusCode: number; json<T>(): T }>) {
  const before = await datasetSnapshot(app.ctx.database.db);
  const uploads = async () =>
    (await ann.request({ url: '/api/auth/uploads/' })).json<TUploadSummary[]>().length;
  const uploadsBefore = await uploads();
  const filesBefore = storedFiles(app.dataDir).length;
  const response = await send();
  expect(await datasetSnapshot(app.ctx.database.db)).toEqual(before);
  expect(await uploads()).toBe(uploadsBefore);
  expect(storedFiles(app.dataDir)).toHaveLength(filesBefore);
  expect(tempFiles(app.dataDir)).toEqual([]);
  return { status: response.statusCode, ...response.json<TErrorResponse>() };
}

const post = (payload: Buffer, contentType: string) =>
  ann.request({
    method: 'POST',
    url: '/api/auth/upload-csv/',
    payload,
    headers: { 'content-type': contentType },
  });

describe('POST /api/auth/upload-csv/ with a malformed body', () => {
  it('a multipart body without a boundary: 400', async () => {
    const body = multipart([main]);
    const answer = await expectNothingLeft(() => post(body.payload, 'multipart/form-data'));
    expect(answer).toMatchObject({ status: 400, code: 'BAD_REQUEST' });
    expect(answer.error).toBe(
      'The upload is not a valid multipart/form-data body (its boundary is missing). Send the files again from the upload page or with a multipart client.',
    );
  });

  it('a body cut off in the middle of the file: 400', async () => {
    const body = multipart([main]);
    const cut = body.payload.subarray(0, Math.floor(body.payload.length / 2));
    const answer = await expectNothingLeft(() => post(cut, body.headers['content-type']!));
    expect(answer).toMatchObject({ status: 400, code: 'BAD_REQUEST' });
    expect(answer.error).toBe(
      'The upload ended before its files were complete (the connection may have been interrupted). Send the files again.',
    );
  });

  it('a file name containing NUL: 400, and the file is not kept', async () => {
    const body = multipart([{ ...main, filename: 'cbass\u000084.csv' }]);
    const answer = await expectNothingLeft(() => post(body.payload, body.headers['content-type']!));
    expect(answer).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
    expect(answer.error).toBe(
      'The file name of csv_file contains control characters; rename the file and send it again.',
    );
  });

  it('a third file: 400 naming the two expected fields', async () => {
    const ed = datasheet('cbass_dataset_ED50_Results.csv');
    const body = multipart([
      main,
      { field: 'ed50_file', filename: 'ED50_Results.csv', content: ed },
      { field: 'other_file', filename: 'more.csv', content: ed },
    ]);
    const answer = await expectNothingLeft(() => post(body.payload, body.headers['content-type']!));
    expect(answer).toMatchObject({ status: 400, code: 'BAD_REQUEST' });
    expect(answer.error).toBe(
      'An upload holds at most two files: csv_file (the main data) and ed50_file (the ED50 results).',
    );
  });
});
