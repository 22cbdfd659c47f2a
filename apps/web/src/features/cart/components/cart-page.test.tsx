import type { TCartGroup } from '@coral/core';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetCsrfToken } from '@/lib/csrf';
import { errorResponse } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import {
  LOGGED_IN,
  all,
  buildCartGroup,
  buildColonyEntry,
  cartServer,
  checkbox,
  fiji,
  groupNames,
} from '../testing/cart-data';

beforeEach(() => forgetCsrfToken());

describe('Research Cart: page states', () => {
  it('asks logged-out visitors to log in', async () => {
    renderApp('/cart');
    expect(await screen.findByText('Please log in to view your cart')).toBeTruthy();
    expect(screen.getByText('You need to be logged in to access your research cart.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Research Cart' })).toBeTruthy();
    expect(screen.getByText('Organize and export your coral research data')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log In' }).getAttribute('href')).toBe('/login');
  });

  it("shows 'Loading cart...' until the cart has arrived", async () => {
    let answer: (groups: TCartGroup[]) => void = () => undefined;
    renderApp('/cart', {
      ...LOGGED_IN,
      'GET /api/auth/cart/': new Promise<TCartGroup[]>((resolve) => (answer = resolve)),
    });
    expect(await screen.findByText('Loading cart...')).toBeTruthy();
    answer([]);
    expect(await screen.findByText('Your cart is empty')).toBeTruthy();
    expect(screen.queryByText('Loading cart...')).toBeNull();
  });

  it('explains an empty cart and links to the map', async () => {
    renderApp('/cart', { ...LOGGED_IN, 'GET /api/auth/cart/': [] });
    expect(await screen.findByText('Your cart is empty')).toBeTruthy();
    expect(screen.getByText(/Use the map page to filter colonies/).textContent).toContain(
      'Each filter selection creates a new group.',
    );
    expect(screen.getByRole('link', { name: 'Go to Map' }).getAttribute('href')).toBe('/map');
    expect(screen.queryByRole('button', { name: /Export/ })).toBeNull();
  });

  it('shows a failed load with a way to try again', async () => {
    let fail = true;
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderApp('/cart', {
      ...LOGGED_IN,
      'GET /api/auth/cart/': () => (fail ? errorResponse(500, 'Database down') : []),
    });
    expect(await screen.findByText('Error fetching cart: Database down')).toBeTruthy();
    expect(error).toHaveBeenCalledWith('Error fetching cart', expect.anything());
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('Your cart is empty')).toBeTruthy();
  });

  it('shows the login prompt when the session has ended (401)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let authenticated = true;
    renderApp('/cart', {
      'GET /api/auth/status/': () =>
        authenticated ? { username: 'ana', authenticated } : { username: '', authenticated },
      'GET /api/auth/cart/': () => {
        authenticated = false;
        return errorResponse(401, 'You need to be logged in to do this.', 'UNAUTHENTICATED');
      },
    });
    expect(await screen.findByText('Please log in to view your cart')).toBeTruthy();
  });
});

