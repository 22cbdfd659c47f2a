import type { TProjectDetail } from '@coral/core';
import { readProject, readProjects } from '../support/api';
import { expect, test } from '../support/fixtures';
import { editResponse, failRequests, holdRequests } from '../support/hold';

test.describe('[PROJECT] detail', () => {
  test('every one of the 11 projects opens with its sections and counts', async ({
    page,
    request,
    checkA11y,
  }) => {
    test.setTimeout(180_000);
    const projects = await readProjects(request);
    expect(projects).toHaveLength(11);
    for (const summary of projects) {
      const project = await readProject(request, summary.id);
      const response = await page.goto(`/project/${summary.id}`);
      expect(response?.status(), 'a deep link to a project is a page').toBe(200);
      await expect(page.getByRole('heading', { level: 1, name: project.name })).toBeVisible();
      await expect(page).toHaveTitle(`${project.name} · Coral Thermal Tolerance`);
      await expect(page.getByText(`Owner: ${project.owner?.username ?? 'Unknown'}`)).toBeVisible();
      await expect(page.getByText(/^Created: [A-Z][a-z]+ \d{1,2}, \d{4}$/)).toBeVisible();

      const sections = {
        Publications: project.publications.length,
        Experiments: project.experiments.length,
        Colonies: project.colonies.length,
        Observations: project.observations.length,
      };
      for (const [title, count] of Object.entries(sections)) {
        const section = page.getByRole('region', { name: title, exact: true });
        if (count === 0) {
          await expect(section).toHaveCount(0);
          continue;
        }
        await expect(section.locator('.card-header .badge')).toHaveText(String(count));
        if (title !== 'Publications') {
          // 50 rows a page (decision 0017)
          await expect(section.locator('tbody tr')).toHaveCount(Math.min(count, 50));
        }
      }
      await expect(page.getByText('No Data Available')).toHaveCount(0);
      await checkA11y();
    }
  });

  test('shows publications with year badges and View DOI; the placeholder record is not one', async ({
    page,
  }) => {
    await page.goto('/project/82');
    const publications = page.getByRole('region', { name: 'Publications', exact: true });
    await expect(publications.getByText('2025', { exact: true })).toBeVisible();
    await expect(publications.getByRole('link', { name: /View DOI/ })).toHaveAttribute(
      'href',
      'https://doi.org/10.21203/rs.3.rs-8231598/v1',
    );

    // The seed's placeholder record ("No publications available" / "No doi available") is not a
    // publication (decision 0012): a project with only that one has no Publications section.
    await page.goto('/project/80');
    await expect(
      page.getByRole('heading', { level: 1, name: 'GlobalSearch_AmSamoa' }),
    ).toBeVisible();
    await expect(page.getByRole('region', { name: 'Publications', exact: true })).toHaveCount(0);
    await expect(page.getByRole('link', { name: /View DOI/ })).toHaveCount(0);
  });

  test('shows colony thresholds and observation values as the spec says', async ({ page }) => {
    await page.goto('/project/61');
    const colonies = page.getByRole('region', { name: 'Colonies', exact: true });
    const firstColony = colonies.getByRole('row').filter({
      has: page.getByRole('cell', { name: 'Vatu-o-lalai_Porites_cylindrica_1', exact: true }),
    });
    await expect(firstColony.getByText('-18.2058, 177.6890')).toBeVisible();
    await expect(
      firstColony.getByText('Winter (Timepoint: 420): 37.57, Summer (Timepoint: 420): 37.75'),
    ).toBeVisible();
    // Failed curve fits are shown, and marked (decision 0002): 6 in this project.
    await expect(colonies.locator('.badge', { hasText: 'flagged' })).toHaveCount(6);
    const flaggedColony = colonies.getByRole('row').filter({
      has: page.getByRole('cell', { name: 'Vatu-o-lalai_Porites_cylindrica_6', exact: true }),
    });
    await expect(flaggedColony).toContainText('(Timepoint: 420): 58.59');
    const badge = flaggedColony.locator('.badge', { hasText: 'flagged' }).first();
    await expect(badge).toHaveAttribute(
      'title',
      'implausible value (failed curve fit) (what does this mean?)',
    );
    // The badge explains itself: a link to its flag on the quality-flags page.
    await expect(badge).toHaveAttribute('href', '/quality-flags#implausible_absolute');
    const observations = page.getByRole('region', { name: 'Observations', exact: true });
    await expect(observations.locator('thead th')).toHaveText([
      /^BioSample Name/,
      /^Collection Date/,
      /^Experiment/,
      /^Condition/,
      /^Temperature \(°C\)/,
      /^Timepoint \(min\)/,
      /^PAM Value/,
      /^Related Projects/,
    ]);
    await expect(observations.getByText('28°C').first()).toBeVisible();
  });

  test('pages, searches and sorts the long tables; names link to colony and species pages (decision 0020)', async ({
    page,
    request,
    checkA11y,
  }) => {
    const project = await readProject(request, 61);
    await page.goto('/project/61');
    const observations = page.getByRole('region', { name: 'Observations', exact: true });
    const rows = observations.locator('tbody tr');
    await expect(rows).toHaveCount(50);
    await expect(
      observations.getByText(`Rows 1–50 of ${project.observations.length}`),
    ).toBeVisible();
    await observations.getByRole('button', { name: 'Next' }).click();
    await expect(
      observations.getByText(`Rows 51–100 of ${project.observations.length}`),
    ).toBeVisible();

    const temperature = observations.getByRole('columnheader', { name: /^Temperature/ });
    await temperature.getByRole('button').click();
    await expect(temperature).toHaveAttribute('aria-sort', 'ascending');
    const lowest = Math.min(
      ...project.observations.flatMap((o) => (o.temperature === null ? [] : [o.temperature])),
    );
    await expect(rows.first().getByRole('cell').nth(4)).toHaveText(`${lowest}°C`);

    await observations.getByRole('searchbox', { name: 'Search observations' }).fill('Votua');
    const votua = project.observations.filter((o) => o.experiment.name === 'Votua').length;
    await expect(rows).toHaveCount(Math.min(votua, 50));
    await expect(rows.first()).toContainText('Votua');

    const colonies = page.getByRole('region', { name: 'Colonies', exact: true });
    const colony = project.colonies[0]!;
    await colonies.getByRole('searchbox', { name: 'Search colonies' }).fill(colony.name);
    await expect(colonies.getByRole('link', { name: colony.name, exact: true })).toHaveAttribute(
      'href',
      `/colony/${colony.id}`,
    );
    await expect(colonies.getByRole('link', { name: colony.species }).first()).toHaveAttribute(
      'href',
      `/species/${encodeURIComponent(colony.species)}`,
    );
    // names do not break mid-word: the table scrolls instead
    const nameCell = colonies.getByRole('cell', { name: colony.name, exact: true });
    const whiteSpace = await nameCell.evaluate((cell) => getComputedStyle(cell).whiteSpace);
    expect(whiteSpace).toBe('nowrap');
    await checkA11y();
  });

  test('marks the seed’s collection dates in the year 2222 as impossible', async ({ page }) => {
    await page.goto('/project/85');
    const observations = page.getByRole('region', { name: 'Observations', exact: true });
    const badge = observations.locator('.badge', { hasText: 'impossible date' }).first();
    await expect(badge).toBeVisible();
    await expect(badge.locator('xpath=..')).toContainText(/, 2222/);
  });

  test("shows 'Loading project details...' while loading", async ({ page }) => {
    const held = await holdRequests(page, '**/api/public/projects/61/');
    await page.goto('/project/61');
    await expect(page.getByText('Loading project details...')).toBeVisible();
    held.release();
    await expect(
      page.getByRole('heading', { level: 1, name: '2022_FJI_Viti_Levu_ElisaJahreis' }),
    ).toBeVisible();
    await expect(page.getByText('Loading project details...')).toHaveCount(0);
  });

  test("shows 'Project Not Found' for unknown and malformed ids", async ({ page, checkA11y }) => {
    for (const id of ['999999', 'not-a-number']) {
      await page.goto(`/project/${id}`);
      await expect(page.getByRole('heading', { name: 'Project Not Found' })).toBeVisible();
      await expect(page).toHaveTitle('Project Not Found · Coral Thermal Tolerance');
    }
    await checkA11y();
    await page.getByRole('link', { name: 'Back to Projects' }).click();
    await expect(page).toHaveURL(/\/projects$/);
  });

  test("shows 'Error Loading Project' with 'HTTP error! status: 500'", async ({
    page,
    checkA11y,
  }) => {
    await failRequests(page, '**/api/public/projects/61/', 500);
    await page.goto('/project/61');
    await expect(page.getByRole('heading', { name: 'Error Loading Project' })).toBeVisible();
    await expect(page.getByText('HTTP error! status: 500')).toBeVisible();
    await checkA11y();
    await page.getByRole('link', { name: 'Back' }).click();
    await expect(page).toHaveURL(/\/projects$/);
  });

  test("shows 'No Data Available' for a project without experiments, colonies or observations", async ({
    page,
  }) => {
    await editResponse<TProjectDetail>(page, '**/api/public/projects/82/', (project) => ({
      ...project,
      experiments: [],
      colonies: [],
      observations: [],
    }));
    await page.goto('/project/82');
    await expect(page.getByRole('heading', { name: 'No Data Available' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Publications', exact: true })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Colonies', exact: true })).toHaveCount(0);
  });

  test('goes back to the list with Back to Projects', async ({ page }) => {
    await page.goto('/project/91');
    await page.getByRole('link', { name: 'Back to Projects' }).click();
    await expect(page).toHaveURL(/\/projects$/);
    await expect(page.locator('.project-card')).toHaveCount(11);
  });
});
