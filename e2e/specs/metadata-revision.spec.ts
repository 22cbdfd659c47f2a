import fs from 'node:fs';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { datasheetFile, personAt, uploadAndSubmit } from '../support/people';
import { BOB, CURATOR } from '../support/users';

/*
 * A curator completes a published description as a recorded metadata revision (decision 0064),
 * on the production build: bob uploads the Zugspitze test pair and the curator publishes it →
 * on its page the curator opens "Complete the description", sends a malformed ORCID iD and DOI
 * and sees each message beside its field → sends them right: the citation names the revision
 * and the history records it, at desktop and phone size (0 serious axe violations) → a visitor
 * sees no form → bob withdraws it, so the journeys after this one see the seed's counts. ORCID's
 * own test record (Josiah Carberry) stands for the creator.
 */

const study = `E2E revision ${Date.now()}-${Math.random().toString(16).slice(2, 6)}`;

test.describe('[REVISION] a curator completes a published description', () => {
  test('errors beside their fields, then a recorded revision that the citation names', async ({
    browser,
  }) => {
    test.setTimeout(240_000);

    const owner = await personAt(browser, BOB);
    await uploadAndSubmit(owner, {
      study,
      main: datasheetFile('cbass_dataset_raw.csv', (t) =>
        t.replaceAll('202211_DEU_Zugspitze-Feldberg', study),
      ),
      ed50: datasheetFile('cbass_dataset_ED50_Results.csv'),
      description: 'CBASS assays of an alpine test.',
    });

    // The curator publishes it (its flags need a note).
    const curator = await personAt(browser, CURATOR);
    await curator.goto('/review');
    const item = curator.getByRole('article', { name: study });
    const versionHref = await item
      .getByRole('link', { name: `Open version 1 of ${study}` })
      .getAttribute('href');
    await item.getByLabel('Message to the owner').fill('Test sheet; flags checked.');
    await item.getByRole('button', { name: 'Approve' }).click();
    await expect(curator.getByText('Version 1 was approved and published.')).toBeVisible();

    // On the dataset's page, the curator opens the form.
    await curator.goto(versionHref!);
    const card = curator.getByRole('region', { name: 'Complete the description' });
    await card.getByRole('button', { name: 'Complete the description' }).click();
    const form = card.getByRole('form', { name: 'Complete the description' });
    await expect(form.getByLabel('Creator 1: name')).toHaveValue('Bob Example');

    // Malformed identifiers: each message beside its field, nothing recorded.
    await form.getByLabel('Creator 1: ORCID iD').fill('0000-0002-1825-0096');
    await form.getByRole('button', { name: 'Add a publication' }).click();
    await form.getByLabel('Publication 1: DOI').fill('gcb.15148');
    await form.getByLabel(/^Why the description changes/).fill('Creator iD and publication added');
    await form.getByRole('button', { name: 'Record the revision' }).click();
    await expect(
      form.getByRole('alert').filter({ hasText: '"0000-0002-1825-0096" is not an ORCID iD' }),
    ).toBeVisible();
    await expect(
      form.getByRole('alert').filter({ hasText: '"gcb.15148" is not a DOI' }),
    ).toBeVisible();
    await expect(form.getByLabel('Creator 1: ORCID iD')).toHaveAttribute('aria-invalid', 'true');
    await expectNoSeriousA11yViolations(curator);

    // Right this time: recorded, cited and in the history.
    await form.getByLabel('Creator 1: ORCID iD').fill('https://orcid.org/0000-0002-1825-0097');
    await form.getByLabel('Publication 1: DOI').fill('https://doi.org/10.1111/gcb.15148');
    await form.getByRole('button', { name: 'Record the revision' }).click();
    await expect(
      card.getByText("Revision 1 of version 1's description was recorded", { exact: false }),
    ).toBeVisible();
    await expect(
      curator.getByText(/\(Version 1, description revision 1 of \d{4}-\d{2}-\d{2}\)/),
    ).toBeVisible();
    const history = curator.getByRole('region', { name: 'History' });
    await expect(history.getByText('Description completed by a curator')).toBeVisible();
    await expect(history.getByText('Description revision 1', { exact: true })).toBeVisible();
    await expect(history.getByText('Creator iD and publication added')).toBeVisible();

    // Each description keeps its citation files, reached and downloaded by keyboard.
    const fileOf = async (what: string, format: 'BibTeX' | 'CFF') => {
      const files = history.getByRole('navigation', { name: `Citation downloads of ${what}` });
      const link = files.getByRole('link', { name: `${format} of ${what}` });
      await link.focus();
      await curator.keyboard.press('Shift+Tab');
      await curator.keyboard.press('Tab');
      await expect(link).toBeFocused();
      const [download] = await Promise.all([
        curator.waitForEvent('download'),
        curator.keyboard.press('Enter'),
      ]);
      return fs.readFileSync(await download.path(), 'utf8');
    };
    const revised = 'version 1, description revision 1';
    const published = 'version 1 as published';
    expect(await fileOf(revised, 'BibTeX')).toMatch(/description revision 1 of \d{4}-\d{2}-\d{2}/);
    expect(await fileOf(published, 'BibTeX')).not.toContain('description revision');
    // The ORCID iD the revision added is in its CFF only.
    expect(await fileOf(revised, 'CFF')).toContain(
      'orcid: "https://orcid.org/0000-0002-1825-0097"',
    );
    expect(await fileOf(published, 'CFF')).not.toContain('0000-0002-1825-0097');
    await expectNoSeriousA11yViolations(curator);
    await curator
      .getByRole('region', { name: 'History', exact: true })
      .screenshot({ path: test.info().outputPath('revision-history-desktop.png') });

    // At phone size the form still reads, without serious violations or sideways scrolling.
    await curator.setViewportSize({ width: 390, height: 844 });
    await card.getByRole('button', { name: 'Complete the description' }).click();
    await expect(form.getByLabel('Creator 1: ORCID iD')).toHaveValue('0000-0002-1825-0097');
    await expectNoSeriousA11yViolations(curator);
    const width = await curator.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await curator.screenshot({
      path: test.info().outputPath('revision-phone.png'),
      fullPage: true,
    });

    // A visitor reads the revised citation, and no form.
    const visitor = await personAt(browser, null);
    await visitor.goto(versionHref!);
    await expect(visitor.getByText(/description revision 1 of/)).toBeVisible();
    await expect(visitor.getByRole('region', { name: 'Complete the description' })).toHaveCount(0);

    // bob withdraws it: the journeys after this one see the seed's counts.
    const ownCard = owner.getByRole('article', { name: study });
    await owner.goto('/my/datasets');
    await ownCard.getByRole('button', { name: 'Withdraw' }).click();
    const dialog = owner.getByRole('dialog', { name: 'Withdraw dataset' });
    await dialog.getByLabel('Reason for withdrawing').fill('A test of metadata revisions.');
    await dialog.getByRole('button', { name: 'Withdraw' }).click();
    await expect(owner.getByText('The dataset was withdrawn', { exact: false })).toBeVisible();
  });
});
