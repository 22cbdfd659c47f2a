import { expect, test } from '../support/fixtures';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test.describe('[PHONE] small screens', () => {
  test('the navbar collapses behind a toggle and still works', async ({ page, checkA11y }) => {
    await page.goto('/');
    const navbar = page.getByRole('navigation');
    const toggle = navbar.getByRole('button', { name: 'Toggle navigation' });
    await expect(toggle).toBeVisible();
    await expect(navbar.getByRole('link', { name: 'Projects' })).toBeHidden();
    await expect(page.getByRole('region', { name: 'Statistics' }).getByText('682')).toBeVisible();
    await checkA11y();

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(navbar.getByRole('link', { name: 'Projects' })).toBeVisible();
    await expect(navbar.getByRole('link', { name: 'Login' })).toBeVisible();
    await checkA11y();
    await navbar.getByRole('link', { name: 'Projects' }).click();
    await expect(page).toHaveURL(/\/projects$/);
    await expect(navbar.getByRole('link', { name: 'Projects' })).toBeHidden();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  test('the projects list is one column and the page does not scroll sideways', async ({
    page,
    checkA11y,
  }) => {
    await page.goto('/projects');
    const cards = page.locator('.project-card');
    await expect(cards).toHaveCount(11);
    const [first, second] = [await cards.nth(0).boundingBox(), await cards.nth(1).boundingBox()];
    expect(second!.y).toBeGreaterThan(first!.y + first!.height - 1);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await checkA11y();
  });

  test('a project detail page keeps wide tables inside scrollable regions', async ({
    page,
    checkA11y,
  }) => {
    await page.goto('/project/82');
    await expect(
      page.getByRole('heading', { level: 1, name: 'GlobalSearch_ArabSeas' }),
    ).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await expect(page.getByRole('region', { name: 'Colonies table' })).toHaveAttribute(
      'tabindex',
      '0',
    );
    await checkA11y();
  });

  test('every project page fits 390 px and keeps the navbar toggle on screen (decision 0017)', async ({
    page,
    request,
  }) => {
    const projects = (await (await request.get('/api/public/projects/')).json()) as {
      id: number;
    }[];
    expect(projects.length).toBeGreaterThan(0);
    for (const { id } of projects) {
      await page.goto(`/project/${id}`);
      await expect(page.getByRole('link', { name: 'Back to Projects' })).toBeVisible();
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, `/project/${id} is ${width} px wide`).toBeLessThanOrEqual(390);
      await expect(page.getByRole('button', { name: 'Toggle navigation' })).toBeInViewport();
    }
  });
});
