import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCartGroup } from '@coral/core';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { createUser, TestAgent } from '../../../test/auth-client';
import { seedJson } from '../../../test/seed-json';

let ctx: TestContext;
let ann: TestAgent;
const allColonyIds = seedJson.colonies.map((c) => c.id);

beforeAll(async () => {
  ctx = await createTestApp();
  await createUser(ctx.database.db, 'ann');
  ann = await new TestAgent(ctx.app).loginOrThrow('ann');
});
afterAll(() => ctx.close());

async function addGroup(client: TestAgent, payload: Record<string, unknown>) {
  return client.request({ method: 'POST', url: '/api/auth/cart/', payload });
}
async function listGroups(client: TestAgent) {
  const response = await client.request({ url: '/api/auth/cart/' });
  expect(response.statusCode).toBe(200);
  return response.json<TCartGroup[]>();
}

describe('the research cart flow', () => {
  it('creates, lists, renames, exports and deletes a group', async () => {
    // hideFlagged (decision 0013) is stored and answered like every other filter key.
    const filters = {
      species: 'Porites cylindrica',
      ed50: [30, 40],
      years: [2022],
      hideFlagged: true,
    };
    const created = await addGroup(ann, {
      colony_ids: [658, 3901, 658],
      filter_params: filters,
      name: '  Porites cylindrica  ',
    });
    expect(created.statusCode).toBe(201);
    const { group_id: groupId, message } = created.json<{ group_id: number; message: string }>();
    expect(message).toBe('Group added to cart');

    const [group] = await listGroups(ann);
    expect(group).toMatchObject({
      id: groupId,
      name: 'Porites cylindrica',
      colony_count: 2,
      filter_params: filters,
    });
    expect(new Date(group!.created_at).toISOString()).toBe(group!.created_at);
    expect(group!.species).toBe('Porites cylindrica, Stylophora pistillata');
    expect(group!.country).toBe('AUS, FJI');
    const entry = group!.colonies.find((c) => c.colony.id === 658)!;
    expect(entry.colony).toEqual({
      id: 658,
      name: 'Vatu-o-lalai_Porites_cylindrica_1',
      species: 'Porites cylindrica',
      country: 'FJI',
      latitude: -18.20583554,
      longitude: 177.6889888,
    });
    expect(entry.biosamples).toContainEqual({
      name: '20220920_FJ_Vatu-o-lalai_Porites_cylindrica_1_28_420',
    });
    expect(entry.biosamples.length).toBe(
      seedJson.biosamples.filter((b) => b.colony === 658).length,
    );
    expect(entry.thermal_tolerances).toContainEqual({
      id: 1147,
      condition: 'Winter',
      abs_thermal_tolerance: 37.57,
      rel_thermal_tolerance: 9.12,
      sst_clim_mmm: 28.45,
      timepoint: '420',
      quality_flags: [],
    });
    expect(entry.breakpoint_temperatures[0]).toMatchObject({ abs_breakpoint_temperature: 35.83 });
    expect(entry.thermal_limits[0]).toMatchObject({ abs_thermal_limit: 39.38 });

    const renamed = await ann.request({
      method: 'PUT',
      url: `/api/auth/cart/group/${groupId}/`,
      payload: { name: ' Fiji Porites ' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toEqual({
      message: 'Group renamed',
      group_id: groupId,
      name: 'Fiji Porites',
    });
    expect((await listGroups(ann))[0]!.name).toBe('Fiji Porites');

    const exported = await ann.request({
      method: 'POST',
      url: '/api/auth/cart/export/',
      payload: { group_ids: [groupId], export_all: false },
    });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(exported.headers['content-disposition']).toBe(
      'attachment; filename="coral_cart_export.csv"',
    );
    expect(exported.body).toContain('Fiji Porites,2022_FJI_Viti_Levu_ElisaJahreis,658,');

    const deleted = await ann.request({
      method: 'DELETE',
      url: '/api/auth/cart/',
      payload: { group_id: groupId },
    });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: 'Group deleted', group_id: groupId });
    expect(await listGroups(ann)).toEqual([]);
    const again = await ann.request({
      method: 'DELETE',
      url: '/api/auth/cart/',
      payload: { group_id: groupId },
    });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ error: `Cart group ${groupId} not found`, code: 'NOT_FOUND' });
  });

  it('lists groups newest first', async () => {
    const client = await new TestAgent(ctx.app).loginOrThrow('ann');
    const ids: number[] = [];
    for (const name of ['first', 'second', 'third']) {
      ids.push(
        (await addGroup(client, { colony_ids: [659], name })).json<{ group_id: number }>().group_id,
      );
    }
    const listed = await listGroups(client);
    expect(listed.slice(0, 3).map((g) => g.name)).toEqual(['third', 'second', 'first']);
    for (const id of ids) {
      await client.request({ method: 'DELETE', url: '/api/auth/cart/', payload: { group_id: id } });
    }
  });

  it('reads the cart with a constant number of queries whatever the group sizes', async () => {
    const client = await new TestAgent(ctx.app).loginOrThrow('ann');
    await addGroup(client, { colony_ids: [659], name: 'one colony' });
    ctx.queries.length = 0;
    await listGroups(client);
    const small = ctx.queries.length;

    await addGroup(client, { colony_ids: allColonyIds, name: 'everything' });
    await addGroup(client, { colony_ids: allColonyIds.slice(0, 300), name: 'half' });
    ctx.queries.length = 0;
    const groups = await listGroups(client);
    expect(groups.map((g) => g.colony_count)).toEqual([300, 682, 1]);
    expect(ctx.queries.length).toBe(small);
    // 7 for the cart, the session, and the cart's state (per-user cache, cart.service.ts)
    expect(small).toBeLessThanOrEqual(9);
  });

  it('needs a logged-in session for every cart call', async () => {
    const anonymous = new TestAgent(ctx.app);
    await anonymous.fetchCsrf();
    const calls = [
      { method: 'GET' as const, url: '/api/auth/cart/' },
      {
        method: 'POST' as const,
        url: '/api/auth/cart/',
        payload: { colony_ids: [659], name: 'x' },
      },
      { method: 'DELETE' as const, url: '/api/auth/cart/', payload: { group_id: 1 } },
      { method: 'PUT' as const, url: '/api/auth/cart/group/1/', payload: { name: 'x' } },
      { method: 'POST' as const, url: '/api/auth/cart/export/', payload: { export_all: true } },
    ];
    for (const call of calls) {
      const response = await anonymous.request(call);
      expect(response.statusCode, `${call.method} ${call.url}`).toBe(401);
      expect(response.json()).toEqual({
        error: 'You need to be logged in to do this.',
        code: 'UNAUTHENTICATED',
      });
    }
  });
});

