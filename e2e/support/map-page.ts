import { expect, type APIRequestContext, type Page } from '@playwright/test';
import {
  defaultRangesFromMaxMin,
  filterColonies,
  THRESHOLD_KIND_INFO,
  THRESHOLD_KINDS,
  type DefaultRanges,
  type FilterSet,
  type TColony,
} from '@coral/core';

/** The map page's parts the journeys look at. */
export const mapCount = (page: Page) => page.locator('.map-count');
export const mapMarkers = (page: Page) => page.locator('.colony-marker');
export const filterSidebar = (page: Page) => page.getByRole('complementary', { name: /Filters/ });
export const applyFiltersButton = (page: Page) =>
  page.getByRole('button', { name: /^Apply Filters \(\d+\)$/ });

/**
 * Clicks the first cluster and waits until the map has zoomed in and drawn the markers of the new
 * view: every redraw replaces the markers, so the clicked one, marked first, is then gone. The
 * zoom is animated and the markers come after it; no fixed wait can know how long that takes.
 */
export async function zoomIntoFirstCluster(page: Page): Promise<void> {
  const cluster = page.getByRole('button', { name: /^Cluster of/ }).first();
  await cluster.evaluate((element) => element.setAttribute('data-e2e-clicked', ''));
  await cluster.click();
  await expect(page.locator('[data-e2e-clicked]')).toHaveCount(0);
}

/** Colonies on the map according to the markers' names ('Cluster of 176 colonies', …). */
export async function coloniesOnMarkers(page: Page): Promise<number> {
  const labels = await mapMarkers(page).evaluateAll((elements) =>
    elements.map((e) => e.getAttribute('aria-label') ?? ''),
  );
  return labels.reduce((sum, label) => {
    if (label.startsWith('Colony ')) return sum + 1;
    const n = /(\d[\d,]*) colon/.exec(label)?.[1];
    return sum + (n ? Number(n.replaceAll(',', '')) : 0);
  }, 0);
}

/** The seed as the browser mode sees it: the feed and the filters' defaults, from the server. */
interface Seed {
  colonies: TColony[];
  defaults: DefaultRanges;
}
let seed: Promise<Seed> | undefined;
export function readSeed(request: APIRequestContext): Promise<Seed> {
  // Every e2e server holds the same seed, so one read serves the journeys of both map modes.
  seed ??= (async () => {
    const colonies = (await (await request.get('/api/public/colonies/')).json()) as TColony[];
    const answers = await Promise.all(
      THRESHOLD_KINDS.map(async (kind) => {
        const path = `/api/public/${THRESHOLD_KIND_INFO[kind].maxMinPath}/max-min/`;
        const response = await request.get(path);
        return [kind, (await response.json()) as Record<string, number | null>] as const;
      }),
    );
    return { colonies, defaults: defaultRangesFromMaxMin(Object.fromEntries(answers)) };
  })();
  return seed;
}

/** The colonies the browser mode shows for a filter set (core's filter engine over the feed). */
export async function browserModeShows(
  request: APIRequestContext,
  filters: FilterSet,
): Promise<TColony[]> {
  const { colonies, defaults } = await readSeed(request);
  return filterColonies(colonies, filters, defaults);
}
