import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDataSummary } from '@coral/core';
import {
  COMPLETE_METADATA,
  publishDataset,
  studyVariant,
  uploadDraft,
} from '../../../test/dataset-helpers';
import {
  closeUploadTestApp,
  openUploadTestApp,
  type UploadTestApp,
} from '../../../test/upload-test-helpers';
import { currentDataVersion } from '../read-models/read-models.service';
import { usersService } from '../users/users.service';

let app: UploadTestApp;
let annId: number;
beforeAll(async () => {
  app = await openUploadTestApp();
  annId = (await usersService.find(app.ctx.database.db, 'ann'))!.id;
});
afterAll(() => closeUploadTestApp(app));

async function getSummary(): Promise<TDataSummary> {
  const response = await app.ctx.app.inject({ method: 'GET', url: '/api/public/data-summary/' });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TDataSummary>();
}

describe('GET /api/public/data-summary/', () => {
  let seeded: TDataSummary;

  it('gives the data version, its time and the seed datasets, whose licence is not stated', async () => {
    seeded = await getSummary();
    const { version, updatedAt } = await currentDataVersion(app.ctx.database.db);
    expect(seeded).toEqual({
      data_version: { number: version, published_at: updatedAt.toISOString() },
      datasets: 11,
      licences: [{ licence: null, datasets: 11 }],
    });
  });

  it('reads only the data state row to know its answer is current, never the metadata revisions', async () => {
    await getSummary();
    app.ctx.queries.length = 0;
    await getSummary();
    // The cache key (data version and metadata stamp) is one row of dataset_state; a revision
    // bumps the stamp there (docs/decisions/0070-metadata-stamp-and-owner-edit-datestamp.md).
    expect(app.ctx.queries.filter((q) => q.includes('dataset_metadata_revisions'))).toEqual([]);
    expect(app.ctx.queries.filter((q) => q.includes('dataset_state'))).toHaveLength(1);
  });

  it('counts a dataset when it is published, not while it is a draft', async () => {
    const { datasetId } = await uploadDraft(app.ctx, app.ann, studyVariant('Footerone'));
    expect(await getSummary()).toEqual(seeded);

    await publishDataset(app.ctx.database.db, datasetId, annId);
    const published = await getSummary();
    expect(published.data_version.number).toBeGreaterThan(seeded.data_version.number);
    expect(Date.parse(published.data_version.published_at)).toBeGreaterThan(
      Date.parse(seeded.data_version.published_at),
    );
    expect(published.datasets).toBe(12);
    expect(published.licences).toEqual([
      { licence: 'CC-BY-4.0', datasets: 1 },
      { licence: null, datasets: 11 },
    ]);
  });

  it('counts each licence in use, most used first and not stated last, and forgets a withdrawn dataset', async () => {
    const first = await uploadDraft(app.ctx, app.ann, studyVariant('Footertwo'));
    await publishDataset(app.ctx.database.db, first.datasetId, annId, {
      ...COMPLETE_METADATA,
      licence: 'CC0-1.0',
    });
    const second = await uploadDraft(app.ctx, app.ann, studyVariant('Footerthree'));
    await publishDataset(app.ctx.database.db, second.datasetId, annId, {
      ...COMPLETE_METADATA,
      licence: 'CC0-1.0',
    });
    expect((await getSummary()).licences).toEqual([
      { licence: 'CC0-1.0', datasets: 2 },
      { licence: 'CC-BY-4.0', datasets: 1 },
      { licence: null, datasets: 11 },
    ]);

    const withdrawal = await app.ann.request({
      method: 'POST',
      url: `/api/auth/datasets/${second.datasetId}/withdraw/`,
      payload: { reason: 'Footer test.' },
    });
    expect(withdrawal.statusCode, withdrawal.body).toBe(200);
    const after = await getSummary();
    expect(after.datasets).toBe(13);
    expect(after.licences).toEqual([
      { licence: 'CC-BY-4.0', datasets: 1 },
      { licence: 'CC0-1.0', datasets: 1 },
      { licence: null, datasets: 11 },
    ]);
  });
});
