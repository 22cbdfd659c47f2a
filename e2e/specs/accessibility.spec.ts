import { expect, test } from '../support/fixtures';

test.describe('[A11Y] keyboard use', () => {
  test('the first Tab shows a skip link that moves focus to the main content', async ({ page }) => {
    await page.goto('/projects');
    await expect(page.locator('.project-card')).toHaveCount(11);
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.locator('main#main-content')).toBeFocused();
    // The next Tab goes into the page, past the navbar.
    await page.keyboard.press('Tab');
    const focused = page.locator(':focus');
    await expect(focused).toHaveText(/View Project Details/);
  });

  test('focus is always visible on the navbar, buttons and links', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('region', { name: 'Statistics' }).getByText('682')).toBeVisible();
    for (let step = 0; step < 10; step++) {
      await page.keyboard.press('Tab');
      const outline = await page.evaluate(() => {
        const element = document.activeElement as HTMLElement;
        const style = getComputedStyle(element);
        return { tag: element.tagName, outline: style.outlineStyle, width: style.outlineWidth };
      });
      expect(outline.outline, `focused ${outline.tag} has a visible outline`).not.toBe('none');
      expect(parseFloat(outline.width)).toBeGreaterThanOrEqual(2);
    }
  });

  test('the navbar works with the keyboard alone', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('navigation').getByRole('link', { name: 'Projects' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/projects$/);
    // After navigating, focus moves to the new page's content.
    await expect(page.locator('main#main-content')).toBeFocused();
  });

  test('every page has its own document title', async ({ page }) => {
    for (const [path, title] of [
      ['/', 'Home · Coral Thermal Tolerance'],
      ['/projects', 'Projects · Coral Thermal Tolerance'],
      ['/project/82', 'GlobalSearch_ArabSeas · Coral Thermal Tolerance'],
      ['/login', 'Login · Coral Thermal Tolerance'],
      ['/map', 'Map · Coral Thermal Tolerance'],
      ['/nowhere', 'Page Not Found · Coral Thermal Tolerance'],
    ] as const) {
      await page.goto(path);
      await expect(page).toHaveTitle(title);
    }
  });
});