describe('anonymous calls', () => {
  it('are refused before the body is read', async () => {
    const anonymous = new TestAgent(ctx.app);
    await anonymous.fetchCsrf();
    const response = await anonymous.request({
      method: 'POST',
      url: '/api/auth/cart/',
      payload: JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
  });
});

describe('adding groups: validation', () => {
  const expect400 = async (payload: Record<string, unknown>, message: RegExp) => {
    const response = await addGroup(ann, payload);
    expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
    expect(response.json<{ error: string }>().error).toMatch(message);
    return response.json<{ error: string; code: string; details?: unknown }>();
  };

  it('refuses blank names, empty and oversized colony lists', async () => {
    await expect400({ colony_ids: [659], name: '   ' }, /name must not be empty/);
    await expect400({ colony_ids: [659] }, /name/);
    await expect400({ colony_ids: [659], name: 'x'.repeat(201) }, /at most 200 characters/);
    await expect400({ colony_ids: [], name: 'x' }, /at least one colony/);
    await expect400({ name: 'x' }, /colony_ids/);
    await expect400({ colony_ids: ['1'], name: 'x' }, /colony_ids/);
    await expect400(
      { colony_ids: Array.from({ length: 100_001 }, (_, i) => i + 1), name: 'x' },
      /at most 100000 colonies/,
    );
  });

  it('lists unknown colony ids, and stores nothing', async () => {
    const before = (await listGroups(ann)).length;
    const body = await expect400(
      { colony_ids: [659, 999_999, -5, 2 ** 40, 658, 999_999], name: 'ghosts' },
      /^Unknown colony ids: 999999, -5, 1099511627776$/,
    );
    expect(body.code).toBe('BAD_REQUEST');
    expect(body.details).toEqual({
      unknown_colony_ids: [999_999, -5, 2 ** 40],
      unknown_count: 3,
    });
    expect((await listGroups(ann)).length).toBe(before);
  });

  it('refuses filter_params that are not a bounded JSON object', async () => {
    await expect400({ colony_ids: [659], name: 'x', filter_params: [1, 2] }, /filter_params/);
    await expect400({ colony_ids: [659], name: 'x', filter_params: 'all' }, /filter_params/);
    await expect400(
      { colony_ids: [659], name: 'x', filter_params: { notes: 'n'.repeat(17 * 1024) } },
      /at most 16384 bytes/,
    );
    let deep: Record<string, unknown> = {};
    for (let i = 0; i < 50; i++) deep = { nested: deep };
    await expect400({ colony_ids: [659], name: 'x', filter_params: deep }, /nested deeper/);
    await expect400(
      { colony_ids: [659], name: 'x', filter_params: { species: 'a\u0000b' } },
      /NUL/,
    );
    await expect400({ colony_ids: [659], name: 'nul\u0000name' }, /NUL/);
  });

  it('accepts missing or null filter_params as an empty filter set', async () => {
    for (const filter_params of [undefined, null]) {
      const response = await addGroup(ann, {
        colony_ids: [659],
        name: 'no filters',
        filter_params,
      });
      expect(response.statusCode).toBe(201);
      const id = response.json<{ group_id: number }>().group_id;
      const group = (await listGroups(ann)).find((g) => g.id === id)!;
      expect(group.filter_params).toEqual({});
    }
  });
});

describe('names are data, never markup or SQL', () => {
  const names = [
    'Quotes "double" and \'single\'',
    'Commas, semicolons; and pipes |',
    'Line one\nline two\r\nline three',
    "Robert'); DROP TABLE cart_groups;--",
    '<script>alert("x")</script><b>bold</b> &amp;',
    'Ünïcödé 珊瑚 🪸 — ok',
    '=HYPERLINK("http://evil.example","click")',
  ];

  it.each(names)('keeps %j byte-identical through create, list and rename', async (name) => {
    const created = await addGroup(ann, { colony_ids: [658], name });
    expect(created.statusCode).toBe(201);
    const id = created.json<{ group_id: number }>().group_id;
    expect((await listGroups(ann)).find((g) => g.id === id)!.name).toBe(name);
    const renamed = await ann.request({
      method: 'PUT',
      url: `/api/auth/cart/group/${id}/`,
      payload: { name: `${name} (2)` },
    });
    expect(renamed.json<{ name: string }>().name).toBe(`${name} (2)`);
    expect((await listGroups(ann)).find((g) => g.id === id)!.name).toBe(`${name} (2)`);
    expect(await ctx.database.db.selectFrom('cart_groups').select('id').execute()).not.toHaveLength(
      0,
    );
  });
});

describe('renaming', () => {
  it('refuses blank names and answers 404 for an unknown or malformed id', async () => {
    const id = (await addGroup(ann, { colony_ids: [659], name: 'keep me' })).json<{
      group_id: number;
    }>().group_id;
    const rename = (url: string, name: string) =>
      ann.request({ method: 'PUT', url, payload: { name } });
    expect((await rename(`/api/auth/cart/group/${id}/`, ' \t ')).statusCode).toBe(400);
    for (const bad of ['999999', 'abc', '0', '99999999999', '-1']) {
      const response = await rename(`/api/auth/cart/group/${bad}/`, 'x');
      expect(response.statusCode, bad).toBe(404);
      expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
    expect((await listGroups(ann)).find((g) => g.id === id)!.name).toBe('keep me');
  });
});
