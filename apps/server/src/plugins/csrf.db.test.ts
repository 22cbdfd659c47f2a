import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app';
import { createUser, TestAgent } from '../../test/auth-client';
import { createCsrfTokens } from './csrf';

describe('createCsrfTokens', () => {
  const tokens = createCsrfTokens('k'.repeat(64));
  const session = crypto.randomBytes(32).toString('base64url');

  it('accepts its own token for the session it was issued for only', () => {
    const token = tokens.issue(session);
    expect(tokens.isValid(token, session)).toBe(true);
    expect(tokens.isValid(token, undefined)).toBe(false);
    expect(tokens.isValid(token, crypto.randomBytes(32).toString('base64url'))).toBe(false);
    const anonymous = tokens.issue(undefined);
    expect(tokens.isValid(anonymous, undefined)).toBe(true);
    expect(tokens.isValid(anonymous, session)).toBe(false);
  });

  it('refuses tokens signed with another key, tampered or malformed', () => {
    const other = createCsrfTokens('x'.repeat(64)).issue(session);
    expect(tokens.isValid(other, session)).toBe(false);
    const token = tokens.issue(session);
    const [nonce, mac] = token.split('.') as [string, string];
    const flipped = `${nonce.slice(0, -1)}${nonce.endsWith('A') ? 'B' : 'A'}.${mac}`;
    expect(tokens.isValid(flipped, session)).toBe(false);
    for (const bad of ['', 'abc', `${token}x`, token.replace('.', '-'), 'a'.repeat(66)]) {
      expect(tokens.isValid(bad, session)).toBe(false);
    }
  });

  it('makes a different token every time', () => {
    expect(tokens.issue(session)).not.toBe(tokens.issue(session));
  });
});

let ctx: TestContext;
let ann: TestAgent;
let bob: TestAgent;
let unsafeRoutes: { method: string; url: string }[];

beforeAll(async () => {
  ctx = await createTestApp();
  await createUser(ctx.database.db, 'ann');
  await createUser(ctx.database.db, 'bob');
  ann = await new TestAgent(ctx.app).loginOrThrow('ann');
  bob = await new TestAgent(ctx.app).loginOrThrow('bob');
  // Every state-changing route the server documents: routes added later are covered too.
  const document = (await ctx.app.inject({ url: '/api/docs/json' })).json<{
    paths: Record<string, Record<string, unknown>>;
  }>();
  unsafeRoutes = Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.keys(operations)
      .map((method) => method.toUpperCase())
      .filter((method) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(method))
      .map((method) => ({ method, url: path.replace(/\{[^}]+\}/g, '1') })),
  );
});
afterAll(() => ctx.close());

type Attempt = { cookie?: string; header?: string };

async function attempt(route: { method: string; url: string }, session: string, csrf: Attempt) {
  return ctx.app.inject({
    method: route.method as 'POST',
    url: route.url,
    cookies: { sessionid: session, ...(csrf.cookie ? { csrftoken: csrf.cookie } : {}) },
    headers: csrf.header ? { 'X-CSRFToken': csrf.header } : {},
    payload: { group_id: 1, name: 'x', colony_ids: [1], export_all: true },
  });
}

describe('CSRF on every state-changing route', () => {
  it('knows the unsafe routes', () => {
    expect(unsafeRoutes).toEqual(
      expect.arrayContaining([
        { method: 'POST', url: '/api/auth/login/' },
        { method: 'POST', url: '/api/auth/logout/' },
        { method: 'POST', url: '/api/auth/cart/' },
        { method: 'DELETE', url: '/api/auth/cart/' },
        { method: 'PUT', url: '/api/auth/cart/group/1/' },
        { method: 'POST', url: '/api/auth/cart/export/' },
      ]),
    );
  });

  const forged = `${crypto.randomBytes(16).toString('base64url')}.${crypto.randomBytes(32).toString('base64url')}`;
  const cases: [string, () => Attempt, RegExp][] = [
    ['no token at all', () => ({}), /csrftoken cookie is missing/],
    [
      'the cookie but no header',
      () => ({ cookie: ann.csrfToken }),
      /X-CSRFToken header is missing/,
    ],
    ['the header but no cookie', () => ({ header: ann.csrfToken }), /csrftoken cookie is missing/],
    [
      'a header that does not match the cookie',
      () => ({ cookie: ann.csrfToken, header: bob.csrfToken }),
      /does not match/,
    ],
    [
      'a well-formed token the server never issued (plain double submit)',
      () => ({ cookie: forged, header: forged }),
      /invalid for this session/,
    ],
    [
      "another user's token (bound to their session)",
      () => ({ cookie: bob.csrfToken, header: bob.csrfToken }),
      /invalid for this session/,
    ],
  ];

  it.each(cases)('refuses %s with 403 CSRF_FAILED', async (_label, csrf, message) => {
    for (const route of unsafeRoutes) {
      const response = await attempt(route, ann.sessionId!, csrf());
      const where = `${route.method} ${route.url}`;
      expect(response.statusCode, where).toBe(403);
      expect(response.headers['content-type'], where).toContain('application/json');
      const body = response.json<{ error: string; code: string }>();
      expect(body.code, where).toBe('CSRF_FAILED');
      expect(body.error, where).toMatch(/^CSRF verification failed: /);
      expect(body.error, where).toMatch(message);
    }
  });

  it('refuses an anonymous token once logged in', async () => {
    const anonymous = await new TestAgent(ctx.app).fetchCsrf();
    const response = await attempt(
      { method: 'POST', url: '/api/auth/cart/export/' },
      ann.sessionId!,
      { cookie: anonymous, header: anonymous },
    );
    expect(response.statusCode).toBe(403);
  });

  it('checks before reading the body and before authentication', async () => {
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/cart/',
      payload: 'x'.repeat(2 * 1024 * 1024),
      headers: { 'content-type': 'application/json' },
    });
    expect(anonymous.statusCode).toBe(403);
    expect(anonymous.json()).toMatchObject({ code: 'CSRF_FAILED' });
  });

  it('lets the same request through with the right token', async () => {
    const response = await ann.request({
      method: 'POST',
      url: '/api/auth/cart/export/',
      payload: { export_all: true },
    });
    expect(response.statusCode).toBe(200);
  });

  it('leaves safe methods alone', async () => {
    const response = await ctx.app.inject({
      url: '/api/auth/status/',
      cookies: { sessionid: ann.sessionId! },
    });
    expect(response.json()).toEqual({
      username: 'ann',
      authenticated: true,
      role: 'contributor',
      orcid: null,
    });
  });
});
