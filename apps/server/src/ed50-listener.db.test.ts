import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestContext } from '../test/test-app';
import { buildApp } from './app';
import { loadConfig } from './config';
import { serveEd50Calculator } from './ed50-listener';

const INDEX = '<!doctype html><title>app</title><div id="root"></div>';
let ctx: TestContext;
let distDir: string;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

const quiet = () => ({ log: vi.fn(), error: vi.fn() });

/** The real app on the test database, listening on a free port, with the calculator port. */
async function startApp(calculatorPort: number, log = quiet()) {
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: '/nonexistent', WEB_DIST_DIR: distDir });
  const app = await buildApp({ config, db: ctx.database.db });
  const calculator = serveEd50Calculator(app, { port: calculatorPort, host: '127.0.0.1', log });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const main = `http://127.0.0.1:${(app.server.address() as net.AddressInfo).port}`;
  return { app, calculator, main, log };
}

beforeAll(async () => {
  distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'coral-web-'));
  fs.mkdirSync(path.join(distDir, 'assets'));
  fs.mkdirSync(path.join(distDir, 'examples'));
  fs.writeFileSync(path.join(distDir, 'index.html'), INDEX);
  fs.writeFileSync(path.join(distDir, 'assets', 'ed50.worker-1.js'), 'self.onmessage = null');
  fs.writeFileSync(path.join(distDir, 'examples', 'template_raw.csv'), 'Project\n');
  ctx = await createTestApp({ WEB_DIST_DIR: distDir });
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(distDir, { recursive: true, force: true });
});

describe('the ED calculator port (ED50_PORT)', () => {
  let app: FastifyInstance;
  let main: string;
  let calculator: string;
  let log: ReturnType<typeof quiet>;

  beforeAll(async () => {
    const port = await freePort();
    const started = await startApp(port);
    ({ app, main, log } = started);
    const address = await started.calculator!.ready;
    expect(address?.port).toBe(port);
    calculator = `http://127.0.0.1:${port}`;
  });
  afterAll(() => app.close());

  it('opens the calculator at /', async () => {
    const response = await fetch(`${calculator}/`, { redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/ed50');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const query = await fetch(`${calculator}/?from=navbar`, { redirect: 'manual' });
    expect(query.headers.get('location')).toBe('/ed50?from=navbar');
    const page = await fetch(`${calculator}/`);
    expect(page.url).toBe(`${calculator}/ed50`);
    expect(page.status).toBe(200);
    expect(await page.text()).toBe(INDEX);
  });

  it('serves the same app, assets and API as the main port, with the same headers', async () => {
    for (const url of [
      '/ed50',
      '/assets/ed50.worker-1.js',
      '/examples/template_raw.csv',
      '/api/public/config/',
    ]) {
      const [there, here] = await Promise.all([
        fetch(`${calculator}${url}`),
        fetch(`${main}${url}`),
      ]);
      expect(there.status, url).toBe(200);
      expect(await there.text(), url).toBe(await here.text());
      for (const header of [
        'content-security-policy',
        'content-type',
        'cache-control',
        'x-frame-options',
      ]) {
        expect(there.headers.get(header), `${url} ${header}`).toBe(here.headers.get(header));
      }
    }
    const csp = (await fetch(`${calculator}/ed50`)).headers.get('content-security-policy');
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("worker-src 'self' blob:");
  });

  it('says where it listens', () => {
    expect(log.log).toHaveBeenCalledWith(
      expect.stringMatching(/^ED calculator on http:\/\/127\.0\.0\.1:\d+\/ \(ED50_PORT\)$/),
    );
    expect(log.error).not.toHaveBeenCalled();
  });

  it('keeps unknown API paths and pages as the main port answers them', async () => {
    expect((await fetch(`${calculator}/api/nothing`)).status).toBe(404);
    expect((await fetch(`${calculator}/no/such/page`)).status).toBe(404);
    const post = await fetch(`${calculator}/`, { method: 'POST', redirect: 'manual' });
    expect(post.status).toBe(404);
  });
});

describe('ED50_PORT settings', () => {
  it('0 turns the calculator port off', async () => {
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: '/nonexistent', ED50_PORT: '0' });
    expect(config.ed50.port).toBe(0);
    const app = await buildApp({ config, db: ctx.database.db });
    expect(serveEd50Calculator(app, { port: config.ed50.port, host: '127.0.0.1' })).toBeNull();
    await app.close();
  });

  it('a port in use is reported; the platform runs on without it', async () => {
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as net.AddressInfo).port;
    const { app, calculator, main, log } = await startApp(port);
    try {
      expect(await calculator!.ready).toBeNull();
      expect(log.error).toHaveBeenCalledWith(
        expect.stringContaining(`could not listen on port ${port} (EADDRINUSE)`),
      );
      expect((await fetch(`${main}/api/public/config/`)).status).toBe(200);
    } finally {
      await app.close();
      taken.close();
    }
  });

  it('closes with the app', async () => {
    const port = await freePort();
    const { app, calculator } = await startApp(port);
    await calculator!.ready;
    await app.close();
    await expect(fetch(`http://127.0.0.1:${port}/ed50`)).rejects.toThrow();
  });
});
