import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app';

/** Cross-origin reads of the open data, and nothing else (plugins/cors.ts). */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const ORIGIN = 'https://notebook.example.org';
const get = (url: string) => ctx.app.inject({ url, headers: { origin: ORIGIN } });

describe('CORS', () => {
  it.each([
    '/api/public/colonies/?limit=1',
    '/api/public/species/',
    '/api/public/projects/',
    '/api/public/downloads/map/colonies.csv?species=Porites%20lobata',
    '/api/public/datasets/',
  ])('lets any origin read %s, without credentials', async (url) => {
    const response = await get(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['access-control-allow-credentials']).toBeUndefined();
    expect(String(response.headers['access-control-expose-headers'])).toContain('X-Next-Cursor');
  });

  it('lets a script read the error of a public read too', async () => {
    const response = await get('/api/public/colonies/?limit=0');
    expect(response.statusCode).toBe(400);
    expect(response.headers['access-control-allow-origin']).toBe('*');
  });

  it.each(['/api/auth/status/', '/api/auth/csrf/', '/api/auth/cart/', '/api/docs/json'])(
    'gives no other origin %s',
    async (url) => {
      const response = await get(url);
      expect(response.headers['access-control-allow-origin']).toBeUndefined();
    },
  );

  it('answers the preflight of a public read, not of a login or a change', async () => {
    const preflight = (url: string, method: string) =>
      ctx.app.inject({
        method: 'OPTIONS',
        url,
        headers: {
          origin: ORIGIN,
          'access-control-request-method': method,
          'access-control-request-headers': 'if-none-match',
        },
      });
    const read = await preflight('/api/public/colonies/', 'GET');
    expect(read.statusCode).toBe(204);
    expect(read.headers['access-control-allow-origin']).toBe('*');
    expect(read.headers['access-control-allow-methods']).toBe('GET, HEAD');
    expect(read.headers['access-control-allow-credentials']).toBeUndefined();

    const login = await preflight('/api/auth/login/', 'POST');
    expect(login.headers['access-control-allow-origin']).toBeUndefined();
    const change = await preflight('/api/public/colonies/', 'DELETE');
    expect(change.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('sends no CORS headers to a same-origin state change', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login/',
      headers: { origin: ORIGIN },
      payload: { username: 'x', password: 'y' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });
});
