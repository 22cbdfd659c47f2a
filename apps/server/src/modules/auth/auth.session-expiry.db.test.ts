import crypto from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { createUser, TestAgent } from '../../../test/auth-client';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
  await createUser(ctx.database.db, 'ann');
});
afterAll(() => ctx.close());

const hashOf = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

async function whoAmI(client: TestAgent) {
  return (await client.request({ url: '/api/auth/status/' })).json<{ username: string }>().username;
}

/** Moves a session's clock: its last activity and/or its absolute end, relative to now. */
async function age(client: TestAgent, change: { idleSeconds?: number; expiresInSeconds?: number }) {
  await ctx.database.db
    .updateTable('sessions')
    .set({
      ...(change.idleSeconds !== undefined && {
        last_seen_at: sql<Date>`now() - ${change.idleSeconds}::int * interval '1 second'`,
      }),
      ...(change.expiresInSeconds !== undefined && {
        expires_at: sql<Date>`now() + ${change.expiresInSeconds}::int * interval '1 second'`,
      }),
    })
    .where('id_hash', '=', hashOf(client.sessionId!))
    .execute();
}

const session = async (client: TestAgent) =>
  ctx.database.db
    .selectFrom('sessions')
    .select(['created_at', 'last_seen_at', 'expires_at'])
    .where('id_hash', '=', hashOf(client.sessionId!))
    .executeTakeFirst();

describe('session lifetimes (defaults: 1 day idle, 14 days absolute)', () => {
  it('documents its defaults in the configuration', () => {
    expect(ctx.config.sessions).toEqual({
      idleTimeoutSeconds: 24 * 3600,
      maxAgeSeconds: 14 * 24 * 3600,
    });
  });

  it('ends a session after the idle timeout', async () => {
    const client = await new TestAgent(ctx.app).loginOrThrow('ann');
    await age(client, { idleSeconds: 24 * 3600 + 5 });
    expect(await whoAmI(client)).toBe('');
    expect((await client.request({ url: '/api/auth/cart/' })).statusCode).toBe(401);
  });

  it('slides the idle timeout with activity', async () => {
    const client = await new TestAgent(ctx.app).loginOrThrow('ann');
    await age(client, { idleSeconds: 24 * 3600 - 30 });
    const aged = (await session(client))!.last_seen_at;
    expect(await whoAmI(client)).toBe('ann');
    const touched = await session(client);
    // The request moved its last activity from almost a day ago to now (no clock bound on code).
    expect(touched!.last_seen_at.getTime() - aged.getTime()).toBeGreaterThan(23 * 3600 * 1000);
  });

  it('ends a session at its absolute lifetime however active it is', async () => {
    const client = await new TestAgent(ctx.app).loginOrThrow('ann');
    const row = await session(client);
    const lifetime = row!.expires_at.getTime() - row!.created_at.getTime();
    expect(lifetime).toBe(14 * 24 * 3600 * 1000);
    await age(client, { idleSeconds: 0, expiresInSeconds: -1 });
    expect(await whoAmI(client)).toBe('');
  });

  it('follows SESSION_IDLE_TIMEOUT_SECONDS and SESSION_MAX_AGE_SECONDS', async () => {
    const strict = await ctx.anotherApp({
      SESSION_IDLE_TIMEOUT_SECONDS: '60',
      SESSION_MAX_AGE_SECONDS: '1',
    });
    const client = await new TestAgent(strict).loginOrThrow('ann');
    expect(await whoAmI(client)).toBe('ann');
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(await whoAmI(client)).toBe('');

    const idle = await new TestAgent(strict).loginOrThrow('ann');
    await age(idle, { idleSeconds: 61 });
    expect(await whoAmI(idle)).toBe('');
  });

  it('deletes ended sessions at the next login', async () => {
    const stale = await new TestAgent(ctx.app).loginOrThrow('ann');
    await age(stale, { idleSeconds: 2 * 24 * 3600 });
    await new TestAgent(ctx.app).loginOrThrow('ann');
    expect(await session(stale)).toBeUndefined();
  });
});
