import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { thresholdKindInfos } from '@coral/core';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { seedJson } from '../../../test/seed-json';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

/** Expected bounds straight from the seed file: values outside 15–45 °C are failed fits. */
function expectedBounds(listKey: string, absKey: string, relKey: string) {
  const rows = (seedJson as unknown as Record<string, Record<string, number | null>[]>)[listKey]!;
  const plausible = rows.filter((r) => r[absKey] != null && r[absKey] >= 15 && r[absKey] <= 45);
  const abs = plausible.map((r) => r[absKey]!);
  const rel = plausible.flatMap((r) => (r[relKey] == null ? [] : [r[relKey]]));
  return {
    min_abs: Math.min(...abs),
    max_abs: Math.max(...abs),
    min_rel: Math.min(...rel),
    max_rel: Math.max(...rel),
  };
}

describe.each(thresholdKindInfos)('GET /api/public/$maxMinPath/max-min/', (info) => {
  it('gives min_/max_ of the trustworthy values under every key of the spec', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/public/${info.maxMinPath}/max-min/`,
    });
    expect(response.statusCode).toBe(200);
    const e = expectedBounds(info.listKey, info.absKey, info.relKey);
    expect(response.json()).toEqual({
      [`min_${info.absKey}`]: e.min_abs,
      [`max_${info.absKey}`]: e.max_abs,
      [`min_${info.relKey}`]: e.min_rel,
      [`max_${info.relKey}`]: e.max_rel,
      [`min_${info.edKey}`]: e.min_abs,
      [`max_${info.edKey}`]: e.max_abs,
      [`min_${info.edMmmKey}`]: e.min_rel,
      [`max_${info.edMmmKey}`]: e.max_rel,
    });
    // failed fits (ED50 2365 °C, ED95 4.5 million °C) do not stretch the ranges
    expect(e.max_abs).toBeLessThanOrEqual(45);
  });
});
