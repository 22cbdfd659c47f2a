import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  UPLOAD_QUEUED_MESSAGE,
  type TErrorResponse,
  type TUploadAccepted,
  type TUploadDetail,
  type TUploadSummary,
} from '@coral/core';
import type { TestContext } from '../../../test/test-app';
import { TestAgent } from '../../../test/auth-client';
import {
  datasetSnapshot,
  datasheet,
  closeUploadTestApp,
  openUploadTestApp,
  type UploadTestApp,
  multipart,
  storedFiles,
  tempFiles,
  upload,
} from '../../../test/upload-test-helpers';

let ctx: TestContext;
let dataDir: string;
let ann: TestAgent;
let bob: TestAgent;

let app: UploadTestApp;
beforeAll(async () => {
  app = await openUploadTestApp();
  ({ ctx, dataDir, ann, bob } = app);
});
afterAll(() => closeUploadTestApp(app));

const cbass84 = { filename: 'cbass_84.csv', content: datasheet('cbass_84.csv') };
const raw = { filename: 'cbass_dataset_raw.csv', content: datasheet('cbass_dataset_raw.csv') };
const ed = { filename: 'ED50_Results.csv', content: datasheet('cbass_dataset_ED50_Results.csv') };

async function refusal(response: { statusCode: number; json<T>(): T }) {
  const body = response.json<TErrorResponse>();
  return { status: response.statusCode, code: body.code, error: body.error };
}

describe('POST /api/auth/upload-csv/: who may upload', () => {
  it('anonymous visitors get 401 (after CSRF)', async () => {
    const anonymous = new TestAgent(ctx.app);
    await anonymous.fetchCsrf();
    const response = await upload(anonymous, cbass84);
    expect(response.statusCode).toBe(401);
  });

  it('a request without the CSRF header gets 403', async () => {
    const body = multipart([{ field: 'csv_file', ...cbass84 }]);
    const response = await ann.request({
      method: 'POST',
      url: '/api/auth/upload-csv/',
      payload: body.payload,
      headers: body.headers,
      csrf: false,
    });
    expect(await refusal(response)).toMatchObject({ status: 403, code: 'CSRF_FAILED' });
  });

  it('a JSON body is not an upload (415)', async () => {
    const response = await ann.request({
      method: 'POST',
      url: '/api/auth/upload-csv/',
      payload: { csv_file: 'x' },
    });
    expect(await refusal(response)).toMatchObject({ status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' });
  });
});

describe('POST /api/auth/upload-csv/: files refused at once change nothing', () => {
  async function expectRefused(
    main: { filename: string; content: Buffer | string } | null,
    edFile: { filename: string; content: Buffer | string } | null,
    error: string | RegExp,
  ) {
    const before = await datasetSnapshot(ctx.database.db);
    const uploadsBefore = (await ann.request({ url: '/api/auth/uploads/' })).json<
      TUploadSummary[]
    >().length;
    const filesBefore = storedFiles(dataDir).length;
    const response = await upload(ann, main, edFile);
    const body = await refusal(response);
    expect(body.status).toBe(400);
    expect(body.code).toBe('VALIDATION_FAILED');
    if (typeof error === 'string') expect(body.error).toContain(error);
    else expect(body.error).toMatch(error);
    expect(await datasetSnapshot(ctx.database.db)).toEqual(before);
    expect(
      (await ann.request({ url: '/api/auth/uploads/' })).json<TUploadSummary[]>(),
    ).toHaveLength(uploadsBefore);
    expect(storedFiles(dataDir)).toHaveLength(filesBefore);
    expect(tempFiles(dataDir)).toEqual([]);
  }

  it('no main file', () => expectRefused(null, ed, 'Please select a CSV file for the main data'));
  it('a main file not named .csv or .xlsx', () =>
    expectRefused(
      { filename: 'data.xls', content: cbass84.content },
      null,
      'Please select a CSV file for the main data',
    ));
  it('an ED file not named .csv', () =>
    expectRefused(
      raw,
      { filename: 'ed.txt', content: ed.content },
      'Please select a CSV file for ED50 table',
    ));
  it('a damaged workbook renamed .csv', () =>
    expectRefused(
      {
        filename: 'data.csv',
        content: Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 6, 0, 8, 0, 0, 0, 0x21, 0]),
      },
      null,
      'The main data file (data.csv): This file is not a readable Excel workbook (.xlsx): its ZIP directory is missing.',
    ));
  it('binary bytes renamed .csv', () =>
    expectRefused(
      {
        filename: 'image.csv',
        content: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]),
      },
      null,
      'a PNG image',
    ));
  it('an empty file', () =>
    expectRefused({ filename: 'empty.csv', content: '' }, null, 'is empty'));
  it('a header without data rows', () =>
    expectRefused(
      { filename: 'template_raw.csv', content: datasheet('template_raw.csv') },
      ed,
      'has a header but no data rows',
    ));
  it('the ED file as main file', () =>
    expectRefused(ed, raw, 'This is an ED50 results file, not the main data file.'));
  it('a raw file without its ED file', () =>
    expectRefused(raw, null, 'A raw CBASS file needs its ED50 results file.'));
  it('a file with unknown columns', () =>
    expectRefused(
      { filename: 'x.csv', content: 'name,value\na,1\n' },
      null,
      /header does not match/,
    ));
});