describe('Research Cart: groups', () => {
  it('selects every group on load, newest first, with counts and local dates', async () => {
    renderApp('/cart', cartServer([fiji, all]).handlers);
    expect(await screen.findByText('2 of 2 groups selected')).toBeTruthy();
    expect(groupNames()).toEqual(['All Colonies', 'Fiji Porites']);
    expect(checkbox('Select all').checked).toBe(true);
    expect(checkbox('Select group Fiji Porites').checked).toBe(true);
    const row = screen.getByText('All Colonies').closest('tr')!;
    expect(within(row).getByText('120')).toBeTruthy();
    // In the Created column, and under the name on phones (one of them hidden by CSS).
    const dates = within(row).getAllByText('November 21, 2026');
    expect(dates.map((date) => date.getAttribute('datetime'))).toEqual([
      '2026-11-21T10:00:00.000Z',
      '2026-11-21T10:00:00.000Z',
    ]);
    expect(
      screen.getByRole<HTMLButtonElement>('button', { name: /Export Selected/ }).disabled,
    ).toBe(false);
  });

  it('sorts by the chosen key, ascending first, and reverses on the same key', async () => {
    const user = userEvent.setup();
    const small = buildCartGroup({
      id: 3,
      name: 'beta reef',
      created_at: '2026-11-19T10:00:00.000Z',
      colonies: [buildColonyEntry({ id: 5 }), buildColonyEntry({ id: 6 })],
    });
    renderApp('/cart', cartServer([fiji, all, small]).handlers);
    await screen.findByText('3 of 3 groups selected');
    expect(groupNames()).toEqual(['All Colonies', 'Fiji Porites', 'beta reef']);

    const chooseSort = async (label: string) => {
      await user.click(screen.getByRole('button', { name: /^Sort:/ }));
      await user.click(await screen.findByRole('button', { name: new RegExp(`^${label}`) }));
    };
    await chooseSort('Name');
    expect(groupNames()).toEqual(['All Colonies', 'beta reef', 'Fiji Porites']);
    expect(screen.getByRole('button', { name: /^Sort:/ }).textContent).toContain('ascending');
    await chooseSort('Name');
    expect(groupNames()).toEqual(['Fiji Porites', 'beta reef', 'All Colonies']);
    await chooseSort('Colony Count');
    expect(groupNames()).toEqual(['Fiji Porites', 'beta reef', 'All Colonies']);
    await chooseSort('Colony Count');
    expect(groupNames()).toEqual(['All Colonies', 'beta reef', 'Fiji Porites']);
    await chooseSort('Date Created');
    expect(groupNames()).toEqual(['beta reef', 'Fiji Porites', 'All Colonies']);
  });

  it("searches name, species and country; 'No groups found' when nothing matches", async () => {
    const user = userEvent.setup();
    renderApp('/cart', cartServer([fiji, all]).handlers);
    const search = await screen.findByRole('searchbox', { name: 'Search groups' });
    await user.type(search, 'LOBATA');
    expect(groupNames()).toEqual(['All Colonies']);
    await user.clear(search);
    await user.type(search, 'fiji');
    expect(groupNames()).toEqual(['Fiji Porites']);
    await user.clear(search);
    await user.type(search, 'usa');
    expect(groupNames()).toEqual(['All Colonies']);
    await user.clear(search);
    await user.type(search, 'Orbicella');
    expect(screen.getByText('No groups found')).toBeTruthy();
    expect(screen.getByText('Try adjusting your search terms or filters.')).toBeTruthy();
    // The counter counts what the search shows (decision 0009).
    expect(screen.getByText('0 of 0 groups selected')).toBeTruthy();
    expect(screen.getByText('2 more groups hidden by the search')).toBeTruthy();
  });

  it('select-all toggles the visible groups; Export Selected needs a selection', async () => {
    const user = userEvent.setup();
    renderApp('/cart', cartServer([fiji, all]).handlers);
    await screen.findByText('2 of 2 groups selected');
    const exportSelected = () =>
      screen.getByRole<HTMLButtonElement>('button', { name: /Export Selected/ });

    await user.click(checkbox('Select all'));
    expect(screen.getByText('0 of 2 groups selected')).toBeTruthy();
    expect(exportSelected().disabled).toBe(true);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: /Export All/ }).disabled).toBe(
      false,
    );

    await user.click(checkbox('Select group Fiji Porites'));
    expect(screen.getByText('1 of 2 groups selected')).toBeTruthy();
    expect(checkbox('Select all').indeterminate).toBe(true);
    expect(exportSelected().disabled).toBe(false);

    // With a search, select-all and the counter act on the visible groups only; the hidden
    // Fiji Porites stays selected and counts again once the search is cleared.
    const search = screen.getByRole('searchbox', { name: 'Search groups' });
    await user.type(search, 'all colonies');
    expect(checkbox('Select all').checked).toBe(false);
    expect(screen.getByText('0 of 1 groups selected')).toBeTruthy();
    expect(screen.getByText('1 more group hidden by the search')).toBeTruthy();
    expect(exportSelected().disabled).toBe(true);
    await user.click(checkbox('Select all'));
    expect(screen.getByText('1 of 1 groups selected')).toBeTruthy();
    await user.click(checkbox('Select all'));
    expect(screen.getByText('0 of 1 groups selected')).toBeTruthy();
    await user.clear(search);
    expect(screen.getByText('1 of 2 groups selected')).toBeTruthy();
    expect(screen.queryByText(/hidden by the search/)).toBeNull();
  });
});
