import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TProjectDetail } from '@coral/core';
import { curator } from '../../../test/dataset-helpers';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { createDatasetsService } from '../datasets/datasets.service';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const get = (url: string) => ctx.app.inject({ method: 'GET', url });

describe('GET /api/public/projects/{id}/ after a data change (decision 0036)', () => {
  it('never serves a page cached for an older data version', async () => {
    const before = await get('/api/public/projects/61/');
    expect(before.statusCode).toBe(200);
    expect(before.json<TProjectDetail>().observations.length).toBeGreaterThan(0);
    // cached now; the seed's datasets are withdrawn (new data versions)
    const db = ctx.database.db;
    const datasets = createDatasetsService(db, { publicUrl: 'http://platform.test' });
    // the seed is one dataset per project
    for (const { id } of await db.selectFrom('datasets').select('id').execute()) {
      await datasets.withdraw(await curator(db), String(id), 'Test withdrawal.');
    }

    const after = await get('/api/public/projects/61/');
    expect(after.statusCode).toBe(404);
    expect(after.headers.etag).toBeUndefined();
  });
});
