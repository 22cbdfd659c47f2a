import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { repoRoot } from '../support/e2e-server';
import { e2eEnv } from '../support/environment';
import { expect, test } from '../support/fixtures';
import { logInThroughUi } from '../support/login';
import { keepOffline } from '../support/offline';
import { ALICE, BOB, CURATOR, type E2eUser } from '../support/users';

/*
 * The life of a contributed dataset (decision 0012), on the production build: alice uploads → the
 * draft is invisible to an anonymous visitor and to bob → alice describes and submits it → a
 * curator rejects it with a message → alice fixes it and resubmits → the curator approves → it is
 * on the map and in the statistics → alice uploads version 2 → version 1 is still readable and
 * citable → alice withdraws the dataset → its tombstone resolves, and the map and the statistics
 * are back to what they were.
 *
 * The journey ends with its data withdrawn, so the journeys after it see the seed's counts.
 */

const SEED_COLONIES = 682;
const COLONIES = 28;
const study = `E2E dataset ${Date.now()}-${Math.random().toString(16).slice(2, 6)}`;

/** cbass_84.csv (a standard sheet with ED50 values) as a study of its own. */
function datasheet(change: (text: string) => string = (text) => text) {
  const text = fs.readFileSync(path.join(repoRoot, 'fixtures/datasheets/cbass_84.csv'), 'utf8');
  return {
    name: 'cbass_84.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(change(text.replaceAll('Voolstra et al. 2021', study))),
  };
}

/** A browser of its own for each person (separate cookies), offline like the fixtures' page. */
async function personAt(browser: Browser, user: E2eUser | null): Promise<Page> {
  const context = await browser.newContext({ baseURL: e2eEnv('baseUrl') });
  await keepOffline(context);
  const page = await context.newPage();
  await page.goto('/');
  if (user) await logInThroughUi(page, user);
  return page;
}

async function uploadFile(page: Page, file: ReturnType<typeof datasheet>) {
  await page.getByLabel('1. Main Data File').setInputFiles(file);
  await page.getByRole('button', { name: 'Upload Data' }).click();
  await expect(page.getByRole('heading', { name: 'Upload Successful' })).toBeVisible();
  await page.getByRole('link', { name: 'Follow its processing in My uploads' }).click();
  await expect(page.locator('[data-status="done"]')).toBeVisible({ timeout: 30_000 });
}

async function statisticsColonies(page: Page) {
  await page.goto('/');
  const strip = page.getByRole('region', { name: 'Statistics' });
  await expect(strip.getByText('Loading...')).toHaveCount(0);
  return strip;
}

const card = (page: Page) => page.getByRole('article', { name: study });

