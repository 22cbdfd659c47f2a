import type { Page } from '@playwright/test';

/**
 * Holds matching requests until `release()` is called, so a journey can see a loading state;
 * the request then goes on to the real server.
 */
export async function holdRequests(page: Page, url: string) {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await released;
    await route.fallback();
  });
  return { release };
}

/** Answers matching requests with the real answer changed by `edit` (for states the data lacks). */
export async function editResponse<T>(page: Page, url: string, edit: (body: T) => unknown) {
  await page.route(url, async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as T;
    await route.fulfill({ response, json: edit(body) });
  });
}

/** Makes matching requests fail with an HTTP status and a JSON error body like the server's. */
export async function failRequests(page: Page, url: string, status = 500, body?: unknown) {
  await page.route(url, (route) =>
    route.fulfill({
      status,
      json: body ?? { error: 'Internal Server Error', code: 'INTERNAL_ERROR' },
    }),
  );
}
