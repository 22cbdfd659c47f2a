import { expectNoSeriousA11yViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { datasheetFile, personAt, uploadAndSubmit } from '../support/people';
import { BOB, CURATOR } from '../support/users';

/*
 * Review with evidence (decision 0055), on the production build: bob uploads the Zugspitze test
 * pair (every colony in the German Alps, flagged far inland) and submits it → the curator's card
 * shows the flags by kind with examples, the species, a map of the sites, the licence, creators
 * and protocol, at desktop and phone size (0 serious axe violations) → approving without a note
 * is refused with the reason → with a note it is published → bob withdraws it, so the journeys
 * after this one see the seed's counts.
 */

const study = `E2E review ${Date.now()}-${Math.random().toString(16).slice(2, 6)}`;

test.describe('[REVIEW] a curator reviews with evidence', () => {
  test('flags, species, sites and description on the card; a flagged approval needs a note', async ({
    browser,
  }) => {
    test.setTimeout(240_000);

    // bob uploads the pair as a new dataset, describes it and submits it.
    const owner = await personAt(browser, BOB);
    await uploadAndSubmit(owner, {
      study,
      main: datasheetFile('cbass_dataset_raw.csv', (t) =>
        t.replaceAll('202211_DEU_Zugspitze-Feldberg', study),
      ),
      ed50: datasheetFile('cbass_dataset_ED50_Results.csv'),
      description: 'CBASS assays of an alpine test.',
      pam: 'Walz IMAGING-PAM (MAXI)',
    });
    const ownCard = owner.getByRole('article', { name: study });

    // The curator's card, at desktop size: the evidence.
    const curator = await personAt(browser, CURATOR);
    await curator.goto('/review');
    const item = curator.getByRole('article', { name: study });
    const flags = item.getByRole('region', { name: /^Quality flags \(\d+\)$/ });
    await expect(flags).toBeVisible();
    await expect(flags.getByText('Coordinates on land, more than 5 km from the sea')).toBeVisible();
    await expect(flags.getByText(/lies? on land/).first()).toBeVisible();
    await expect(flags.getByText(/^…and \d+ more$/).first()).toBeVisible();
    const species = item.getByRole('region', { name: /^Species \(\d+\)$/ });
    await expect(species.getByText('Acropora germania', { exact: true })).toBeVisible();
    await expect(item.getByRole('region', { name: `Map of the sites of ${study}` })).toBeVisible();
    await expect(item.getByRole('link', { name: 'CC BY 4.0' })).toBeVisible();
    await expect(item.getByText('Bob Example', { exact: true })).toBeVisible();
    await expect(item.getByText(/Walz IMAGING-PAM \(MAXI\)/)).toBeVisible();
    await expect(item.getByText('First version')).toBeVisible();
    await expect(item.getByText(/quality flags?: an approval needs a note/)).toBeVisible();
    await expectNoSeriousA11yViolations(curator);

    // Approving without a note is refused, with the reason, and nothing is sent.
    await item.getByRole('button', { name: 'Approve' }).click();
    await expect(
      item.getByText(/^This version has \d+ quality flags: approving it needs a note/),
    ).toBeVisible();
    await expect(item).toBeVisible();

    // At phone size the card still reads, without serious violations.
    await curator.setViewportSize({ width: 390, height: 844 });
    await expect(flags).toBeVisible();
    await expect(item.getByRole('region', { name: `Map of the sites of ${study}` })).toBeVisible();
    await expectNoSeriousA11yViolations(curator);
    const width = await curator.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);

    // With a note it is approved and published; the note is in the dataset's history.
    const versionHref = await item
      .getByRole('link', { name: `Open version 1 of ${study}` })
      .getAttribute('href');
    const note = 'Far-inland flags checked: an alpine test sheet, published as an example.';
    await item.getByLabel('Message to the owner').fill(note);
    await item.getByRole('button', { name: 'Approve' }).click();
    await expect(curator.getByText('Version 1 was approved and published.')).toBeVisible();
    await expect(curator.getByRole('article', { name: study })).toHaveCount(0);
    await curator.goto(versionHref!);
    await expect(curator.getByText(note)).toBeVisible();

    // bob withdraws it: the journeys after this one see the seed's counts.
    await owner.goto('/my/datasets');
    await ownCard.getByRole('button', { name: 'Withdraw' }).click();
    const dialog = owner.getByRole('dialog', { name: 'Withdraw dataset' });
    await dialog.getByLabel('Reason for withdrawing').fill('An alpine test, not a reef.');
    await dialog.getByRole('button', { name: 'Withdraw' }).click();
    await expect(owner.getByText('The dataset was withdrawn', { exact: false })).toBeVisible();
  });
});
