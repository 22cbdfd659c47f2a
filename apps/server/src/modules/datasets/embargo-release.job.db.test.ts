import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { TDatasetActionResult, TDatasetDetail } from '@coral/core';
import { TestAgent } from '../../../test/auth-client';
import {
  COMPLETE_METADATA,
  curator,
  studyVariant,
  uploadDraft,
} from '../../../test/dataset-helpers';
import {
  closeUploadTestApp,
  openUploadTestApp,
  type UploadTestApp,
} from '../../../test/upload-test-helpers';
import { DATASET_EMBARGO_JOB } from '../../jobs/job-definitions';
import { createJobQueue, jobQueueOptions } from '../../jobs/job-queue';
import { createDatasetsService } from './datasets.service';
import { startEmbargoReleaseWorker } from './embargo-release.job';

/** An approved version with an embargo: its release job is scheduled, and the worker publishes it. */
let app: UploadTestApp;
let ann: TestAgent;
let cora: TestAgent;
let anonymous: TestAgent;

beforeAll(async () => {
  app = await openUploadTestApp();
  ({ ann } = app);
  await curator(app.ctx.database.db, 'cora');
  cora = await new TestAgent(app.ctx.app).loginOrThrow('cora');
  anonymous = new TestAgent(app.ctx.app);
});
afterAll(() => closeUploadTestApp(app));

const versionUrl = (id: number, n: number) => `/api/auth/datasets/${id}/versions/${n}`;
const put = (agent: TestAgent, url: string, payload: object) =>
  agent.request({ method: 'PUT', url, payload, csrf: true });
const post = (agent: TestAgent, url: string, payload: object = {}) =>
  agent.request({ method: 'POST', url, payload, csrf: true });

describe('embargo release', () => {
  it('an embargoed version shows its metadata, hides its data, and is published when its date comes', async () => {
    const { datasetId } = await uploadDraft(app.ctx, ann, studyVariant('Embargo'));
    const nextYear = `${new Date().getUTCFullYear() + 1}-06-01`;
    await put(ann, `${versionUrl(datasetId, 1)}/metadata/`, {
      ...COMPLETE_METADATA,
      embargo_until: nextYear,
    });
    await post(ann, `${versionUrl(datasetId, 1)}/submit/`);
    const approved = await post(cora, `${versionUrl(datasetId, 1)}/approve/`, {
      message: 'Quality flags checked.',
    });
    expect(approved.json<TDatasetActionResult>().message).toBe(
      `Version 1 was approved; its data stay embargoed until ${nextYear}.`,
    );
    const shown = (
      await anonymous.request({ url: `/api/public/datasets/${datasetId}/` })
    ).json<TDatasetDetail>();
    expect(shown.version).toMatchObject({ state: 'embargoed', published_at: null });
    const colonies = (await anonymous.request({ url: '/api/public/colonies/' })).body;
    expect(colonies).not.toContain('Embargo-AF1');
    // The approval scheduled the release for the morning of its date, once.
    const { rows: scheduled } = await sql<{ start_after: Date }>`
      SELECT start_after FROM pgboss.job
      WHERE name = ${DATASET_EMBARGO_JOB.queue} AND data @> ${JSON.stringify({ datasetId })}::jsonb
    `.execute(app.ctx.database.db);
    expect(scheduled.map((job) => job.start_after.toISOString())).toEqual([
      `${nextYear}T00:00:00.000Z`,
    ]);

    // The date comes (moved here rather than waiting a year); the worker's sweep at its start
    // releases it, as its job would on the day.
    await sql`UPDATE dataset_versions SET metadata = jsonb_set(metadata, '{embargo_until}', '"2020-01-01"')
              WHERE dataset_id = ${datasetId}`.execute(app.ctx.database.db);
    const datasets = createDatasetsService(app.ctx.database.db, { publicUrl: 'http://t' });
    const queue = createJobQueue(app.ctx.database.db, jobQueueOptions(app.ctx.config, false));
    const logged: string[] = [];
    const worker = await startEmbargoReleaseWorker({
      queue,
      datasets,
      log: (line) => logged.push(line),
    });
    await worker.stop();
    await queue.stop();
    expect(logged).toEqual(['1 embargoed dataset version(s) published (start).']);
    expect(await datasets.releaseDueEmbargoes()).toBe(0);
    const released = (
      await anonymous.request({ url: `/api/public/datasets/${datasetId}/` })
    ).json<TDatasetDetail>();
    expect(released.version.state).toBe('published');
    expect(released.history.at(-1)).toMatchObject({ action: 'embargo_released', actor: null });
    expect((await anonymous.request({ url: '/api/public/colonies/' })).body).toContain(
      'Embargo-AF1',
    );
  });
});