describe('POST /api/auth/upload-csv/: size limit', () => {
  it('a file over UPLOAD_MAX_BYTES answers 413 JSON and keeps nothing', async () => {
    const small = await ctx.anotherApp({ DATA_DIR: dataDir, UPLOAD_MAX_BYTES: '10000' });
    const agent = await new TestAgent(small).loginOrThrow('ann');
    const before = await datasetSnapshot(ctx.database.db);
    const files = storedFiles(dataDir).length;
    const response = await upload(agent, cbass84);
    expect(response.statusCode).toBe(413);
    expect(response.json<TErrorResponse>()).toEqual({
      error: 'The main data file is larger than the upload limit of 9.8 KB.',
      code: 'PAYLOAD_TOO_LARGE',
    });
    expect(await datasetSnapshot(ctx.database.db)).toEqual(before);
    expect(storedFiles(dataDir)).toHaveLength(files);
    expect(tempFiles(dataDir)).toEqual([]);
  });
});

describe('POST /api/auth/upload-csv/: accepted uploads', () => {
  let accepted: TUploadAccepted;

  it('queues the upload and answers at once with the spec’s message and the upload id', async () => {
    const response = await upload(ann, raw, ed);
    expect(response.statusCode).toBe(202);
    accepted = response.json<TUploadAccepted>();
    expect(accepted).toEqual({
      message: UPLOAD_QUEUED_MESSAGE,
      upload_id: expect.any(Number) as number,
      status: 'queued',
      duplicate: false,
    });
    const detail = (
      await ann.request({ url: `/api/auth/uploads/${accepted.upload_id}/` })
    ).json<TUploadDetail>();
    expect(detail).toMatchObject({
      id: accepted.upload_id,
      status: 'queued',
      main_file_name: 'cbass_dataset_raw.csv',
      main_file_bytes: raw.content.length,
      ed_file_name: 'ED50_Results.csv',
      format: 'raw',
      attempts: 0,
      errors: [],
      quality_flags: [],
    });
  });

  it('keeps both files durably under DATA_DIR, named by their SHA-256', async () => {
    const files = storedFiles(dataDir);
    const sha = (content: Buffer) => crypto.createHash('sha256').update(content).digest('hex');
    expect(files.map((f) => f.split('/').at(-1))).toEqual(
      expect.arrayContaining([`${sha(raw.content)}.csv`, `${sha(ed.content)}.csv`]),
    );
    const row = await ctx.database.db
      .selectFrom('uploads')
      .selectAll()
      .where('id', '=', accepted.upload_id)
      .executeTakeFirstOrThrow();
    expect(row.main_file_sha256).toBe(sha(raw.content));
    expect(row.ed_file_sha256).toBe(sha(ed.content));
  });

  it('puts one job on the queue for it', async () => {
    const { rows } = await ctx.database.pool.query<{ state: string }>(
      `SELECT state FROM pgboss.job WHERE name = 'upload-import' AND (data->>'uploadId')::int = $1`,
      [accepted.upload_id],
    );
    expect(rows).toEqual([{ state: 'created' }]);
  });

  it('the same two files again queue nothing and name the first upload', async () => {
    const response = await upload(ann, raw, ed);
    expect(response.statusCode).toBe(200);
    expect(response.json<TUploadAccepted>()).toEqual({
      message: `These files were already uploaded (upload #${accepted.upload_id}, queued); nothing new was queued.`,
      upload_id: accepted.upload_id,
      status: 'queued',
      duplicate: true,
    });
  });

  it('a standard-schema file with inline ED50 needs no ED file', async () => {
    const response = await upload(ann, cbass84);
    expect(response.statusCode).toBe(202);
    expect(response.json<TUploadAccepted>().duplicate).toBe(false);
  });
});

describe('GET /api/auth/uploads/: only your own', () => {
  it('lists your uploads, newest first', async () => {
    const list = (await ann.request({ url: '/api/auth/uploads/' })).json<TUploadSummary[]>();
    expect(list.map((u) => u.main_file_name)).toEqual(['cbass_84.csv', 'cbass_dataset_raw.csv']);
    expect((await bob.request({ url: '/api/auth/uploads/' })).json<TUploadSummary[]>()).toEqual([]);
  });

  it("answers another user's upload exactly like a missing one", async () => {
    const [mine] = (await ann.request({ url: '/api/auth/uploads/' })).json<TUploadSummary[]>();
    const foreign = await bob.request({ url: `/api/auth/uploads/${mine!.id}/` });
    const missing = await bob.request({ url: '/api/auth/uploads/999999/' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body.replace(String(mine!.id), '<id>')).toBe(
      missing.body.replace('999999', '<id>'),
    );
    expect((await bob.request({ url: '/api/auth/uploads/abc/' })).statusCode).toBe(404);
  });

  it('needs a session', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/auth/uploads/' });
    expect(response.statusCode).toBe(401);
  });
});
