import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { createUser, TEST_PASSWORD, TestAgent } from '../../../test/auth-client';

const LIMITS = {
  LOGIN_MAX_FAILURES_PER_USERNAME: '3',
  LOGIN_MAX_FAILURES_PER_IP: '5',
  LOGIN_RATE_LIMIT_WINDOW_SECONDS: '900',
};

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp(LIMITS);
  for (const name of ['ann', 'bob', 'cleo', 'dave', 'eve']) await createUser(ctx.database.db, name);
});
afterAll(() => ctx.close());

let nextIp = 1;
const freshIp = () => `10.0.${Math.floor(nextIp / 250)}.${(nextIp++ % 250) + 1}`;

async function login(username: string, password: string, ip = freshIp(), app = ctx.app) {
  return new TestAgent(app, ip).login(username, password);
}

describe('login rate limits', () => {
  it('defaults to 10 failures per username and 50 per IP in 15 minutes', () => {
    expect(loadConfig({}).loginRateLimit).toEqual({
      windowSeconds: 900,
      maxFailuresPerUsername: 10,
      maxFailuresPerIp: 50,
    });
  });

  it('blocks a username after its failures, even with the right password, and says when to retry', async () => {
    for (let i = 0; i < 3; i++) expect((await login('ann', 'wrong')).statusCode).toBe(401);
    const blocked = await login('ann', TEST_PASSWORD);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({
      success: false,
      error: 'Too many failed login attempts. Try again in 15 minutes.',
      code: 'RATE_LIMITED',
    });
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(890);
    expect(retryAfter).toBeLessThanOrEqual(900);
    expect(blocked.cookies.find((c) => c.name === 'sessionid')).toBeUndefined();
    // other accounts are not affected
    expect((await login('bob', TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('blocks a client IP after failures across usernames', async () => {
    const ip = freshIp();
    const names = ['x1', 'x2', 'x3', 'x4', 'x5'];
    for (const name of names) expect((await login(name, 'wrong', ip)).statusCode).toBe(401);
    const blocked = await login('cleo', TEST_PASSWORD, ip);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login('cleo', TEST_PASSWORD, freshIp())).statusCode).toBe(200);
  });

  it('does not count refused attempts or successful logins', async () => {
    const ip = freshIp();
    for (let i = 0; i < 2; i++) await login('dave', 'wrong', ip);
    expect((await login('dave', TEST_PASSWORD, ip)).statusCode).toBe(200); // resets dave
    for (let i = 0; i < 3; i++) expect((await login('dave', 'wrong', ip)).statusCode).toBe(401);
    expect((await login('dave', 'wrong', ip)).statusCode).toBe(429);
    expect((await login('dave', 'wrong', ip)).statusCode).toBe(429);
    const counters = await ctx.database.db
      .selectFrom('rate_limits')
      .select(['key', 'hits'])
      .where('key', 'in', ['login:user:dave', `login:ip:${ip}`])
      .orderBy('key')
      .execute();
    expect(counters).toEqual([
      { key: `login:ip:${ip}`, hits: 5 },
      { key: 'login:user:dave', hits: 3 },
    ]);
  });

  it('lets the user in again when the window has passed', async () => {
    for (let i = 0; i < 3; i++) await login('eve', 'wrong');
    expect((await login('eve', TEST_PASSWORD)).statusCode).toBe(429);
    await ctx.database.db
      .updateTable('rate_limits')
      .set({ window_started_at: sql<Date>`now() - interval '901 seconds'` })
      .where('key', '=', 'login:user:eve')
      .execute();
    expect((await login('eve', TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('holds across server processes sharing the database', async () => {
    const other = await ctx.anotherApp(LIMITS);
    await createUser(ctx.database.db, 'fay');
    await login('fay', 'wrong', freshIp(), ctx.app);
    await login('fay', 'wrong', freshIp(), other);
    await login('fay', 'wrong', freshIp(), ctx.app);
    expect((await login('fay', TEST_PASSWORD, freshIp(), other)).statusCode).toBe(429);
  });

  it('counts concurrent guesses exactly', async () => {
    await createUser(ctx.database.db, 'gus');
    const results = await Promise.all(Array.from({ length: 6 }, () => login('gus', 'wrong')));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([401, 401, 401, 429, 429, 429]);
  });
});
