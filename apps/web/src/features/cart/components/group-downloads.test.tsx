import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetCsrfToken } from '@/lib/csrf';
import { errorResponse } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { buildCartGroup, cartServer, fiji } from '../testing/cart-data';

beforeEach(() => forgetCsrfToken());

/** What an expanded group shows under its row. */
const expandedRow = (groupId: number) =>
  within(document.getElementById(`cart-group-${groupId}-colonies`)!);

const hidingFlagged = buildCartGroup({
  id: 5,
  name: 'Reef A',
  filter_params: { species: 'Porites cylindrica', hideFlagged: true },
});

describe('Research Cart: group downloads', () => {
  it("link the group's files, and ask for hidden flags when the group was made that way", async () => {
    const { handlers } = cartServer([fiji, hidingFlagged]);
    renderApp('/cart', handlers);
    await userEvent.click(await screen.findByRole('button', { name: 'Fiji Porites' }));
    await userEvent.click(
      screen.getByRole('button', { name: 'Download the colonies of group Fiji Porites' }),
    );
    expect(expandedRow(1).getByRole('link', { name: /^CSV/ }).getAttribute('href')).toBe(
      '/api/auth/cart/group/1/downloads/colonies.csv',
    );
    await userEvent.keyboard('{Escape}');

    await userEvent.click(screen.getByRole('button', { name: 'Reef A' }));
    await userEvent.click(
      screen.getByRole('button', { name: 'Download the colonies of group Reef A' }),
    );
    const dwca = expandedRow(5).getByRole('link', { name: /^Darwin Core Archive/ });
    expect(dwca.getAttribute('href')).toBe(
      '/api/auth/cart/group/5/downloads/dwca.zip?hideFlagged=true',
    );
  });

  it('freeze a group as a citable snapshot and open it', async () => {
    const { handlers } = cartServer([hidingFlagged], {
      'POST /api/auth/snapshots/': { id: 'snap-9', url: '/snapshots/snap-9' },
      'GET /api/public/snapshots/{snapshotId}/': errorResponse(404, 'Not found', 'NOT_FOUND'),
    });
    const { fetchMock, router } = renderApp('/cart', handlers);
    await userEvent.click(await screen.findByRole('button', { name: 'Reef A' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create citable snapshot' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/snapshots/snap-9'));
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(post?.[0]).toBe('/api/auth/snapshots/');
    expect(JSON.parse(post?.[1]?.body as string)).toEqual({
      source: 'cart-group',
      group_id: 5,
      hide_flagged: true,
    });
  });

  it("show the server's reason when the group cannot be frozen", async () => {
    const { handlers } = cartServer([fiji], {
      'POST /api/auth/snapshots/': errorResponse(404, 'Cart group 1 not found', 'NOT_FOUND'),
    });
    renderApp('/cart', handlers);
    await userEvent.click(await screen.findByRole('button', { name: 'Fiji Porites' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create citable snapshot' }));
    const table = screen.getByRole('table', { name: 'Cart groups' });
    expect(await within(table).findByText('Cart group 1 not found')).toBeTruthy();
  });
});
