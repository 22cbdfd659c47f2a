import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { thresholdKindInfos } from '@coral/core';
import { curator } from '../../../test/dataset-helpers';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { createDatasetsService } from '../datasets/datasets.service';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const maxMin = async (path: string) =>
  (await ctx.app.inject({ method: 'GET', url: `/api/public/${path}/max-min/` })).json<
    Record<string, number | null>
  >();

describe('GET /api/public/…/max-min/ per data version (decision 0036)', () => {
  it('is computed once per data version', async () => {
    for (const { maxMinPath } of thresholdKindInfos) await maxMin(maxMinPath);
    ctx.queries.length = 0;
    for (const { maxMinPath } of thresholdKindInfos) await maxMin(maxMinPath);
    expect(ctx.queries.filter((q) => /\bmin\(abs_value\)/.test(q))).toEqual([]);
  });

  it('never serves bounds cached for an older data version', async () => {
    for (const { maxMinPath, absKey } of thresholdKindInfos) {
      expect((await maxMin(maxMinPath))[`max_${absKey}`]).not.toBeNull();
    }
    // the seed's datasets are withdrawn (new data versions): no public values remain
    const db = ctx.database.db;
    const datasets = createDatasetsService(db, { publicUrl: 'http://platform.test' });
    // the seed is one dataset per project
    for (const { id } of await db.selectFrom('datasets').select('id').execute()) {
      await datasets.withdraw(await curator(db), String(id), 'Test withdrawal.');
    }
    for (const { maxMinPath, absKey, relKey } of thresholdKindInfos) {
      const after = await maxMin(maxMinPath);
      expect(after[`max_${absKey}`]).toBeNull();
      expect(after[`min_${relKey}`]).toBeNull();
    }
  });
});
