import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCartGroup } from '@coral/core';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { createUser, TestAgent } from '../../../test/auth-client';

let ctx: TestContext;
let ann: TestAgent;
let bob: TestAgent;
let annGroup: number;
let bobGroup: number;
const missingGroup = 2_000_000_000;

async function addGroup(client: TestAgent, name: string) {
  const response = await client.request({
    method: 'POST',
    url: '/api/auth/cart/',
    payload: { colony_ids: [658, 659], name },
  });
  return response.json<{ group_id: number }>().group_id;
}

beforeAll(async () => {
  ctx = await createTestApp();
  await createUser(ctx.database.db, 'ann');
  await createUser(ctx.database.db, 'bob');
  ann = await new TestAgent(ctx.app).loginOrThrow('ann');
  bob = await new TestAgent(ctx.app).loginOrThrow('bob');
  annGroup = await addGroup(ann, "Ann's private group");
  bobGroup = await addGroup(bob, "Bob's group");
});
afterAll(() => ctx.close());

/** Status and body, with the group id masked: a foreign group must look exactly like a missing one. */
async function outcome(request: () => Promise<{ statusCode: number; body: string }>, id: number) {
  const response = await request();
  return { status: response.statusCode, body: response.body.replaceAll(String(id), '<id>') };
}

describe("one user's groups are invisible to another", () => {
  it('lists only your own groups', async () => {
    const names = (await bob.request({ url: '/api/auth/cart/' }))
      .json<TCartGroup[]>()
      .map((g) => g.name);
    expect(names).toEqual(["Bob's group"]);
  });

  it("answers a rename of someone else's group exactly like a missing group", async () => {
    const rename = (id: number) => () =>
      bob.request({ method: 'PUT', url: `/api/auth/cart/group/${id}/`, payload: { name: 'mine' } });
    const foreign = await outcome(rename(annGroup), annGroup);
    expect(foreign.status).toBe(404);
    expect(foreign).toEqual(await outcome(rename(missingGroup), missingGroup));
  });

  it("answers a delete of someone else's group exactly like a missing group", async () => {
    const remove = (id: number) => () =>
      bob.request({ method: 'DELETE', url: '/api/auth/cart/', payload: { group_id: id } });
    const foreign = await outcome(remove(annGroup), annGroup);
    expect(foreign.status).toBe(404);
    expect(foreign).toEqual(await outcome(remove(missingGroup), missingGroup));
  });

  it("answers an export of someone else's group exactly like a missing group", async () => {
    const exportGroups = (id: number) => () =>
      bob.request({
        method: 'POST',
        url: '/api/auth/cart/export/',
        payload: { group_ids: [bobGroup, id] },
      });
    const foreign = await outcome(exportGroups(annGroup), annGroup);
    expect(foreign.status).toBe(404);
    expect(foreign).toEqual(await outcome(exportGroups(missingGroup), missingGroup));
  });

  it("leaves out other users' groups from export_all", async () => {
    const csv = (
      await bob.request({
        method: 'POST',
        url: '/api/auth/cart/export/',
        payload: { export_all: true },
      })
    ).body;
    expect(csv).toContain("Bob's group");
    expect(csv).not.toContain("Ann's private group");
  });

  it("leaves Ann's group untouched", async () => {
    const groups = (await ann.request({ url: '/api/auth/cart/' })).json<TCartGroup[]>();
    expect(groups.map((g) => [g.id, g.name, g.colony_count])).toEqual([
      [annGroup, "Ann's private group", 2],
    ]);
  });
});
