import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CART_MAX_COLONIES_PER_GROUP } from '@coral/core';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { createUser, TestAgent } from '../../../test/auth-client';

let ctx: TestContext;
let ann: TestAgent;
let colonyIds: number[];

beforeAll(async () => {
  ctx = await createTestApp();
  await createUser(ctx.database.db, 'ann');
  ann = await new TestAgent(ctx.app).loginOrThrow('ann');
  const { rows } = await sql<{ id: number }>`
    INSERT INTO colonies (name, species, country, latitude, longitude, dataset_version_id)
    SELECT 'Synthetic_' || g, 'Acropora synthetica', 'AUS', -14.5, 145.5,
           (SELECT min(id) FROM public_dataset_versions)
    FROM generate_series(1, ${CART_MAX_COLONIES_PER_GROUP}::int) AS g
    RETURNING id
  `.execute(ctx.database.db);
  colonyIds = rows.map((r) => r.id);
}, 120_000);
afterAll(() => ctx.close());

describe('a cart group of the maximum size', () => {
  it('is accepted and exported in full, read one keyset page at a time', async () => {
    const created = await ann.request({
      method: 'POST',
      url: '/api/auth/cart/',
      payload: { colony_ids: colonyIds, name: 'Largest group' },
    });
    expect(created.statusCode).toBe(201);
    const groupId = created.json<{ group_id: number }>().group_id;

    ctx.queries.length = 0;
    const response = await ann.request({
      method: 'POST',
      url: '/api/auth/cart/export/',
      payload: { group_ids: [groupId] },
    });
    expect(response.statusCode).toBe(200);
    const lines = response.body.split('\r\n').filter((line) => line !== '');
    expect(lines).toHaveLength(CART_MAX_COLONIES_PER_GROUP + 1);
    expect(lines[1]).toMatch(
      /^Largest group,,\d+,Synthetic_1,Acropora synthetica,AUS,-14.5,145.5,/,
    );
    // read in keyset pages of 1,000 colonies, never all at once
    const pages = ctx.queries.filter((q) => /cart_group_colonies/.test(q) && /LIMIT/i.test(q));
    expect(pages).toHaveLength(CART_MAX_COLONIES_PER_GROUP / 1000 + 1);
  }, 120_000);
});