test.describe('[DATASETS] the life of a contributed dataset', () => {
  test('upload → private draft → submit → reject → fix → approve → public → v2 → withdraw', async ({
    page,
    browser,
    checkA11y,
  }) => {
    test.setTimeout(240_000);

    // alice uploads: a draft of a new dataset, described later.
    await page.goto('/upload');
    await logInThroughUi(page, ALICE);
    await expect(page.getByLabel('A new dataset')).toBeChecked();
    await uploadFile(page, datasheet());
    await expect(
      page.getByText(`Imported as a draft of the dataset “${study}” (version 1)`, {
        exact: false,
      }),
    ).toBeVisible();
    // The upload names the version by its dataset's title (decision 0056); the link has its id.
    const versionLink = page.getByRole('link', { name: `Version 1 of “${study}”` });
    const datasetId = Number(
      (await versionLink.getAttribute('href'))!.match(/\/datasets\/(\d+)/)![1],
    );
    const datasetUrl = `/datasets/${datasetId}`;

    // Invisible to an anonymous visitor and to bob.
    const visitor = await personAt(browser, null);
    const bob = await personAt(browser, BOB);
    for (const other of [visitor, bob]) {
      await other.goto(datasetUrl);
      await expect(other.getByRole('heading', { name: 'Dataset Not Found' })).toBeVisible();
      await other.goto(`/datasets?q=${encodeURIComponent(study)}`);
      await expect(other.getByRole('heading', { name: 'No Datasets Found' })).toBeVisible();
    }
    await expect(
      (await statisticsColonies(visitor)).getByText(String(SEED_COLONIES)),
    ).toBeVisible();

    // alice describes it and submits it for review.
    await page.goto('/my/datasets');
    await expect(card(page).getByText('Draft')).toBeVisible();
    await card(page).getByRole('button', { name: 'Edit metadata' }).click();
    const form = page.getByRole('form', { name: 'Dataset description' });
    await form
      .getByLabel('Description', { exact: true })
      .fill('CBASS assays of four Red Sea reefs.');
    await form.getByRole('button', { name: 'Add a creator' }).click();
    await form.getByLabel('Creator 1: name').fill('Alice Example');
    await form.getByLabel('Creator 1: ORCID iD').fill('0000-0002-1825-0097');
    await expect(form.getByText('Valid ORCID iD')).toBeVisible();
    await form.getByLabel(/^CC BY 4\.0/).check();
    await checkA11y();
    await form.getByRole('button', { name: 'Save and submit for review' }).click();
    await expect(
      page.getByText('Version 1 was submitted for review', { exact: false }),
    ).toBeVisible();

    // The curator rejects it with a message.
    const curator = await personAt(browser, CURATOR);
    await curator.goto('/review');
    const item = curator.getByRole('article', { name: study });
    await item.getByLabel('Message to the owner').fill('Please name the PAM instrument.');
    await item.getByRole('button', { name: 'Reject' }).click();
    await expect(
      curator.getByText('Version 1 was sent back to its owner', { exact: false }),
    ).toBeVisible();

    // alice reads the message, fixes the description and submits again.
    await page.goto('/my/datasets');
    await expect(card(page).getByText('Please name the PAM instrument.')).toBeVisible();
    await card(page).getByRole('button', { name: 'Edit metadata' }).click();
    await form.getByLabel('PAM instrument').selectOption({ label: 'Walz IMAGING-PAM (MAXI)' });
    await form.getByRole('button', { name: 'Save and submit for review' }).click();
    await expect(
      page.getByText('Version 1 was submitted for review', { exact: false }),
    ).toBeVisible();

    // The curator approves, acknowledging the quality flags shown on the card (decision 0055):
    // it is public, on the map and in the statistics.
    await curator.goto('/review');
    const reviewCard = curator.getByRole('article', { name: study });
    await reviewCard.getByLabel('Message to the owner').fill('Quality flags checked.');
    await reviewCard.getByRole('button', { name: 'Approve' }).click();
    await expect(curator.getByText('Version 1 was approved and published.')).toBeVisible();

    await visitor.goto(datasetUrl);
    await expect(visitor.getByRole('heading', { level: 1, name: study })).toBeVisible();
    await expect(visitor.getByText('CC BY 4.0').first()).toBeVisible();
    await expect(visitor.getByRole('link', { name: /0000-0002-1825-0097/ })).toHaveAttribute(
      'href',
      'https://orcid.org/0000-0002-1825-0097',
    );
    await visitor.goto(`/map?project=${encodeURIComponent(study)}`);
    await expect(visitor.locator('.map-count')).toHaveText(
      new RegExp(`^${COLONIES} of ${SEED_COLONIES + COLONIES} colonies$`),
    );
    await expect(
      (await statisticsColonies(visitor)).getByText(String(SEED_COLONIES + COLONIES)),
    ).toBeVisible();

    // alice uploads version 2 (one ED50 corrected); version 1 stays public, readable and citable.
    await page.goto(`/upload?dataset=${datasetId}`);
    await page.getByLabel('A new version of one of my datasets').check();
    await expect(page.getByLabel('Dataset', { exact: true })).toHaveValue(String(datasetId));
    await uploadFile(
      page,
      datasheet((text) => text.replaceAll(',36.91,', ',36.95,')),
    );
    await expect(page.getByText(`(version 2)`, { exact: false })).toBeVisible();

    await visitor.goto(`${datasetUrl}/versions/1`);
    await expect(visitor.getByRole('heading', { level: 1, name: study })).toBeVisible();
    const citation = visitor.getByRole('region', { name: 'How to cite' });
    await expect(
      citation.getByText(`${study} (Version 1) [Data set]`, { exact: false }),
    ).toBeVisible();
    const bibtex = await visitor.request.get(
      `/api/public/datasets/${datasetId}/versions/1/citation.bib`,
    );
    expect(bibtex.status()).toBe(200);
    expect(await bibtex.text()).toContain(study);
    await visitor.goto(`${datasetUrl}/versions/2`);
    await expect(visitor.getByRole('heading', { name: 'Dataset Not Found' })).toBeVisible();

    // alice withdraws the dataset: a tombstone that still resolves and cites.
    await page.goto('/my/datasets');
    await card(page).getByRole('button', { name: 'Withdraw' }).click();
    const dialog = page.getByRole('dialog', { name: 'Withdraw dataset' });
    await dialog.getByRole('button', { name: 'Withdraw' }).click();
    await expect(dialog.getByText('Give the reason for withdrawing.')).toBeVisible();
    await dialog.getByLabel('Reason for withdrawing').fill('A calibration error in the PAM.');
    await dialog.getByRole('button', { name: 'Withdraw' }).click();
    await expect(page.getByText('The dataset was withdrawn', { exact: false })).toBeVisible();

    await visitor.goto(datasetUrl);
    await expect(visitor.getByText(/^This dataset was withdrawn on /)).toBeVisible();
    await expect(visitor.getByText('Reason: A calibration error in the PAM.')).toBeVisible();
    await expect(
      visitor.getByRole('region', { name: 'How to cite' }).getByText(study, { exact: false }),
    ).toBeVisible();
    await checkA11y();
    await visitor.goto(`/map?project=${encodeURIComponent(study)}`);
    await expect(visitor.locator('.map-count')).toHaveText(
      new RegExp(`^0 of ${SEED_COLONIES} colonies$`),
    );
    await expect(
      (await statisticsColonies(visitor)).getByText(String(SEED_COLONIES)),
    ).toBeVisible();

    for (const other of [visitor, bob, curator]) await other.context().close();
  });
});
