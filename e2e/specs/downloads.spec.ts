import fs from 'node:fs';
import type { Download, Page } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import Papa from 'papaparse';
import { expect, test } from '../support/fixtures';
import { logInThroughUi } from '../support/login';
import { RESEARCHER } from '../support/users';

/**
 * Decision 0015's journey: an anonymous visitor filters the map, downloads every format and opens the
 * files — their rows and features are the map's "N of M colonies", and the citation names every
 * dataset; a researcher freezes the view as a citable snapshot.
 */
const SPECIES = 'Acropora hyacinthus';

const count = (page: Page) => page.locator('.map-count');
const applyButton = (page: Page) => page.getByRole('button', { name: /^Apply Filters \(\d+\)$/ });

async function filterMap(page: Page): Promise<number> {
  await page.goto('/map');
  await expect(count(page)).toHaveText(/ of 682 colonies$/);
  await page.getByLabel('Species').selectOption(SPECIES);
  await applyButton(page).click();
  await expect(page).toHaveURL(/species=Acropora\+hyacinthus/);
  const text = (await count(page).textContent()) ?? '';
  const shown = Number(/^(\d+) of 682 colonies$/.exec(text)?.[1]);
  expect(shown).toBeGreaterThan(10);
  return shown;
}

/** Opens the map's Download menu, picks a file, and returns what the browser saved. */
async function downloadFromMenu(
  page: Page,
  item: RegExp,
): Promise<{ file: Download; body: Buffer }> {
  await page.getByRole('button', { name: 'Download the colonies on the map' }).click();
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: item }).click(),
  ]);
  return { file, body: fs.readFileSync(await file.path()) };
}

test.describe('[DOWNLOADS] open downloads of the map view', () => {
  test('an anonymous visitor downloads each format: counts equal the map, citations name every dataset', async ({
    page,
  }) => {
    const shown = await filterMap(page);

    const csv = await downloadFromMenu(page, /^CSV/);
    expect(csv.file.suggestedFilename()).toMatch(/Acropora-hyacinthus.*\.csv$/);
    const rows = Papa.parse<Record<string, string>>(
      csv.body.toString('utf8').replace(/^\uFEFF/, ''),
      {
        header: true,
        skipEmptyLines: true,
      },
    ).data;
    expect(new Set(rows.map((row) => row.colony_id)).size).toBe(shown);
    expect(new Set(rows.map((row) => row.species))).toEqual(new Set([SPECIES]));

    const geojson = await downloadFromMenu(page, /^GeoJSON/);
    const collection = JSON.parse(geojson.body.toString('utf8')) as { features: unknown[] };
    expect(collection.features).toHaveLength(shown);

    const archive = await downloadFromMenu(page, /^Darwin Core Archive/);
    expect(archive.file.suggestedFilename()).toMatch(/\.zip$/);
    const files = unzipSync(new Uint8Array(archive.body));
    const occurrences = strFromU8(files['occurrence.txt']!).trimEnd().split('\n').slice(1);
    expect(occurrences).toHaveLength(shown);
    const query = JSON.parse(strFromU8(files['query.json']!)) as {
      datasets: { citation_key: string; url: string }[];
    };
    const citation = strFromU8(files['CITATION.cff']!);
    const keys = new Set(rows.map((row) => row.citation_key));
    expect(keys.size).toBeGreaterThan(0);
    // Every dataset of the rows is listed in the query and cited in CITATION.cff.
    expect(query.datasets.map((d) => d.citation_key).sort()).toEqual([...keys].sort());
    for (const dataset of query.datasets) expect(citation).toContain(`url: "${dataset.url}"`);
  });

  test('a researcher freezes the view as a citable snapshot and cites it', async ({ page }) => {
    await page.goto('/');
    await logInThroughUi(page, RESEARCHER);
    const shown = await filterMap(page);
    await page.getByRole('button', { name: /citable snapshot/i }).click();
    await expect(page).toHaveURL(/\/snapshots\/[a-z2-7]{12}$/);
    const id = page.url().split('/').pop()!;
    await expect(page.getByRole('heading', { name: `Citable snapshot ${id}` })).toBeVisible();
    await expect(page.getByText(`Snapshot ${id}: ${shown} colonies`).first()).toBeVisible();

    const [file] = await Promise.all([
      page.waitForEvent('download'),
      (async () => {
        await page
          .getByRole('button', { name: /Download/ })
          .first()
          .click();
        await page.getByRole('link', { name: /^CSV/ }).click();
      })(),
    ]);
    const body = fs
      .readFileSync(await file.path())
      .toString('utf8')
      .replace(/^\uFEFF/, '');
    const rows = Papa.parse<Record<string, string>>(body, {
      header: true,
      skipEmptyLines: true,
    }).data;
    expect(new Set(rows.map((row) => row.colony_id)).size).toBe(shown);
  });

  test('hide flagged values: the count and the download follow; a flag badge explains itself', async ({
    page,
    request,
  }) => {
    const kept = (await (await request.get('/api/public/colonies/?hideFlagged=true')).json()) as {
      id: number;
    }[];
    await page.goto('/map');
    await expect(count(page)).toHaveText(/ of 682 colonies$/);
    await page.getByRole('switch', { name: 'Hide flagged values' }).check();
    await applyButton(page).click();
    await expect(page).toHaveURL(/hideFlagged=true/);
    await expect(count(page)).toHaveText(`${kept.length} of 682 colonies`);

    const csv = await downloadFromMenu(page, /^CSV/);
    const rows = Papa.parse<Record<string, string>>(
      csv.body.toString('utf8').replace(/^\uFEFF/, ''),
      { header: true, skipEmptyLines: true },
    ).data;
    expect(new Set(rows.map((row) => row.colony_id)).size).toBe(kept.length);
    const flags = rows.flatMap((row) =>
      Object.entries(row).flatMap(([column, cell]) => (column.endsWith('_flags') ? [cell] : [])),
    );
    expect(flags.some((cell) => /implausible_absolute|relative_mismatch/.test(cell))).toBe(false);

    // A value the fit flagged, on its project's page: its badge opens the flag's explanation.
    await page.goto('/project/61');
    await page
      .getByRole('link', { name: /^flagged/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/quality-flags#[a-z_]+$/);
    const anchor = new URL(page.url()).hash.slice(1);
    await expect(page.locator(`section#${anchor} h2`)).toBeVisible();
    await expect(page.getByRole('contentinfo')).toContainText('Data version');
  });
});
