import fs from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import type { TCartColonyEntry, TCartGroup, TColony } from '@coral/core';
import Papa from 'papaparse';
import { expect, test } from '../support/fixtures';
import { holdRequests } from '../support/hold';
import { logInThroughUi } from '../support/login';
import { RESEARCHER } from '../support/users';

/*
 * The Research Cart page (decision 0009) against the real server and seed. The researcher's cart is
 * shared by every journey of the run, so each test empties it first through the API.
 */

// ------------------------------------------------------------------ the API, as the browser

async function csrfHeader(page: Page): Promise<Record<string, string>> {
  const answer = await page.request.get('/api/auth/csrf/');
  const { csrfToken } = (await answer.json()) as { csrfToken: string };
  return { 'X-CSRFToken': csrfToken };
}

async function readCart(page: Page): Promise<TCartGroup[]> {
  const answer = await page.request.get('/api/auth/cart/');
  expect(answer.ok(), 'GET /api/auth/cart/').toBe(true);
  return (await answer.json()) as TCartGroup[];
}

async function emptyCart(page: Page): Promise<void> {
  const headers = await csrfHeader(page);
  for (const group of await readCart(page)) {
    const answer = await page.request.delete('/api/auth/cart/', {
      headers,
      data: { group_id: group.id },
    });
    expect(answer.ok(), `delete group ${group.id}`).toBe(true);
  }
}

async function addGroup(page: Page, name: string, colonyIds: number[]): Promise<void> {
  const answer = await page.request.post('/api/auth/cart/', {
    headers: await csrfHeader(page),
    data: { name, colony_ids: colonyIds, filter_params: {} },
  });
  expect(answer.status(), `add group ${name}`).toBe(201);
}

async function colonies(page: Page): Promise<TColony[]> {
  return (await (await page.request.get('/api/public/colonies/')).json()) as TColony[];
}

/** Logs in from the cart page itself; the login page brings the researcher back to /cart. */
async function openCartLoggedIn(page: Page): Promise<void> {
  await page.goto('/cart');
  await expect(page.getByText('Please log in to view your cart')).toBeVisible();
  await logInThroughUi(page, RESEARCHER);
  await expect(page).toHaveURL(/\/cart$/);
  await emptyCart(page);
  await page.reload();
}

/** The two groups of the journeys: Porites cylindrica (20 colonies, Fiji) and the whole seed. */
const PORITES = 'Porites cylindrica';

/** Made through the cart API (setup of the narrower journeys). */
async function addJourneyGroups(page: Page) {
  const all = (await colonies(page)).map(({ id, species }) => ({ id, species }));
  const poritesIds = all.filter((colony) => colony.species === PORITES).map(({ id }) => id);
  await addGroup(page, PORITES, poritesIds);
  await addGroup(
    page,
    'All Colonies',
    all.map(({ id }) => id),
  );
  return { poritesCount: poritesIds.length, allCount: all.length };
}

