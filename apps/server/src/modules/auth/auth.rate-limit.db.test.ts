import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { createUser, TEST_PASSWORD, TestAgent } from '../../../test/auth-client';

/** A first wait of a minute, so that no answer depends on how fast the machine is. */
const LIMITS = {
  LOGIN_MAX_FAILURES_PER_IP: '8',
  LOGIN_BACKOFF_FREE_FAILURES: '3',
  LOGIN_BACKOFF_START_SECONDS: '60',
  LOGIN_BACKOFF_MAX_SECONDS: '900',
  LOGIN_RATE_LIMIT_WINDOW_SECONDS: '900',
};

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp(LIMITS);
  for (const name of ['ann', 'bob', 'cleo', 'dave', 'eve', 'fay', 'gus', 'hal']) {
    await createUser(ctx.database.db, name);
  }
});
afterAll(() => ctx.close());

let nextIp = 1;
const freshIp = () => `10.0.${Math.floor(nextIp / 250)}.${(nextIp++ % 250) + 1}`;

async function login(username: string, password: string, ip = freshIp(), app = ctx.app) {
  return new TestAgent(app, ip).login(username, password);
}

const backoffOf = (username: string, address: string) =>
  ctx.database.db
    .selectFrom('login_backoffs')
    .select([
      'failures',
      sql<number>`EXTRACT(EPOCH FROM (retry_at - last_failure_at))::int`.as('waitSeconds'),
    ])
    .where('username', '=', username)
    .where('address', '=', address)
    .executeTakeFirst();

/** As if the pair's wait were over (without waiting in the test). */
const endWait = (username: string, address: string) =>
  ctx.database.db
    .updateTable('login_backoffs')
    .set({ retry_at: sql<Date>`now()` })
    .where('username', '=', username)
    .where('address', '=', address)
    .execute();

