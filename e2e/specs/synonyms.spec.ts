import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { startWormsReplay, type WormsReplay } from '../../apps/server/test/worms-replay';
import {
  createUsers,
  makeDataDir,
  removeDataDir,
  repoRoot,
  startServer,
  type RunningServer,
} from '../support/e2e-server';
import { expect, test } from '../support/fixtures';
import { logInThroughUi } from '../support/login';
import { applyFiltersButton, mapCount } from '../support/map-page';
import { keepOffline } from '../support/offline';
import { BOB, CURATOR, type E2eUser } from '../support/users';

/*
 * A synonym is shown under its accepted name (decision 0060), on the production build with
 * WoRMS' recorded answers (fixtures/worms/SOURCE.md): a server of its own answered by the local
 * WoRMS replay (the journeys' shared server never asks WoRMS). bob uploads a sheet whose species
 * is "Coryphaena immaculata" (a synonym in WoRMS' recorded answer) → the worker matches it → once
 * published, the species page and the map's species filter name "Coryphaena hippurus", while the
 * dataset page keeps the name as written.
 */

const WRITTEN = 'Coryphaena immaculata';
const ACCEPTED = 'Coryphaena hippurus';
const study = `E2E synonym ${Date.now()}`;

let replay: WormsReplay;
let server: RunningServer;
let dataDir: string;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  replay = await startWormsReplay();
  dataDir = makeDataDir();
  createUsers(dataDir, [BOB, CURATOR]);
  server = await startServer(dataDir, { env: { WORMS_API_URL: replay.url } });
});
test.afterAll(async () => {
  await server?.stop();
  await replay?.close();
  if (dataDir) removeDataDir(dataDir);
});

function sheet(name: string, change: (text: string) => string = (text) => text) {
  const text = fs.readFileSync(path.join(repoRoot, 'fixtures/datasheets', name), 'utf8');
  return { name, mimeType: 'text/csv', buffer: Buffer.from(change(text)) };
}

async function personAt(browser: Browser, user: E2eUser | null): Promise<Page> {
  const context = await browser.newContext({
    baseURL: server.baseUrl,
    viewport: { width: 1400, height: 900 },
  });
  await keepOffline(context);
  const page = await context.newPage();
  await page.goto('/');
  if (user) await logInThroughUi(page, user);
  return page;
}

test.describe('[SYNONYMS] a synonym is shown under its accepted name', () => {
  test('species page and map filter use the accepted name; the dataset keeps the name as written', async ({
    browser,
  }) => {
    test.setTimeout(240_000);
    const owner = await personAt(browser, BOB);
    await owner.goto('/upload');
    await owner
      .getByLabel('1. Main Data File')
      .setInputFiles(
        sheet('cbass_dataset_raw.csv', (t) =>
          t
            .replaceAll('202211_DEU_Zugspitze-Feldberg', study)
            .replaceAll('Acropora germania', WRITTEN),
        ),
      );
    await owner
      .getByLabel('2. ED50 Results File')
      .setInputFiles(
        sheet('cbass_dataset_ED50_Results.csv', (t) => t.replaceAll('Acropora germania', WRITTEN)),
      );
    await owner.getByRole('button', { name: 'Upload Data' }).click();
    await expect(owner.getByRole('heading', { name: 'Upload Successful' })).toBeVisible();
    await owner.getByRole('link', { name: 'Follow its processing in My uploads' }).click();
    await expect(owner.locator('[data-status="done"]')).toBeVisible({ timeout: 60_000 });

    const ownCard = owner.getByRole('article', { name: study });
    await owner.goto('/my/datasets');
    await ownCard.getByRole('button', { name: 'Edit metadata' }).click();
    const form = owner.getByRole('form', { name: 'Dataset description' });
    await form.getByLabel('Description', { exact: true }).fill('A synonym, shown as accepted.');
    await form.getByRole('button', { name: 'Add a creator' }).click();
    await form.getByLabel('Creator 1: name').fill('Bob Example');
    await form.getByLabel(/^CC BY 4\.0/).check();
    await form.getByRole('button', { name: 'Save and submit for review' }).click();
    await expect(
      owner.getByText('Version 1 was submitted for review', { exact: false }),
    ).toBeVisible();

    // The curator sees WoRMS' answer for the name once the worker has it, then approves.
    const curator = await personAt(browser, CURATOR);
    const item = curator.getByRole('article', { name: study });
    const species = item.getByRole('region', { name: /^Species \(\d+\)$/ });
    await expect(async () => {
      await curator.goto('/review');
      await expect(species.getByText(ACCEPTED, { exact: false })).toBeVisible({ timeout: 2000 });
    }).toPass({ timeout: 60_000 });
    await item.getByLabel('Message to the owner').fill('Far-inland test sheet, checked.');
    await item.getByRole('button', { name: 'Approve' }).click();
    await expect(curator.getByText('Version 1 was approved and published.')).toBeVisible();

    // A visitor: the species page is the accepted name's; the written name has none.
    const visitor = await personAt(browser, null);
    await visitor.goto(`/species/${encodeURIComponent(ACCEPTED)}`);
    await expect(visitor.getByRole('heading', { level: 1, name: ACCEPTED })).toBeVisible();
    await visitor.goto(`/species/${encodeURIComponent(WRITTEN)}`);
    await expect(
      visitor.getByRole('heading', { level: 1, name: 'Species Not Found' }),
    ).toBeVisible();

    // The map's species filter offers the accepted name, not the written one, and finds them.
    await visitor.goto('/map');
    const speciesChoice = visitor.getByLabel('Species');
    await expect(speciesChoice.locator('option', { hasText: ACCEPTED })).toHaveCount(1, {
      timeout: 30_000,
    });
    await expect(speciesChoice.locator('option', { hasText: WRITTEN })).toHaveCount(0);
    await speciesChoice.selectOption(ACCEPTED);
    await applyFiltersButton(visitor).click();
    await expect(mapCount(visitor)).toHaveText(/^\d+ of \d+ colonies$/);
    await expect(mapCount(visitor)).not.toHaveText(/^0 of/);

    // The name as written is kept: the dataset page lists it with WoRMS' accepted name.
    await owner.goto('/my/datasets');
    await ownCard.getByRole('link', { name: study }).first().click();
    await expect(owner.getByText(WRITTEN, { exact: false }).first()).toBeVisible();
  });
});