/** Made on the map, as a researcher does: a species filter, then no filter (decision 0008's UI). */
async function addJourneyGroupsOnTheMap(page: Page) {
  const all = await colonies(page);
  const poritesCount = all.filter((colony) => colony.species === PORITES).length;
  const mapCount = page.locator('.map-count');
  const addToCart = async (expectedName: string) => {
    await page.getByRole('button', { name: 'Add to cart' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add to Cart' });
    await expect(dialog.getByLabel('Group Name')).toHaveValue(expectedName);
    await dialog.getByRole('button', { name: 'Add to Cart', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('alert').filter({ hasText: 'Item added to cart!' })).toBeVisible();
  };

  await page.getByRole('navigation').getByRole('link', { name: 'Map' }).click();
  await expect(mapCount).toHaveText(`${all.length} of ${all.length} colonies`);
  await page.getByLabel('Species').selectOption(PORITES);
  await page.getByRole('button', { name: 'Apply Filters (1)' }).click();
  await expect(mapCount).toHaveText(`${poritesCount} of ${all.length} colonies`);
  await addToCart(PORITES);
  await page.getByRole('button', { name: 'Reset all filters' }).click();
  await expect(mapCount).toHaveText(`${all.length} of ${all.length} colonies`);
  await addToCart('All Colonies');
  return { poritesCount, allCount: all.length };
}

// ------------------------------------------------------------------ the page

const groupTable = (page: Page) => page.getByRole('table', { name: 'Cart groups' });
const groupNames = (page: Page) =>
  groupTable(page).locator('tbody th[scope="row"] button[aria-expanded]');

/** Waits for a dialog's fade-in to finish (axe reads colours half-way through it otherwise). */
async function settled(dialog: Locator): Promise<Locator> {
  await expect(dialog).toBeVisible();
  await dialog.evaluate((element) =>
    Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished)),
  );
  return dialog;
}

async function sortBy(page: Page, label: string) {
  await page.getByRole('button', { name: /^Sort:/ }).click();
  await page.getByRole('button', { name: new RegExp(`^${label}`) }).click();
}

/** Rows of the export: group × colony × condition × timepoint (docs/cart-export.md). */
function expectedExportRows(entries: readonly TCartColonyEntry[]): number {
  let rows = 0;
  for (const entry of entries) {
    const perKey = new Map<string, number>();
    for (const list of [
      entry.thermal_tolerances,
      entry.breakpoint_temperatures,
      entry.thermal_limits,
    ]) {
      const counts = new Map<string, number>();
      for (const value of list) {
        const key = JSON.stringify([value.condition, value.timepoint]);
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
      for (const [key, count] of counts) perKey.set(key, Math.max(perKey.get(key) ?? 0, count));
    }
    rows += perKey.size === 0 ? 1 : [...perKey.values()].reduce((sum, n) => sum + n, 0);
  }
  return rows;
}

/** The export's columns, as docs/cart-export.md names them: the spec's, then the provenance. */
const EXPORT_HEADER = (
  'group_name,project_names,colony_id,colony_name,species,country,latitude,longitude,' +
  'condition,timepoint,sst_clim_mmm,ed50_abs,ed50_rel,ed5_abs,ed5_rel,ed95_abs,ed95_rel,' +
  'quality_flags,publication_dois,dataset_id,dataset_version,licence,citation_key,' +
  'ed50_method,ed5_method,ed95_method'
).split(',');

test.describe('[CART] Research Cart', () => {
  test('add two groups on the map, search, sort, expand, rename, export selected, delete', async ({
    page,
    checkA11y,
  }) => {
    await openCartLoggedIn(page);
    await expect(page.getByText('Your cart is empty')).toBeVisible();
    const { poritesCount, allCount } = await addJourneyGroupsOnTheMap(page);

    // Both groups, newest first, all selected (the cart reloads on every visit).
    await page.getByRole('navigation').getByRole('button', { name: RESEARCHER.username }).click();
    await page.getByRole('navigation').getByRole('link', { name: 'Cart' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Research Cart' })).toBeVisible();
    await expect(page.getByText('Organize and export your coral research data')).toBeVisible();
    await expect(page.getByText('2 of 2 groups selected')).toBeVisible();
    await expect(groupNames(page)).toHaveText(['All Colonies', 'Porites cylindrica']);
    await expect(page.getByRole('checkbox', { name: 'Select all', exact: true })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Select group All Colonies' })).toBeChecked();
    await expect(
      page.getByRole('checkbox', { name: 'Select group Porites cylindrica' }),
    ).toBeChecked();
    const poritesRow = groupTable(page).locator('tbody tr', { hasText: 'Porites cylindrica' });
    await expect(poritesRow.locator('.badge')).toHaveText(String(poritesCount));
    await expect(
      groupTable(page).locator('tbody tr', { hasText: 'All Colonies' }).locator('.badge'),
    ).toHaveText(String(allCount));
    const today = new Date().toLocaleDateString('en-US', {
      month: 'long',
      day: 'numeric',
      year: 'numeric',
      timeZone: 'UTC',
    });
    await expect(poritesRow.locator('td time')).toHaveText(today);
    await checkA11y();

    // Search: name, species, country (names too); nothing found.
    const search = page.getByRole('searchbox', { name: 'Search groups' });
    await search.fill('ALL col');
    await expect(groupNames(page)).toHaveText(['All Colonies']);
    await search.fill('orbicella');
    await expect(groupNames(page)).toHaveText(['All Colonies']);
    await search.fill('fiji');
    await expect(groupNames(page)).toHaveText(['All Colonies', 'Porites cylindrica']);
    await search.fill('no such reef');
    await expect(page.getByText('No groups found')).toBeVisible();
    await expect(page.getByText('Try adjusting your search terms or filters.')).toBeVisible();
    await search.fill('');

    // Sort both ways.
    await sortBy(page, 'Name');
    await expect(groupNames(page)).toHaveText(['All Colonies', 'Porites cylindrica']);
    await sortBy(page, 'Name');
    await expect(groupNames(page)).toHaveText(['Porites cylindrica', 'All Colonies']);
    await sortBy(page, 'Colony Count');
    await expect(groupNames(page)).toHaveText(['Porites cylindrica', 'All Colonies']);
    await sortBy(page, 'Colony Count');
    await expect(groupNames(page)).toHaveText(['All Colonies', 'Porites cylindrica']);
    await sortBy(page, 'Date Created');
    await expect(groupNames(page)).toHaveText(['Porites cylindrica', 'All Colonies']);

    // Expand Porites cylindrica: colony 658 as the seed holds it.
    const expand = page.getByRole('button', { name: 'Porites cylindrica', exact: true });
    await expect(expand).toHaveAttribute('aria-expanded', 'false');
    await expand.click();
    await expect(expand).toHaveAttribute('aria-expanded', 'true');
    const colonyRegion = page.getByRole('region', { name: 'Colonies in Porites cylindrica' });
    const table = colonyRegion.getByRole('table');
    expect((await table.boundingBox())!.width).toBeGreaterThanOrEqual(1600);
    const row = table.locator('tr[data-colony-id="658"]');
    await expect(row.locator('th')).toContainText('Vatu-o-lalai_Porites_cylindrica_1');
    await expect(row.locator('th')).toContainText('ID: 658');
    const cells = row.locator('td');
    await expect(cells.nth(0)).toHaveText('Porites cylindrica');
    await expect(cells.nth(1)).toHaveText('FJI-18.2058, 177.6890');
    await expect(cells.nth(2)).toContainText('8 biosamples');
    await expect(cells.nth(2)).toContainText('+7 more');
    await expect(cells.nth(3)).toContainText('Abs: 37.57°C · Rel: 9.12°C · MMM: 28.45°C');
    await expect(cells.nth(3)).toContainText('Abs: 37.75°C · Rel: 9.30°C · MMM: 28.45°C');
    await expect(cells.nth(3)).toContainText('Timepoint: 420');
    await expect(cells.nth(4)).toContainText('Abs: 35.83°C · Rel: 7.38°C · MMM: 28.45°C');
    await expect(cells.nth(5)).toContainText('Abs: 39.38°C · Rel: 10.93°C · MMM: 28.45°C');
    await checkA11y();

    // Rename: in place, no reload of the cart.
    const cartReloads: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'GET' && request.url().endsWith('/api/auth/cart/')) {
        cartReloads.push(request.url());
      }
    });
    await page.getByRole('button', { name: 'Rename Porites cylindrica' }).click();
    const renameDialog = page.getByRole('dialog', { name: 'Rename Group' });
    const newName = renameDialog.getByLabel('New Name');
    await expect(newName).toBeFocused();
    await expect(newName).toHaveValue('Porites cylindrica');
    await settled(renameDialog);
    await checkA11y();
    await newName.fill('   ');
    await expect(renameDialog.getByRole('button', { name: 'Save' })).toBeDisabled();
    await newName.fill('  Fiji Porites cylindrica  ');
    await renameDialog.getByRole('button', { name: 'Save' }).click();
    await expect(renameDialog).toBeHidden();
    await expect(
      page.getByRole('button', { name: 'Rename Fiji Porites cylindrica' }),
    ).toBeFocused();
    await expect(groupNames(page)).toHaveText(['Fiji Porites cylindrica', 'All Colonies']);
    expect(cartReloads).toEqual([]);
    const renamed = (await readCart(page)).find((group) => group.colony_count === poritesCount)!;
    expect(renamed.name).toBe('Fiji Porites cylindrica');

    // Export the selected group only.
    await page.getByRole('checkbox', { name: 'Select group All Colonies' }).uncheck();
    await expect(page.getByText('1 of 2 groups selected')).toBeVisible();
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export Selected' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('coral_cart_export.csv');
    const text = fs.readFileSync(await download.path(), 'utf8');
    expect(text.startsWith('\ufeff')).toBe(true);
    const csv = Papa.parse<string[]>(text.slice(1), { skipEmptyLines: true });
    expect(csv.errors).toEqual([]);
    const [header, ...rows] = csv.data;
    expect(header).toEqual(EXPORT_HEADER);
    expect(rows).toHaveLength(expectedExportRows(renamed.colonies));
    expect(new Set(rows.map((cells) => cells[0]))).toEqual(new Set(['Fiji Porites cylindrica']));
    expect(new Set(rows.map((cells) => cells[2])).size).toBe(poritesCount);

    // Delete with confirmation: Cancel keeps the group, Delete removes it and reloads.
    await page.getByRole('button', { name: 'Delete All Colonies' }).click();
    const deleteDialog = page.getByRole('dialog', { name: 'Delete Group' });
    await expect(deleteDialog).toContainText('Are you sure you want to delete this group?');
    await settled(deleteDialog);
    await checkA11y();
    await deleteDialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(deleteDialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Delete All Colonies' })).toBeFocused();
    await page.getByRole('button', { name: 'Delete All Colonies' }).click();
    const reloaded = page.waitForResponse(
      (response) =>
        response.request().method() === 'GET' && response.url().endsWith('/api/auth/cart/'),
    );
    await deleteDialog.getByRole('button', { name: 'Delete' }).click();
    await reloaded;
    await expect(deleteDialog).toBeHidden();
    await expect(groupNames(page)).toHaveText(['Fiji Porites cylindrica']);
    await expect(page.getByText('1 of 1 groups selected')).toBeVisible();
    expect((await readCart(page)).map((group) => group.name)).toEqual(['Fiji Porites cylindrica']);

    // The last group gone: the empty cart.
    await page.getByRole('button', { name: 'Delete Fiji Porites cylindrica' }).click();
    await deleteDialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeFocused();
    await expect(page.getByText(/Each filter selection creates a new group\./)).toBeVisible();
    await checkA11y();
    await page.getByRole('link', { name: 'Go to Map' }).click();
    await expect(page).toHaveURL(/\/map$/);
  });

  test('logged out: a login prompt that returns to the cart', async ({ page, checkA11y }) => {
    await page.goto('/cart');
    await expect(page.getByRole('heading', { level: 1, name: 'Research Cart' })).toBeVisible();
    await expect(page.getByText('Please log in to view your cart')).toBeVisible();
    await expect(
      page.getByText('You need to be logged in to access your research cart.'),
    ).toBeVisible();
    await expect(page).toHaveTitle('Research Cart · Coral Thermal Tolerance');
    await checkA11y();
    await page.getByRole('main').getByRole('link', { name: 'Log In' }).click();
    await page.getByLabel('Username').fill(RESEARCHER.username);
    await page.getByLabel('Password').fill(RESEARCHER.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByText('Please log in to view your cart')).toBeHidden();
  });

  test("shows 'Loading cart...' while the cart loads", async ({ page }) => {
    await openCartLoggedIn(page);
    const held = await holdRequests(page, '**/api/auth/cart/');
    await page.reload();
    await expect(page.getByText('Loading cart...')).toBeVisible();
    held.release();
    await expect(page.getByText('Your cart is empty')).toBeVisible();
  });

  test('a failing operation shows a dismissible message and the page stays usable', async ({
    page,
    checkA11y,
  }) => {
    await openCartLoggedIn(page);
    const all = await colonies(page);
    await addGroup(
      page,
      'Fiji',
      all.filter((c) => c.country === 'FJI').map((c) => c.id),
    );
    await page.reload();
    await expect(page.getByText('1 of 1 groups selected')).toBeVisible();
    const failing = (method: string) => (route: Parameters<Parameters<Page['route']>[1]>[0]) =>
      route.request().method() === method
        ? route.fulfill({
            status: 500,
            json: { error: 'Database unavailable', code: 'INTERNAL_ERROR' },
          })
        : route.fallback();

    // Delete fails: the dialog says so; the group stays.
    await page.route('**/api/auth/cart/', failing('DELETE'));
    await page.getByRole('button', { name: 'Delete Fiji' }).click();
    const deleteDialog = page.getByRole('dialog', { name: 'Delete Group' });
    await deleteDialog.getByRole('button', { name: 'Delete' }).click();
    await expect(deleteDialog.getByRole('alert')).toHaveText(
      'Error deleting group: Database unavailable',
    );
    await settled(deleteDialog);
    await checkA11y();
    await deleteDialog.getByRole('button', { name: 'Close alert' }).click();
    await expect(deleteDialog.getByRole('alert')).toBeHidden();
    await deleteDialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(groupNames(page)).toHaveText(['Fiji']);

    // Rename fails: the typed name stays in the dialog.
    await page.route('**/api/auth/cart/group/*/', failing('PUT'));
    await page.getByRole('button', { name: 'Rename Fiji' }).click();
    const renameDialog = page.getByRole('dialog', { name: 'Rename Group' });
    await renameDialog.getByLabel('New Name').fill('Fiji reefs');
    await renameDialog.getByRole('button', { name: 'Save' }).click();
    await expect(renameDialog.getByRole('alert')).toHaveText(
      'Error renaming group: Database unavailable',
    );
    await expect(renameDialog.getByLabel('New Name')).toHaveValue('Fiji reefs');
    await page.keyboard.press('Escape');
    await expect(renameDialog).toBeHidden();
    await expect(groupNames(page)).toHaveText(['Fiji']);

    // Export fails: a dismissible message on the page; the next try downloads.
    await page.route('**/api/auth/cart/export/', failing('POST'));
    await page.getByRole('button', { name: 'Export All' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Error exporting cart' });
    await expect(alert).toHaveText('Error exporting cart: Database unavailable');
    await expect(page.getByRole('button', { name: 'Export All' })).toBeEnabled();
    await checkA11y();
    await alert.getByRole('button', { name: 'Close alert' }).click();
    await expect(alert).toBeHidden();
    await page.unrouteAll();
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export All' }).click();
    expect((await downloading).suggestedFilename()).toBe('coral_cart_export.csv');

    // Loading the cart fails: a message and a way to try again.
    await page.route('**/api/auth/cart/', failing('GET'));
    await page.reload();
    await expect(page.getByText('Error fetching cart: Database unavailable')).toBeVisible();
    await checkA11y();
    await page.unrouteAll();
    await page.getByRole('button', { name: 'Try Again' }).click();
    await expect(groupNames(page)).toHaveText(['Fiji']);
  });

  test('works with the keyboard alone', async ({ page }) => {
    await openCartLoggedIn(page);
    const { poritesCount } = await addJourneyGroups(page);
    await page.reload();
    await expect(page.getByText('2 of 2 groups selected')).toBeVisible();

    // Sort menu: open, move with the arrow keys, choose with Enter.
    await page.getByRole('button', { name: /^Sort:/ }).focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('button', { name: /^Name/ })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(groupNames(page)).toHaveText(['All Colonies', 'Porites cylindrica']);
    await expect(page.getByRole('button', { name: /^Sort:/ })).toBeFocused();

    // Select with Space, expand with Enter.
    await page.getByRole('checkbox', { name: 'Select all', exact: true }).focus();
    await page.keyboard.press('Space');
    await expect(page.getByText('0 of 2 groups selected')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Export Selected' })).toBeDisabled();
    const expand = page.getByRole('button', { name: 'Porites cylindrica', exact: true });
    await expand.focus();
    await page.keyboard.press('Enter');
    await expect(expand).toHaveAttribute('aria-expanded', 'true');
    await expect(
      page.getByRole('region', { name: 'Colonies in Porites cylindrica' }).locator('tbody tr'),
    ).toHaveCount(poritesCount);

    // The rename dialog traps focus, Escape closes it and focus returns to its button.
    const rename = page.getByRole('button', { name: 'Rename Porites cylindrica' });
    await rename.focus();
    await page.keyboard.press('Enter');
    await expect(
      page.getByRole('dialog', { name: 'Rename Group' }).getByLabel('New Name'),
    ).toBeFocused();
    for (let step = 0; step < 5; step++) await page.keyboard.press('Tab');
    const focusInDialog = await page.evaluate(
      () => document.activeElement?.closest('[role="dialog"]') !== null,
    );
    expect(focusInDialog).toBe(true);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(rename).toBeFocused();

    // After a delete, focus moves to the list, not to the top of the page.
    await page.getByRole('button', { name: 'Delete All Colonies' }).focus();
    await page.keyboard.press('Enter');
    await page
      .getByRole('dialog', { name: 'Delete Group' })
      .getByRole('button', { name: 'Delete' })
      .focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Your groups' })).toBeFocused();
  });
});
