import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { createUser, TEST_PASSWORD, TestAgent } from '../../../test/auth-client';
import { usersService } from '../users/users.service';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
  await createUser(ctx.database.db, 'ann');
  await createUser(ctx.database.db, 'bob');
  await createUser(ctx.database.db, 'dora');
  await usersService.disable(ctx.database.db, 'dora');
});
afterAll(() => ctx.close());

const agent = () => new TestAgent(ctx.app);
const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('hex');

function setCookieHeader(response: { headers: Record<string, unknown> }, name: string) {
  const headers = [response.headers['set-cookie']].flat() as string[];
  return headers.find((h) => h.startsWith(`${name}=`)) ?? '';
}

async function status(client: TestAgent) {
  return (await client.request({ url: '/api/auth/status/' })).json<{
    username: string;
    authenticated: boolean;
  }>();
}

describe('GET /api/auth/status/ and /api/auth/csrf/', () => {
  it('answers anonymous visitors with an empty username', async () => {
    const response = await agent().request({ url: '/api/auth/status/' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      username: '',
      authenticated: false,
      role: null,
      orcid: null,
    });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('sets a script-readable, SameSite=Lax csrftoken cookie and keeps a valid one', async () => {
    const client = agent();
    const response = await client.request({ url: '/api/auth/csrf/' });
    const { csrfToken } = response.json<{ csrfToken: string }>();
    expect(csrfToken).toMatch(/^[\w-]{22}\.[\w-]{43}$/);
    const cookie = setCookieHeader(response, 'csrftoken');
    expect(cookie).toContain(`csrftoken=${csrfToken}`);
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).toContain('Path=/');
    expect(cookie).not.toContain('HttpOnly');
    expect(cookie).not.toContain('Secure');
    expect(await client.fetchCsrf()).toBe(csrfToken);
  });
});

describe('POST /api/auth/login/', () => {
  it('logs in with csrf → login → status and sets an HttpOnly session cookie', async () => {
    const client = agent();
    const response = await client.login('ann');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      message: 'Login successful',
      username: 'ann',
    });
    const cookie = setCookieHeader(response, 'sessionid');
    expect(cookie).toMatch(/^sessionid=[\w-]{43};/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).toContain(`Max-Age=${14 * 24 * 3600}`);
    expect(cookie).not.toContain('Secure');
    expect(await status(client)).toEqual({
      username: 'ann',
      authenticated: true,
      role: 'contributor',
      orcid: null,
    });
  });

  it('stores only the SHA-256 of the session token', async () => {
    const client = await agent().loginOrThrow('ann');
    const rows = await ctx.database.db.selectFrom('sessions').select('id_hash').execute();
    const hashes = rows.map((r) => r.id_hash);
    expect(hashes).toContain(sha256(client.sessionId!));
    expect(hashes).not.toContain(client.sessionId);
  });

  it('gives the same 401 for a wrong password, an unknown user, a password-less and a disabled account', async () => {
    const attempts = [
      ['ann', 'wrong password!'],
      ['nobody-here', TEST_PASSWORD],
      ['chris', TEST_PASSWORD], // seed project owner without a password
      ['dora', TEST_PASSWORD], // disabled, right password
    ] as const;
    for (const [username, password] of attempts) {
      const client = agent();
      const response = await client.login(username, password);
      expect(response.statusCode, username).toBe(401);
      expect(response.json(), username).toEqual({
        success: false,
        error: 'Invalid username or password',
        code: 'INVALID_CREDENTIALS',
      });
      expect(client.sessionId, username).toBeUndefined();
    }
  });

  it('takes as long for an unknown user as for a wrong password (dummy hash check)', async () => {
    let address = 0;
    const time = async (username: string) => {
      // a new address each time: a wrong password is then always checked, never throttled
      const client = new TestAgent(ctx.app, `192.0.2.${++address}`);
      await client.fetchCsrf();
      const started = performance.now();
      await client.request({
        method: 'POST',
        url: '/api/auth/login/',
        payload: { username, password: 'not the password' },
      });
      return performance.now() - started;
    };
    const median = (values: number[]) => values.sort((a, b) => a - b)[2]!;
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 5; i++) {
      known.push(await time('bob'));
      unknown.push(await time(`ghost-${i}`));
    }
    // argon2 dominates (tens of ms); without the dummy check an unknown user costs ~1 ms
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.4);
  });

  it.each([
    ['an empty object', {}],
    ['no password', { username: 'ann' }],
    ['no username', { password: TEST_PASSWORD }],
    ['empty strings', { username: '', password: '' }],
    ['a number as username', { username: 5, password: TEST_PASSWORD }],
    ['no body at all', undefined],
  ])('answers 400 for %s', async (_label, payload) => {
    const client = agent();
    await client.fetchCsrf();
    const response = await client.request({ method: 'POST', url: '/api/auth/login/', payload });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      success: false,
      error: 'Username and password are required',
      code: 'VALIDATION_FAILED',
    });
  });
});