describe('login throttling', () => {
  it('defaults to 100 failures per address in 15 minutes and a back-off from 1 s to 15 minutes after 3 free failures', () => {
    expect(loadConfig({}).loginRateLimit).toEqual({
      windowSeconds: 900,
      maxFailuresPerIp: 100,
      backoff: { freeFailures: 3, startSeconds: 1, maxSeconds: 900, memorySeconds: 86400 },
    });
  });

  it('refuses the removed per-username limit and inconsistent back-off settings', () => {
    expect(() => loadConfig({ LOGIN_MAX_FAILURES_PER_USERNAME: '10' })).toThrow(
      'LOGIN_MAX_FAILURES_PER_USERNAME: is no longer supported: a username is no longer locked ' +
        'for everyone after failed logins; failures of one username from one address are slowed ' +
        'down instead (LOGIN_BACKOFF_FREE_FAILURES, LOGIN_BACKOFF_START_SECONDS, ' +
        'LOGIN_BACKOFF_MAX_SECONDS). Remove the variable',
    );
    expect(() =>
      loadConfig({ LOGIN_BACKOFF_START_SECONDS: '60', LOGIN_BACKOFF_MAX_SECONDS: '30' }),
    ).toThrow('LOGIN_BACKOFF_START_SECONDS (60) must not exceed LOGIN_BACKOFF_MAX_SECONDS (30)');
    expect(() => loadConfig({ LOGIN_BACKOFF_MAX_SECONDS: '90000' })).toThrow(
      'LOGIN_BACKOFF_MAX_SECONDS: must be at most 86400',
    );
  });

  it('never keeps the owner out: after eleven wrong passwords from one address the right one from another gets in (default settings)', async () => {
    const app = await ctx.anotherApp({});
    const attacker = freshIp();
    for (let i = 0; i < 11; i++) {
      expect([401, 429]).toContain((await login('ann', 'wrong', attacker, app)).statusCode);
    }
    expect((await login('ann', TEST_PASSWORD, freshIp(), app)).statusCode).toBe(200);
  });

  it('slows one username from one address down after the free failures and says when to retry', async () => {
    const ip = freshIp();
    for (let i = 0; i < 4; i++) expect((await login('bob', 'wrong', ip)).statusCode).toBe(401);
    const waiting = await login('bob', TEST_PASSWORD, ip);
    expect(waiting.statusCode).toBe(429);
    const retryAfter = Number(waiting.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(50);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(waiting.json()).toEqual({
      success: false,
      error: `Too many failed login attempts. Try again in ${retryAfter} seconds.`,
      code: 'RATE_LIMITED',
    });
    expect(waiting.cookies.find((c) => c.name === 'sessionid')).toBeUndefined();
    // the same address may still try other usernames, and the owner logs in from elsewhere
    expect((await login('cleo', 'wrong', ip)).statusCode).toBe(401);
    expect((await login('bob', TEST_PASSWORD, freshIp())).statusCode).toBe(200);
  });

  it('lets the owner in from the same address once the wait is over, and then forgets the failures', async () => {
    const ip = freshIp();
    for (let i = 0; i < 4; i++) await login('dave', 'wrong', ip);
    expect((await login('dave', TEST_PASSWORD, ip)).statusCode).toBe(429);
    await endWait('dave', ip);
    expect((await login('dave', TEST_PASSWORD, ip)).statusCode).toBe(200);
    expect(await backoffOf('dave', ip)).toBeUndefined();
  });

  it('doubles the wait with each further failure, up to the maximum', async () => {
    const ip = freshIp();
    const waits = [];
    for (let i = 0; i < 8; i++) {
      await endWait('eve', ip);
      expect((await login('eve', 'wrong', ip)).statusCode).toBe(401);
      waits.push((await backoffOf('eve', ip))?.waitSeconds);
    }
    expect(waits).toEqual([0, 0, 0, 60, 120, 240, 480, 900]); // 960 is capped
  });

  it('forgets the failures of a pair a day after the last one', async () => {
    const ip = freshIp();
    for (let i = 0; i < 4; i++) await login('fay', 'wrong', ip);
    await ctx.database.db
      .updateTable('login_backoffs')
      .set({
        last_failure_at: sql<Date>`now() - interval '86401 seconds'`,
        retry_at: sql<Date>`now() - interval '86000 seconds'`,
      })
      .where('username', '=', 'fay')
      .execute();
    expect((await login('fay', 'wrong', ip)).statusCode).toBe(401);
    expect(await backoffOf('fay', ip)).toEqual({ failures: 1, waitSeconds: 0 });
  });

  it('caps the failures of one address across usernames, and that address only', async () => {
    const ip = freshIp();
    for (let i = 1; i <= 8; i++) expect((await login(`x${i}`, 'wrong', ip)).statusCode).toBe(401);
    const capped = await login('gus', TEST_PASSWORD, ip);
    expect(capped.statusCode).toBe(429);
    const retryAfter = Number(capped.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(890);
    expect(retryAfter).toBeLessThanOrEqual(900);
    expect(capped.json<{ error: string }>().error).toBe(
      `Too many failed login attempts. Try again in ${retryAfter} seconds (${retryAfter === 900 ? '' : 'about '}15 minutes).`,
    );
    expect((await login('gus', TEST_PASSWORD, freshIp())).statusCode).toBe(200);
  });

  it('does not count refused attempts or successful logins', async () => {
    const ip = freshIp();
    for (let i = 0; i < 2; i++) await login('hal', 'wrong', ip);
    expect((await login('hal', TEST_PASSWORD, ip)).statusCode).toBe(200); // forgets hal's failures
    for (let i = 0; i < 4; i++) expect((await login('hal', 'wrong', ip)).statusCode).toBe(401);
    expect((await login('hal', 'wrong', ip)).statusCode).toBe(429);
    expect((await login('hal', 'wrong', ip)).statusCode).toBe(429);
    const addressCounter = await ctx.database.db
      .selectFrom('rate_limits')
      .select('hits')
      .where('key', '=', `login:ip:${ip}`)
      .executeTakeFirst();
    expect(addressCounter).toEqual({ hits: 6 });
    expect(await backoffOf('hal', ip)).toEqual({ failures: 4, waitSeconds: 60 });
  });

  it('holds across server processes sharing the database', async () => {
    const other = await ctx.anotherApp(LIMITS);
    await createUser(ctx.database.db, 'ida');
    const ip = freshIp();
    for (const app of [ctx.app, other, ctx.app, other]) await login('ida', 'wrong', ip, app);
    expect((await login('ida', TEST_PASSWORD, ip, ctx.app)).statusCode).toBe(429);
  });

  it('counts concurrent guesses of one pair exactly', async () => {
    await createUser(ctx.database.db, 'jon');
    const ip = freshIp();
    const results = await Promise.all(Array.from({ length: 6 }, () => login('jon', 'wrong', ip)));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([401, 401, 401, 401, 429, 429]);
  });
});
