import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TUploadAccepted } from '@coral/core';
import type { AppConfig } from '../config';
import { UPLOAD_IMPORT_JOB } from '../jobs/job-definitions';
import { createJobQueue, jobQueueOptions } from '../jobs/job-queue';
import { processUpload } from '../modules/uploads/upload-processor';
import {
  closeUploadTestApp,
  DATASHEETS,
  datasetSnapshot,
  datasheet,
  openUploadTestApp,
  storedFiles,
  tempFiles,
  upload,
  type UploadTestApp,
} from '../../test/upload-test-helpers';
import { onTestDatabase, runCliCaptured } from '../../test/cli-in-process';

// `import` and POST /api/auth/upload-csv/ are one intake (uploads.service): the same checks,
// stored files, upload record, job and duplicate rule, whichever way the files come in.

let app: UploadTestApp;
beforeAll(async () => {
  app = await openUploadTestApp();
});
afterAll(() => closeUploadTestApp(app));

const cli = (argv: string[], config: AppConfig = app.ctx.config) =>
  runCliCaptured(argv, onTestDatabase(config, app.ctx.database.db));

const RAW = 'cbass_dataset_raw.csv';
const ED = 'cbass_dataset_ED50_Results.csv';
const file = (name: string) => ({ filename: name, content: datasheet(name) });
const importAs = (owner: string, ...files: string[]) =>
  cli(['import', ...files.map((f) => path.join(DATASHEETS, f)), '--owner', owner]);
