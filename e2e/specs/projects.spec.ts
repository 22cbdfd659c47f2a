import type { TProjectListItem } from '@coral/core';
import { readProjects } from '../support/api';
import { expect, test } from '../support/fixtures';
import { editResponse, failRequests, holdRequests } from '../support/hold';

const PROJECTS = '**/api/public/projects/';

test.describe('[PROJECTS] list', () => {
  test('shows all 11 seeded projects as cards', async ({ page, request, checkA11y }) => {
    const projects = await readProjects(request);
    expect(projects).toHaveLength(11);
    await page.goto('/projects');
    await expect(page).toHaveTitle('Projects · Coral Thermal Tolerance');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Coral Research Projects' }),
    ).toBeVisible();
    const cards = page.locator('.project-card');
    await expect(cards).toHaveCount(11);

    for (const [index, project] of projects.entries()) {
      const card = cards.nth(index);
      await expect(card.getByRole('heading', { name: project.name })).toBeVisible();
      const count = project.publications.length;
      await expect(card.locator('.badge')).toHaveText(
        `${count} publication${count === 1 ? '' : 's'}`,
      );
      await expect(card.getByText(`Owner: ${project.owner?.username ?? 'Unknown'}`)).toBeVisible();
      await expect(card.getByRole('link', { name: /View Project Details/ })).toHaveAttribute(
        'href',
        `/project/${project.id}`,
      );
    }
    // Real dates in long US format.
    await expect(cards.first().getByText('Created: December 20, 2025')).toBeVisible();
    await expect(page.getByText('Created: January 12, 2026')).toHaveCount(10);

    // The real data: one real DOI. The seed's placeholder record ("No publications available" /
    // "No doi available") is not a publication (decision 0012), so it is shown nowhere.
    const doiLinks = page.getByRole('link', { name: /View DOI/ });
    await expect(doiLinks).toHaveCount(1);
    await expect(doiLinks).toHaveAttribute('href', 'https://doi.org/10.21203/rs.3.rs-8231598/v1');
    await expect(page.getByText('No publications available')).toHaveCount(0);
    // No seeded project has more than 2 publications or lacks an owner.
    await expect(page.getByText(/more publications/)).toHaveCount(0);
    await expect(page.getByText('Owner: Unknown')).toHaveCount(0);
    await checkA11y();
  });

  test('same-named projects differ by site, colonies and assay dates (decision 0017)', async ({
    page,
  }) => {
    await page.goto('/projects');
    const caribbean = page.locator('.project-card', { hasText: 'GlobalSearch_Carib' });
    await expect(caribbean).toHaveCount(4);
    const curacao = page.locator('.project-card', { hasText: 'Curacao' });
    await expect(curacao).toHaveCount(1);
    await expect(curacao.getByRole('heading', { name: 'GlobalSearch_Carib' })).toBeVisible();
    await expect(curacao.getByText('CUW')).toBeVisible();
    await expect(curacao.getByText('May 22, 2222 – May 25, 2222')).toBeVisible();
    await expect(page.locator('.project-card', { hasText: 'USVI_Flat' })).toContainText('48');
    const texts = await page.locator('.project-card .project-facts').allTextContents();
    expect(texts).toHaveLength(11);
    expect(new Set(texts).size).toBe(11);
  });

  test("shows at most 2 publications, '+N more publications' and 'Owner: Unknown'", async ({
    page,
  }) => {
    // The seed has neither case: the real answer is changed on its way to the page.
    await editResponse<TProjectListItem[]>(page, PROJECTS, (projects) =>
      projects.map((project) =>
        project.id === 82
          ? {
              ...project,
              owner: null,
              publications: [
                ...project.publications,
                { id: 9001, title: 'A placeholder DOI', year: 2024, doi: 'NA' },
                { id: 9002, title: 'Third paper', year: 2023, doi: '10.1111/gcb.15148' },
                { id: 9003, title: 'Fourth paper', year: 2022, doi: '' },
              ],
            }
          : project,
      ),
    );
    await page.goto('/projects');
    const card = page.locator('.project-card', { hasText: 'GlobalSearch_ArabSeas' });
    await expect(card.getByText('4 publications')).toBeVisible();
    await expect(card.getByText('Owner: Unknown')).toBeVisible();
    await expect(card.getByText('A placeholder DOI')).toBeVisible();
    await expect(card.getByText('Third paper')).toHaveCount(0);
    await expect(card.getByText('+2 more publications')).toBeVisible();
    await expect(card.getByRole('link', { name: /View DOI/ })).toHaveCount(1);
  });

  test("shows 'Loading projects...' while loading", async ({ page }) => {
    const held = await holdRequests(page, PROJECTS);
    await page.goto('/projects');
    await expect(page.getByText('Loading projects...')).toBeVisible();
    held.release();
    await expect(page.locator('.project-card')).toHaveCount(11);
    await expect(page.getByText('Loading projects...')).toHaveCount(0);
  });

  test("shows 'No Projects Available' when there are none", async ({ page, checkA11y }) => {
    await page.route(PROJECTS, (route) => route.fulfill({ json: [] }));
    await page.goto('/projects');
    await expect(page.getByRole('heading', { name: 'No Projects Available' })).toBeVisible();
    await checkA11y();
  });

  test("keeps the list empty ('No Projects Available') when the call fails", async ({ page }) => {
    await failRequests(page, PROJECTS, 500);
    await page.goto('/projects');
    await expect(page.getByRole('heading', { name: 'No Projects Available' })).toBeVisible();
  });

  test('opens a project from its card', async ({ page }) => {
    await page.goto('/projects');
    await page
      .locator('.project-card', { hasText: 'GlobalSearch_ArabSeas' })
      .getByRole('link', { name: /View Project Details/ })
      .click();
    await expect(page).toHaveURL(/\/project\/82$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'GlobalSearch_ArabSeas' }),
    ).toBeVisible();
  });
});