describe('sessions', () => {
  it('issues a new session id at login and ends the one the client had (no fixation)', async () => {
    // An attacker logs in and plants their session cookie in the victim's browser.
    const attacker = await agent().loginOrThrow('bob');
    const planted = attacker.sessionId!;
    const victim = agent();
    victim.cookies.set('sessionid', planted);
    expect(await status(victim)).toEqual({
      username: 'bob',
      authenticated: true,
      role: 'contributor',
      orcid: null,
    });

    await victim.loginOrThrow('ann');
    expect(victim.sessionId).toBeDefined();
    expect(victim.sessionId).not.toBe(planted);
    expect(await status(victim)).toEqual({
      username: 'ann',
      authenticated: true,
      role: 'contributor',
      orcid: null,
    });
    // the planted id is dead for everyone
    expect(await status(attacker)).toEqual({
      username: '',
      authenticated: false,
      role: null,
      orcid: null,
    });
  });

  it('never adopts a session id invented by the client', async () => {
    const client = agent();
    const invented = crypto.randomBytes(32).toString('base64url');
    client.cookies.set('sessionid', invented);
    await client.loginOrThrow('ann');
    expect(client.sessionId).not.toBe(invented);
    const row = await ctx.database.db
      .selectFrom('sessions')
      .select('id_hash')
      .where('id_hash', '=', sha256(invented))
      .executeTakeFirst();
    expect(row).toBeUndefined();
  });

  it('rotates the CSRF token at login: the anonymous one stops working', async () => {
    const client = agent();
    const anonymousToken = await client.fetchCsrf();
    const response = await client.login('ann');
    expect(client.csrfToken).toBeDefined();
    expect(client.csrfToken).not.toBe(anonymousToken);
    expect(setCookieHeader(response, 'csrftoken')).toContain('SameSite=Lax');
    const stale = await client.request({
      method: 'POST',
      url: '/api/auth/cart/export/',
      payload: { export_all: true },
      headers: { 'X-CSRFToken': anonymousToken },
      csrf: false,
    });
    expect(stale.statusCode).toBe(403);
  });

  it('logout deletes the session on the server and clears the cookie', async () => {
    const client = await agent().loginOrThrow('ann');
    const token = client.sessionId!;
    const response = await client.logout();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: 'Logged out successfully' });
    expect(setCookieHeader(response, 'sessionid')).toMatch(/^sessionid=;/);
    expect(client.sessionId).toBeUndefined();
    const row = await ctx.database.db
      .selectFrom('sessions')
      .select('id_hash')
      .where('id_hash', '=', sha256(token))
      .executeTakeFirst();
    expect(row).toBeUndefined();

    // replaying the old cookie gets nothing
    const replay = agent();
    replay.cookies.set('sessionid', token);
    expect(await status(replay)).toEqual({
      username: '',
      authenticated: false,
      role: null,
      orcid: null,
    });
    expect((await replay.request({ url: '/api/auth/cart/' })).statusCode).toBe(401);
  });

  it('accepts a logout with an empty JSON body, and one without a session', async () => {
    const client = await agent().loginOrThrow('ann');
    await client.fetchCsrf();
    const response = await client.request({
      method: 'POST',
      url: '/api/auth/logout/',
      payload: '',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(200);
    expect((await client.logout()).json()).toMatchObject({ success: true });
  });

  it('ends every session of a user whose password is reset or who is disabled', async () => {
    const client = await agent().loginOrThrow('bob');
    await usersService.setPassword(ctx.database.db, 'bob', TEST_PASSWORD);
    expect(await status(client)).toEqual({
      username: '',
      authenticated: false,
      role: null,
      orcid: null,
    });
    await client.loginOrThrow('bob');
    await usersService.disable(ctx.database.db, 'bob');
    expect(await status(client)).toEqual({
      username: '',
      authenticated: false,
      role: null,
      orcid: null,
    });
    await usersService.enable(ctx.database.db, 'bob');
  });

  it('marks both cookies Secure when the request came over TLS (behind a trusted proxy)', async () => {
    const proxied = new TestAgent(await ctx.anotherApp({ TRUST_PROXY: '127.0.0.1' }));
    await proxied.fetchCsrf();
    const response = await proxied.request({
      method: 'POST',
      url: '/api/auth/login/',
      payload: { username: 'ann', password: TEST_PASSWORD },
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(response.statusCode).toBe(200);
    expect(setCookieHeader(response, 'sessionid')).toContain('Secure');
    expect(setCookieHeader(response, 'csrftoken')).toContain('Secure');

    // without TRUST_PROXY the header is not believed
    const direct = agent();
    await direct.fetchCsrf();
    const plain = await direct.request({
      method: 'POST',
      url: '/api/auth/login/',
      payload: { username: 'ann', password: TEST_PASSWORD },
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(setCookieHeader(plain, 'sessionid')).not.toContain('Secure');
  });
});