const uploadIdIn = (stdout: string) => Number(/^Upload #(\d+) /.exec(stdout)?.[1]);

async function uploadRow(id: number) {
  return app.ctx.database.db
    .selectFrom('uploads')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

/** What the intake writes: the files as stored, and the format it recognised. */
async function intakeRecord(id: number) {
  const row = await uploadRow(id);
  return {
    main: [row.main_file_name, row.main_file_path, row.main_file_sha256, row.main_file_bytes],
    ed: [row.ed_file_name, row.ed_file_path, row.ed_file_sha256, row.ed_file_bytes],
    format: row.format,
  };
}

/** The upload's jobs with the settings they were queued with. */
async function jobsOf(uploadId: number) {
  const { rows } = await sql<Record<string, unknown>>`
    SELECT state, data, retry_limit, retry_delay, retry_backoff, expire_in, priority
    FROM pgboss.job WHERE name = ${UPLOAD_IMPORT_JOB.queue} AND (data->>'uploadId')::int = ${uploadId}
  `.execute(app.ctx.database.db);
  return rows;
}

async function uploadCount() {
  const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM uploads`.execute(
    app.ctx.database.db,
  );
  return rows[0]!.n;
}

let viaApi: number;
let viaCli: number;

describe('one intake for the API and the CLI', () => {
  it('records the same upload with the same job; the CLI then runs that job at once', async () => {
    const accepted = await upload(app.ann, file(RAW), file(ED));
    expect(accepted.statusCode).toBe(202);
    viaApi = accepted.json<TUploadAccepted>().upload_id;

    const imported = await importAs('bob', RAW, ED);
    expect(imported.stderr).toBe('');
    expect(imported.code).toBe(0);
    viaCli = uploadIdIn(imported.stdout);
    expect(viaCli).toBeGreaterThan(viaApi);

    expect(await intakeRecord(viaCli)).toEqual(await intakeRecord(viaApi));
    expect(await intakeRecord(viaApi)).toMatchObject({
      main: [RAW, expect.stringMatching(/^sha256\//), expect.any(String), expect.anything()],
      ed: [ED, expect.stringMatching(/^sha256\//), expect.any(String), expect.anything()],
      format: 'raw',
    });
    expect(await uploadRow(viaApi)).toMatchObject({ status: 'queued', attempts: 0 });
    expect(await uploadRow(viaCli)).toMatchObject({ status: 'done', attempts: 1 });

    const [apiJob] = await jobsOf(viaApi);
    const [cliJob] = await jobsOf(viaCli);
    expect(apiJob).toMatchObject({ state: 'created', data: { uploadId: viaApi } });
    expect(cliJob).toMatchObject({ state: 'completed', data: { uploadId: viaCli } });
    const settings = ({ state: _state, data: _data, ...rest }: Record<string, unknown>) => rest;
    expect(settings(cliJob!)).toEqual(settings(apiJob!));
    expect(await jobsOf(viaCli)).toHaveLength(1);

    // content-addressed storage: the two files once, nothing left in tmp/
    expect(storedFiles(app.dataDir)).toHaveLength(2);
    expect(tempFiles(app.dataDir)).toEqual([]);
  });

  it('a duplicate of a queued upload: both name it and queue nothing; the CLI finishes it', async () => {
    const uploads = await uploadCount();
    const again = await upload(app.ann, file(RAW), file(ED));
    expect(again.statusCode).toBe(200);
    const answer = again.json<TUploadAccepted>();
    expect(answer).toEqual({
      message: `These files were already uploaded (upload #${viaApi}, queued); nothing new was queued.`,
      upload_id: viaApi,
      status: 'queued',
      duplicate: true,
    });

    const imported = await importAs('ann', RAW, ED);
    expect(imported.code).toBe(0);
    const lines = imported.stdout.split('\n');
    expect(lines[0]).toBe(`Upload #${viaApi} (${RAW} + ${ED}): done`);
    expect(lines[1]).toBe(answer.message);
    expect(lines[2]).toMatch(
      /^Imported as a draft of the dataset “202211_DEU_Zugspitze-Feldberg” \(version 1\): 30 colonies/,
    );
    expect(await uploadCount()).toBe(uploads);
    expect(await jobsOf(viaApi)).toEqual([expect.objectContaining({ state: 'completed' })]);
    expect(tempFiles(app.dataDir)).toEqual([]);
  });

  it('a duplicate of a finished upload: the same answer both ways, and nothing is imported', async () => {
    const before = await datasetSnapshot(app.ctx.database.db);
    const uploads = await uploadCount();
    for (const [owner, agent, id] of [
      ['ann', app.ann, viaApi],
      ['bob', app.bob, viaCli],
    ] as const) {
      const response = await upload(agent, file(RAW), file(ED));
      expect(response.statusCode).toBe(200);
      const answer = response.json<TUploadAccepted>();
      expect(answer).toMatchObject({ upload_id: id, status: 'done', duplicate: true });

      const imported = await importAs(owner, RAW, ED);
      expect(imported.code).toBe(0);
      expect(imported.stdout.split('\n').slice(0, 2)).toEqual([
        `Upload #${id} (${RAW} + ${ED}): done`,
        answer.message,
      ]);
    }
    expect(await datasetSnapshot(app.ctx.database.db)).toEqual(before);
    expect(await uploadCount()).toBe(uploads);
    expect(await jobsOf(viaApi)).toHaveLength(1);
    expect(await jobsOf(viaCli)).toHaveLength(1);
  });

  it('refuses what the API refuses, with the same problem', async () => {
    const response = await upload(app.bob, file(RAW));
    expect(response.statusCode).toBe(400);
    const { error } = response.json<{ error: string }>();
    const imported = await importAs('bob', RAW);
    expect(imported.code).toBe(1);
    expect(imported.stderr.replace(/\s*\n\s*→?\s*/g, ' ').trim()).toBe(
      `Refused: main file: ${error}`,
    );
    expect(tempFiles(app.dataDir)).toEqual([]);
  });

  it('waits for the upload when a worker elsewhere has its job', async () => {
    const accepted = await upload(app.bob, file('cbass_84.csv'));
    expect(accepted.statusCode).toBe(202);
    const id = accepted.json<TUploadAccepted>().upload_id;
    // another worker (on a PostgreSQL server) takes the job …
    const worker = createJobQueue(app.ctx.database.db, jobQueueOptions(app.ctx.config, false));
    try {
      await worker.start();
      const [job] = await worker.boss.fetch<{ uploadId: number }>(UPLOAD_IMPORT_JOB.queue);
      expect(job?.data.uploadId).toBe(id);
      const onServer = {
        ...app.ctx.config,
        database: { url: 'postgres://elsewhere/coral', replicaUrls: [] },
      };
      const importing = cli(
        ['import', path.join(DATASHEETS, 'cbass_84.csv'), '--owner', 'bob'],
        onServer,
      );
      // … and finishes it while the CLI waits
      await new Promise((resolve) => setTimeout(resolve, 300));
      await processUpload({ db: app.ctx.database.db, config: app.ctx.config }, id);
      await worker.boss.complete(UPLOAD_IMPORT_JOB.queue, job!.id);
      const imported = await importing;
      expect(imported.stderr).toBe(
        `Upload #${id} is being processed by a worker; waiting for it…\n`,
      );
      expect(imported.code).toBe(0);
      expect(imported.stdout.split('\n')[0]).toBe(`Upload #${id} (cbass_84.csv): done`);
    } finally {
      await worker.stop();
    }
  });
});
