import { compute, EXAMPLE, fileInput, fixture } from '../support/ed50-page';
import { expect, test } from '../support/fixtures';

/*
 * The calculator says in plain words what used to pass silently (decision 0062), in Chromium
 * with the engine in its Web Worker: a grouping that merges a genotype's rows, before computing;
 * the pooled curve that stays LL.3 and the NA intervals of LL.4 on a 4-temperature design, after.
 */

test.describe('[ED50] honest notes', () => {
  test('unticking a column that splits genotypes warns before computing (real Viti Levu file)', async ({
    page,
  }) => {
    await page.goto('/ed50');
    await fileInput(page).setInputFiles(fixture('datasheets', '2022_FJI_Viti_Levu_raw.csv'));
    const condition = page.getByRole('checkbox', { name: 'Condition' });
    await expect(condition).toBeChecked();
    await expect(page.getByTestId('ed50-merge-warning')).toHaveCount(0);
    await condition.uncheck();
    await expect(page.getByTestId('ed50-merge-warning')).toContainText(
      'Without Condition in the grouping, rows of one genotype with different Condition values are merged into one colony',
    );
  });

  test('LL.4 per colony on the example: why the pooled curve is LL.3 and the intervals NA', async ({
    page,
  }) => {
    await page.goto('/ed50');
    await fileInput(page).setInputFiles(EXAMPLE);
    await page.getByLabel('Method', { exact: true }).selectOption({ label: 'One fit per colony' });
    await page.getByLabel('Model', { exact: true }).selectOption('LL.4');
    await compute(page);
    const notes = page.getByTestId('ed50-computation-notes');
    await expect(notes).toContainText(
      'the pooled curve, its 95 % band and the pooled EDs are LL.3',
    );
    await expect(notes).toContainText(
      'No delta-method limits where the fit has no residual degree',
    );
  });
});
