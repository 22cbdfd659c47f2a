import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetCsrfToken } from '@/lib/csrf';
import { jsonResponse } from '@/testing/mock-api';
import { captureDownloads } from '@/testing/capture-downloads';
import { renderApp } from '@/testing/render-app';
import { all, cartServer, checkbox, fiji } from '../testing/cart-data';

beforeEach(() => forgetCsrfToken());

/** The export's citations and licences, next to the export buttons (decision 0054). */
describe('Research Cart: citations and licences of the export', () => {
  const text = () =>
    new Response('Citations and licences of coral_cart_export.csv\n', {
      headers: {
        'Content-Type': 'text/plain; charset=utf-8',
        'Content-Disposition': 'attachment; filename="coral_cart_export_citations.txt"',
      },
    });

  it('downloads the citations of the selected groups as coral_cart_export_citations.txt', async () => {
    const user = userEvent.setup();
    const saved = captureDownloads();
    const bodies: unknown[] = [];
    const server = cartServer([fiji, all], {
      'POST /api/auth/cart/export/citations/': async (request) => {
        bodies.push(await request.json());
        return text();
      },
    });
    renderApp('/cart', server.handlers);
    await screen.findByText('2 of 2 groups selected');
    await user.click(checkbox('Select group All Colonies'));
    const button = screen.getByRole('button', { name: /Citations & licences/ });
    await user.click(button);
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(bodies).toEqual([{ group_ids: [1], export_all: false }]);
    expect(saved[0]).toEqual({ name: 'coral_cart_export_citations.txt', href: 'blob:test/1' });
    await waitFor(() =>
      expect(screen.getByRole('status', { name: '' }).textContent).toContain(
        'Downloaded coral_cart_export_citations.txt.',
      ),
    );
    // Nothing selected: nothing to cite.
    await user.click(checkbox('Select group Fiji Porites'));
    expect(screen.getByText('0 of 2 groups selected')).toBeTruthy();
    expect(button.hasAttribute('disabled')).toBe(true);
  });

  it("shows the server's message when the citations cannot be had", async () => {
    const user = userEvent.setup();
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    captureDownloads();
    renderApp(
      '/cart',
      cartServer([fiji], {
        'POST /api/auth/cart/export/citations/': () =>
          jsonResponse({ error: 'Cart group 2 not found', code: 'NOT_FOUND' }, 404),
      }).handlers,
    );
    await user.click(await screen.findByRole('button', { name: /Citations & licences/ }));
    const alert = await screen.findByText('Error downloading citations: Cart group 2 not found');
    expect(error).toHaveBeenCalledWith('Error downloading citations', expect.anything());
    expect(
      within(alert.closest('.alert')!).getByRole('button', { name: 'Close alert' }),
    ).toBeTruthy();
  });
});
