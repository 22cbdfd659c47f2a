import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app';

let ctx: TestContext;
let distDir: string;
const INDEX = '<!doctype html><title>app</title><div id="root"></div>';

beforeAll(async () => {
  distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'coral-web-'));
  fs.mkdirSync(path.join(distDir, 'assets'));
  fs.writeFileSync(path.join(distDir, 'index.html'), INDEX);
  fs.writeFileSync(path.join(distDir, 'assets', 'app-123.js'), 'console.log(1)');
  ctx = await createTestApp({ WEB_DIST_DIR: distDir });
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(distDir, { recursive: true, force: true });
});

const get = (url: string) => ctx.app.inject({ method: 'GET', url });

describe('serving the web app', () => {
  it.each([
    '/',
    '/map',
    '/projects',
    '/project/999999',
    '/cart',
    '/upload',
    '/login',
    '/map?species=x',
  ])('answers the deep link %s with the app', async (url) => {
    const response = await get(url);
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(INDEX);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('answers a public page with the app and its own head (decision 0053)', async () => {
    const response = await get('/project/61');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root"></div>');
    expect(response.body).toMatch(/<title>[^<]+\(project\) · Coral Thermal Tolerance<\/title>/);
    expect(response.body).toContain('<link rel="canonical" href="');
  });

  it('answers unknown pages with the app and status 404 (the app shows its not-found page)', async () => {
    const response = await get('/no/such/page');
    expect(response.statusCode).toBe(404);
    expect(response.body).toBe(INDEX);
  });

  it('serves hashed assets as immutable', async () => {
    const response = await get('/assets/app-123.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it.each(['/api/', '/api/nothing', '/api/public/colonies', '/api/public/projects/61/extra/'])(
    'answers the unknown API route %s with a JSON 404',
    async (url) => {
      const response = await get(url);
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toContain('application/json');
      expect(response.json()).toMatchObject({ code: 'ROUTE_NOT_FOUND' });
    },
  );

  it('answers an unknown method on an API path with JSON, never a stack trace', async () => {
    const response = await ctx.app.inject({ method: 'DELETE', url: '/api/public/colonies/' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'ROUTE_NOT_FOUND' });
    expect(response.body).not.toMatch(/at .*\.ts:\d+/);
  });

  it('serves the OpenAPI document generated from the route schemas', async () => {
    const document = (await get('/api/docs/json')).json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/public/statistics/',
        '/api/public/colonies/',
        '/api/public/biosamples/',
        '/api/public/projects/',
        '/api/public/projects/{projectId}/',
        '/api/public/thermal-tolerances/max-min/',
        '/api/public/breakpoint-temperatures/max-min/',
        '/api/public/thermal-limits/max-min/',
      ]),
    );
    expect((await get('/api/docs')).statusCode).toBeLessThan(400);
  });
});
