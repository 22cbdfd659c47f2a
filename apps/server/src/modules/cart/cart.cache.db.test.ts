import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCartGroup } from '@coral/core';
import { createUser, TestAgent } from '../../../test/auth-client';
import { curator } from '../../../test/dataset-helpers';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { createDatasetsService } from '../datasets/datasets.service';
import { createCartService } from './cart.service';

/**
 * The cart's answers are kept per user and cart state (decision 0036): these fail if a kept answer is
 * ever served to another user or after a change, including one made by another process.
 */
let ctx: TestContext;
let ann: TestAgent;
let bob: TestAgent;
let annId: number;

const groups = async (client: TestAgent) =>
  (await client.request({ url: '/api/auth/cart/' })).json<TCartGroup[]>();
const exported = async (client: TestAgent) =>
  (
    await client.request({
      method: 'POST',
      url: '/api/auth/cart/export/',
      payload: { export_all: true },
    })
  ).body;
const summary = (list: TCartGroup[]) => list.map((g) => [g.name, g.colony_count]);

beforeAll(async () => {
  ctx = await createTestApp();
  annId = await createUser(ctx.database.db, 'ann');
  await createUser(ctx.database.db, 'bob');
  ann = await new TestAgent(ctx.app).loginOrThrow('ann');
  bob = await new TestAgent(ctx.app).loginOrThrow('bob');
  for (const [client, name] of [
    [ann, 'Ann group'],
    [bob, 'Bob group'],
  ] as const) {
    const added = await client.request({
      method: 'POST',
      url: '/api/auth/cart/',
      payload: { colony_ids: [658, 659], name },
    });
    expect(added.statusCode).toBe(201);
  }
});
afterAll(() => ctx.close());

describe('cart answers kept per user and cart state', () => {
  it('answers each user with their own cart, however often asked in turn', async () => {
    for (let i = 0; i < 3; i++) {
      expect(summary(await groups(ann))).toEqual([['Ann group', 2]]);
      expect(summary(await groups(bob))).toEqual([['Bob group', 2]]);
      expect(await exported(ann)).not.toContain('Bob group');
      expect(await exported(bob)).not.toContain('Ann group');
    }
  });

  it('serves a kept answer without reading the colonies again', async () => {
    await groups(ann);
    ctx.queries.length = 0;
    await groups(ann);
    expect(ctx.queries.filter((q) => /biosamples|thermal_tolerances/.test(q))).toEqual([]);
  });

  it('follows a rename, an addition and a deletion made by another process', async () => {
    await groups(ann);
    await exported(ann);
    const other = createCartService(ctx.database.db, { publicUrl: ctx.config.publicUrl });
    const user = { userId: annId, username: 'ann', role: 'contributor' as const, orcid: null };
    const [group] = await groups(ann);
    await other.rename(user, String(group!.id), 'Renamed elsewhere');
    expect(summary(await groups(ann))).toEqual([['Renamed elsewhere', 2]]);
    expect(await exported(ann)).toContain('Renamed elsewhere');

    const added = await other.add(user, { colony_ids: [660], filter_params: {}, name: 'Second' });
    expect(summary(await groups(ann))).toEqual([
      ['Second', 1],
      ['Renamed elsewhere', 2],
    ]);
    expect(await exported(ann)).toContain('Second');

    await other.remove(user, added);
    expect(summary(await groups(ann))).toEqual([['Renamed elsewhere', 2]]);
    expect(await exported(ann)).not.toContain('Second');
  });

  it('follows a data change: colonies of a withdrawn dataset leave the cart', async () => {
    expect(summary(await groups(bob))).toEqual([['Bob group', 2]]);
    const before = await exported(bob);
    const db = ctx.database.db;
    const datasets = createDatasetsService(db, { publicUrl: 'http://platform.test' });
    for (const { id } of await db.selectFrom('datasets').select('id').execute()) {
      await datasets.withdraw(await curator(db), String(id), 'Test withdrawal.');
    }
    expect(summary(await groups(bob))).toEqual([['Bob group', 0]]);
    const after = await exported(bob);
    expect(after.length).toBeLessThan(before.length);
    expect(after).not.toContain('Bob group');
  });
});
