import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { e2eEnv } from '../support/environment';

/**
 * A page served from another origin (another port) reads the open data with fetch, as a notebook
 * or another site would, and cannot call the logged-in API (plugins/cors.ts).
 */
let otherSite: http.Server;
let otherOrigin: string;

test.beforeAll(async () => {
  otherSite = http.createServer((_request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    response.end('<!doctype html><html lang="en"><title>Another site</title><h1>Another site</h1>');
  });
  await new Promise<void>((resolve) => otherSite.listen(0, '127.0.0.1', resolve));
  otherOrigin = `http://127.0.0.1:${(otherSite.address() as AddressInfo).port}`;
});
test.afterAll(async () => {
  await new Promise((resolve) => otherSite.close(resolve));
});

/** fetch() in the page: the status and a field of the body, or the error the browser gave. */
async function fetchFromPage(page: Page, url: string) {
  return page.evaluate(async (target) => {
    try {
      const response = await fetch(target);
      const body = (await response.json()) as unknown;
      return { status: response.status, body, cursor: response.headers.get('X-Next-Cursor') };
    } catch (error) {
      return { error: String(error) };
    }
  }, url);
}

test('a page on another origin reads a public list and is refused the auth API', async ({
  page,
}) => {
  const api = e2eEnv('baseUrl');
  await page.goto(otherOrigin);
  await expect(page.getByRole('heading', { name: 'Another site' })).toBeVisible();
  expect(new URL(api).origin).not.toBe(new URL(page.url()).origin);

  const list = await fetchFromPage(page, `${api}/api/public/colonies/?limit=2`);
  expect(list).toMatchObject({ status: 200 });
  expect((list as { body: unknown[] }).body).toHaveLength(2);
  // The paging cursor is one of the headers a script elsewhere may read.
  expect((list as { cursor: string | null }).cursor).toBeTruthy();

  const species = await fetchFromPage(page, `${api}/api/public/species/`);
  expect(species).toMatchObject({ status: 200 });

  const auth = await fetchFromPage(page, `${api}/api/auth/status/`);
  expect(auth).toEqual({ error: expect.stringContaining('Failed to fetch') as unknown });
});
