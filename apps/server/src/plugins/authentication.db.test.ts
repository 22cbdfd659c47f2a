import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { createTestApp, type TestContext } from '../../test/test-app';
import { createUser, TEST_PASSWORD, TestAgent } from '../../test/auth-client';
import { ANONYMOUS_AUTH_ROUTES, PRIVATE_API_PREFIX } from './authentication';

const PRIVATE_TEST_ROUTE = '/api/auth/added-later/';

let ctx: TestContext;
/** The real application plus one private route added the way a new feature would add it. */
let app: FastifyInstance;
let handlerRuns = 0;
let documentedRoutes: { method: string; url: string; path: string }[];

beforeAll(async () => {
  ctx = await createTestApp();
  await createUser(ctx.database.db, 'ann');
  app = await buildApp({ config: ctx.config, db: ctx.database.db });
  for (const method of ['GET', 'POST'] as const) {
    app.route({
      method,
      url: PRIVATE_TEST_ROUTE,
      handler: () => {
        handlerRuns++;
        return { ok: true };
      },
    });
  }
  await app.ready();
  const document = (await app.inject({ url: '/api/docs/json' })).json<{
    paths: Record<string, Record<string, unknown>>;
  }>();
  documentedRoutes = Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.keys(operations).map((method) => ({
      method: method.toUpperCase(),
      path,
      url: path.replace(/\{[^}]+\}/g, '1'),
    })),
  );
});
afterAll(async () => {
  await app.close();
  await ctx.close();
});

describe('auth by default: every /api/auth/ route needs a logged-in user', () => {
  it('refuses a newly added private route to anonymous visitors before its handler runs', async () => {
    const visitor = new TestAgent(app);
    const get = await visitor.request({ url: PRIVATE_TEST_ROUTE });
    expect(get.statusCode).toBe(401);
    expect(get.json()).toEqual({
      error: 'You need to be logged in to do this.',
      code: 'UNAUTHENTICATED',
    });
    // An unsafe request is checked for CSRF first (403), then for a user (401), as before.
    expect((await visitor.request({ method: 'POST', url: PRIVATE_TEST_ROUTE })).statusCode).toBe(
      403,
    );
    await visitor.fetchCsrf();
    const post = await visitor.request({ method: 'POST', url: PRIVATE_TEST_ROUTE, payload: {} });
    expect(post.statusCode).toBe(401);
    expect(handlerRuns).toBe(0);
  });

  it('lets a logged-in user through to the new route', async () => {
    const ann = await new TestAgent(app).loginOrThrow('ann');
    const response = await ann.request({ url: PRIVATE_TEST_ROUTE });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    expect(handlerRuns).toBe(1);
  });

  it('answers 401 on every documented /api/auth/ route outside the allow-list', async () => {
    const privateRoutes = documentedRoutes.filter(
      (r) => r.path.startsWith(PRIVATE_API_PREFIX) && !ANONYMOUS_AUTH_ROUTES.has(r.path),
    );
    // cart (list, add, delete, rename, export), upload, uploads list and detail
    expect(privateRoutes.length).toBeGreaterThanOrEqual(8);
    const visitor = new TestAgent(app);
    await visitor.fetchCsrf();
    for (const route of privateRoutes) {
      const response = await visitor.request({ method: route.method as 'GET', url: route.url });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(response.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
    }
  });

  it('keeps the 404 of unknown paths under /api/auth/', async () => {
    const response = await new TestAgent(app).request({ url: '/api/auth/nothing-here/' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'ROUTE_NOT_FOUND' });
  });
});

describe('the allow-list', () => {
  /** What each allow-listed route does for an anonymous visitor. */
  const anonymousCalls: Record<string, (visitor: TestAgent) => Promise<void>> = {
    '/api/auth/status/': async (visitor) => {
      const response = await visitor.request({ url: '/api/auth/status/' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        username: '',
        authenticated: false,
        role: null,
        orcid: null,
      });
    },
    '/api/auth/csrf/': async (visitor) => {
      const response = await visitor.request({ url: '/api/auth/csrf/' });
      expect(response.statusCode).toBe(200);
      expect(response.json<{ csrfToken: string }>().csrfToken).toBe(visitor.csrfToken);
    },
    '/api/auth/login/': async (visitor) => {
      const response = await visitor.login('ann', TEST_PASSWORD);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        success: true,
        message: 'Login successful',
        username: 'ann',
      });
    },
    '/api/auth/logout/': async (visitor) => {
      const response = await visitor.logout();
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ success: true, message: 'Logged out successfully' });
    },
    // ORCID sign-in is not configured here: the route itself answers (404), not the 401 gate.
    // The whole flow is in modules/orcid-sign-in/orcid-sign-in.db.test.ts.
    '/api/auth/orcid/start/': async (visitor) => {
      const response = await visitor.request({ url: '/api/auth/orcid/start/' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'ORCID_SIGN_IN_DISABLED' });
    },
    '/api/auth/orcid/callback/': async (visitor) => {
      const response = await visitor.request({ url: '/api/auth/orcid/callback/?code=c&state=s' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'ORCID_SIGN_IN_DISABLED' });
    },
  };

  it('is exactly status, csrf, login, logout and ORCID sign-in, each a real route', () => {
    expect([...ANONYMOUS_AUTH_ROUTES].sort()).toEqual(Object.keys(anonymousCalls).sort());
    for (const route of ANONYMOUS_AUTH_ROUTES) {
      expect(documentedRoutes.some((r) => r.path === route)).toBe(true);
    }
  });

  it.each([...ANONYMOUS_AUTH_ROUTES])('%s works for an anonymous visitor', async (route) => {
    await anonymousCalls[route]!(new TestAgent(app));
  });
});
