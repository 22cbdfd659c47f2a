import { startWormsReplay, type WormsReplay } from '../../apps/server/test/worms-replay';
import {
  createUsers,
  makeDataDir,
  removeDataDir,
  startServer,
  type RunningServer,
} from '../support/e2e-server';
import { expect, test } from '../support/fixtures';
import { applyFiltersButton, mapCount } from '../support/map-page';
import { datasheetFile, personAt, uploadAndSubmit } from '../support/people';
import { BOB, CURATOR } from '../support/users';

/*
 * A synonym is shown under its accepted name (decision 0060), on the production build with
 * WoRMS' recorded answers (fixtures/worms/SOURCE.md): a server of its own answered by the local
 * WoRMS replay (the journeys' shared server never asks WoRMS). bob uploads a sheet whose species
 * is "Coryphaena immaculata" (a synonym in WoRMS' recorded answer) → the worker matches it → once
 * published, the species page, the map's species filter and a colony's page name "Coryphaena
 * hippurus" (the colony page with the name as written beside it), while the dataset page keeps the
 * name as written.
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

test.describe('[SYNONYMS] a synonym is shown under its accepted name', () => {
  test('species page and map filter use the accepted name; the dataset keeps the name as written', async ({
    browser,
  }) => {
    test.setTimeout(240_000);
    const owner = await personAt(browser, BOB, server.baseUrl);
    await uploadAndSubmit(owner, {
      study,
      main: datasheetFile('cbass_dataset_raw.csv', (t) =>
        t
          .replaceAll('202211_DEU_Zugspitze-Feldberg', study)
          .replaceAll('Acropora germania', WRITTEN),
      ),
      ed50: datasheetFile('cbass_dataset_ED50_Results.csv', (t) =>
        t.replaceAll('Acropora germania', WRITTEN),
      ),
      description: 'A synonym, shown as accepted.',
    });
    const ownCard = owner.getByRole('article', { name: study });

    // The curator sees WoRMS' answer for the name once the worker has it, then approves.
    const curator = await personAt(browser, CURATOR, server.baseUrl);
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
    const visitor = await personAt(browser, null, server.baseUrl);
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

    // A colony's page names the accepted name and keeps the name as written beside it (0063).
    const found = await visitor.request.get(
      `${server.baseUrl}/api/public/colonies/ids/?species=${encodeURIComponent(ACCEPTED)}`,
    );
    const { ids } = (await found.json()) as { ids: number[] };
    expect(ids.length).toBeGreaterThan(0);
    await visitor.goto(`/colony/${ids[0]}`);
    await expect(visitor.getByRole('link', { name: ACCEPTED, exact: true })).toBeVisible();
    await expect(visitor.getByText(`(written as ${WRITTEN})`)).toBeVisible();

    // The name as written is kept: the dataset page lists it with WoRMS' accepted name.
    await owner.goto('/my/datasets');
    await ownCard.getByRole('link', { name: study }).first().click();
    await expect(owner.getByText(WRITTEN, { exact: false }).first()).toBeVisible();
  });
});
