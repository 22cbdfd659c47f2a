import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { createUser, TestAgent } from '../../../test/auth-client';

let ctx: TestContext;
let ann: TestAgent;
beforeAll(async () => {
  ctx = await createTestApp();
  await createUser(ctx.database.db, 'ann');
  ann = await new TestAgent(ctx.app).loginOrThrow('ann');
});
afterAll(() => ctx.close());

/** Every route that reads a JSON body. */
const routes = [
  { method: 'POST', url: '/api/auth/login/' },
  { method: 'POST', url: '/api/auth/logout/' },
  { method: 'POST', url: '/api/auth/cart/' },
  { method: 'DELETE', url: '/api/auth/cart/' },
  { method: 'PUT', url: '/api/auth/cart/group/1/' },
  { method: 'POST', url: '/api/auth/cart/export/' },
] as const;

const json = { 'content-type': 'application/json' };

async function send(route: (typeof routes)[number], payload: string, headers = json) {
  // a fresh token each time: logout would otherwise end the session
  await ann.fetchCsrf();
  return ann.request({ method: route.method, url: route.url, payload, headers });
}

function expectJsonError(
  response: { statusCode: number; headers: Record<string, unknown>; body: string },
  status: number,
  code: string,
) {
  expect(response.statusCode).toBe(status);
  expect(response.headers['content-type']).toContain('application/json');
  const body = JSON.parse(response.body) as { code: string; error: unknown };
  expect(body.code).toBe(code);
  expect(typeof body.error).toBe('string');
  expect(response.body).not.toMatch(/at .+\.[jt]s:\d+/);
}

describe('request bodies the server refuses cleanly', () => {
  it.each(routes)('$method $url: a body over 1 MB is a 413 JSON error', async (route) => {
    const big = JSON.stringify({ name: 'x'.repeat(1024 * 1024), colony_ids: [658] });
    expectJsonError(await send(route, big), 413, 'PAYLOAD_TOO_LARGE');
    expect((await ann.request({ url: '/api/auth/status/' })).json()).toMatchObject({
      authenticated: true,
    });
  });

  it.each(routes)('$method $url: malformed JSON is a 400 JSON error', async (route) => {
    for (const bad of ['{"name": "x",', '{name: x}', '[1, 2', '{"a":1}}']) {
      const response = await send(route, bad);
      expectJsonError(response, 400, 'BAD_REQUEST');
      expect(response.json()).toMatchObject({ error: 'The request body is not valid JSON.' });
    }
  });

  it.each(routes)('$method $url: prototype poisoning is refused', async (route) => {
    const response = await send(route, '{"__proto__": {"admin": true}, "name": "x"}');
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toContain('application/json');
  });

  it('refuses non-JSON content types with 415', async () => {
    await ann.fetchCsrf();
    const response = await ann.request({
      method: 'POST',
      url: '/api/auth/cart/',
      payload: 'name=x&colony_ids=658',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expectJsonError(response, 415, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('refuses bodies of the wrong shape with 400, never 500', async () => {
    const shapes = ['null', '42', '"text"', '[]', '{"group_id": "7"}', '{"group_id": 1.5}'];
    for (const route of routes.filter((r) => r.url !== '/api/auth/logout/')) {
      for (const body of shapes) {
        const response = await send(route, body);
        expect(response.statusCode, `${route.method} ${route.url} ${body}`).toBe(
          route.url.startsWith('/api/auth/cart/') || route.url === '/api/auth/login/' ? 400 : 200,
        );
      }
    }
  });

  it('refuses an empty JSON body on the cart routes', async () => {
    const response = await send(routes[2], '');
    expectJsonError(response, 400, 'BAD_REQUEST');
  });
});
