import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetCsrfToken } from '@/lib/csrf';
import { errorResponse, jsonResponse } from '@/testing/mock-api';
import { captureDownloads } from '@/testing/capture-downloads';
import { renderApp } from '@/testing/render-app';
import { all, buildCartGroup, cartServer, checkbox, fiji, groupNames } from '../testing/cart-data';

beforeEach(() => forgetCsrfToken());

describe('Research Cart: expanded group', () => {
  it("shows the colonies' details with 2-decimal °C values, 4-decimal coordinates and flags", async () => {
    const user = userEvent.setup();
    renderApp('/cart', cartServer([fiji]).handlers);
    const expand = await screen.findByRole('button', { name: 'Fiji Porites' });
    expect(expand.getAttribute('aria-expanded')).toBe('false');
    await user.click(expand);
    expect(expand.getAttribute('aria-expanded')).toBe('true');
    const region = screen.getByRole('region', { name: 'Colonies in Fiji Porites' });
    const headers = within(region)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual([
      'Colony',
      'Species',
      'Location',
      'Biosamples',
      'Thermal Tolerance (ED50)',
      'Breakpoint Temp (ED5)',
      'Thermal Limit (ED95)',
    ]);
    const row = within(region).getByText('Vatu-o-lalai_Porites_cylindrica_1').closest('tr')!;
    const cells = within(row);
    expect(
      cells.getByRole('link', { name: 'Vatu-o-lalai_Porites_cylindrica_1' }).getAttribute('href'),
    ).toBe('/colony/658');
    expect(cells.getByText('ID: 658')).toBeTruthy();
    // The species links to its page (decision 0020).
    expect(cells.getByRole('link', { name: 'Porites cylindrica' }).getAttribute('href')).toBe(
      '/species/Porites%20cylindrica',
    );
    expect(cells.getByText('FJI')).toBeTruthy();
    expect(cells.getByText('-18.2058, 177.6890')).toBeTruthy();
    expect(
      cells.getByText(
        (_, element) =>
          element?.classList.contains('badge') === true && element.textContent === '3 biosamples',
      ),
    ).toBeTruthy();
    expect(cells.getByText('20220920_FJ_Vatu-o-lalai_Porites_cylindrica_1_28_420')).toBeTruthy();
    expect(cells.getByText('+2 more')).toBeTruthy();
    expect(cells.getByText('Abs: 37.57°C · Rel: 9.12°C · MMM: 28.45°C')).toBeTruthy();
    expect(cells.getByText('Abs: 37.75°C · Rel: 9.30°C · MMM: 28.45°C')).toBeTruthy();
    expect(cells.getByText('Abs: 1.23°C · Rel: N/A · MMM: N/A')).toBeTruthy();
    expect(cells.getAllByText('Timepoint: 420')).toHaveLength(3);
    expect(cells.getByText(/flagged/).textContent).toBe(
      'flagged: implausible value (failed curve fit)',
    );
    expect(cells.getByText(/flagged/).getAttribute('href')).toBe(
      '/quality-flags#implausible_absolute',
    );
    expect(cells.getByText('No data')).toBeTruthy();

    await user.click(expand);
    expect(screen.queryByRole('region', { name: 'Colonies in Fiji Porites' })).toBeNull();
  });

  it("says 'No colonies in this group' for an empty group", async () => {
    const user = userEvent.setup();
    renderApp('/cart', cartServer([buildCartGroup({ name: 'Empty', colonies: [] })]).handlers);
    await user.click(await screen.findByRole('button', { name: 'Empty' }));
    expect(screen.getByText('No colonies in this group')).toBeTruthy();
  });

  it('draws a large group 50 colonies at a time', async () => {
    const user = userEvent.setup();
    renderApp('/cart', cartServer([all]).handlers);
    await user.click(await screen.findByRole('button', { name: 'All Colonies' }));
    const region = screen.getByRole('region', { name: 'Colonies in All Colonies' });
    expect(within(region).getAllByRole('row')).toHaveLength(51);
    expect(screen.getByText('Colonies 1–50 of 120')).toBeTruthy();
    const pages = screen.getByRole('navigation', { name: 'Pages of colonies in All Colonies' });
    await user.click(within(pages).getByRole('button', { name: 'Last' }));
    expect(screen.getByText('Colonies 101–120 of 120')).toBeTruthy();
    expect(within(region).getAllByRole('row')).toHaveLength(21);
    expect(within(pages).getByRole('button', { name: 'Next' }).getAttribute('aria-disabled')).toBe(
      'true',
    );
    await user.click(within(pages).getByRole('button', { name: 'Previous' }));
    expect(screen.getByText('Colonies 51–100 of 120')).toBeTruthy();
    expect(within(region).getByText('Colony_1050')).toBeTruthy();
  });
});

describe('Research Cart: rename and delete', () => {
  it('renames with a trimmed, non-empty name and updates the row without reloading', async () => {
    const user = userEvent.setup();
    const server = cartServer([fiji, all]);
    renderApp('/cart', server.handlers);
    await user.click(await screen.findByRole('button', { name: 'Rename Fiji Porites' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename Group' });
    const field = within(dialog).getByLabelText<HTMLInputElement>('New Name');
    expect(field.value).toBe('Fiji Porites');
    const save = within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Save' });
    await user.clear(field);
    await user.type(field, '   ');
    expect(save.disabled).toBe(true);
    expect(within(dialog).getByText('The group name must not be empty.')).toBeTruthy();
    await user.type(field, '  Fiji winter  {Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: 'Fiji winter' })).toBeTruthy();
    expect(server.calls).toEqual(['GET', 'PUT 1 "Fiji winter"']);
  });

  it('Cancel leaves the name alone', async () => {
    const user = userEvent.setup();
    const server = cartServer([fiji]);
    renderApp('/cart', server.handlers);
    await user.click(await screen.findByRole('button', { name: 'Rename Fiji Porites' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename Group' });
    await user.type(within(dialog).getByLabelText('New Name'), ' changed');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: 'Fiji Porites' })).toBeTruthy();
    expect(server.calls).toEqual(['GET']);
  });

  it('deletes after confirmation and reloads the cart', async () => {
    const user = userEvent.setup();
    const server = cartServer([fiji, all]);
    renderApp('/cart', server.handlers);
    await user.click(await screen.findByRole('button', { name: 'Delete Fiji Porites' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Group' });
    expect(within(dialog).getByText('Are you sure you want to delete this group?')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(server.calls).toEqual(['GET', 'DELETE 1', 'GET']));
    expect(groupNames()).toEqual(['All Colonies']);
    expect(screen.getByText('1 of 1 groups selected')).toBeTruthy();
  });

  it('keeps the group when the confirmation is cancelled', async () => {
    const user = userEvent.setup();
    const server = cartServer([fiji]);
    renderApp('/cart', server.handlers);
    await user.click(await screen.findByRole('button', { name: 'Delete Fiji Porites' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Group' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.calls).toEqual(['GET']);
    expect(groupNames()).toEqual(['Fiji Porites']);
  });

  it('shows failed renames and deletes in the dialog, dismissible, and logs them', async () => {
    const user = userEvent.setup();
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const server = cartServer([fiji], {
      'PUT /api/auth/cart/group/{groupId}/': errorResponse(500, 'Internal Server Error'),
      'DELETE /api/auth/cart/': () => new Response('Bad gateway', { status: 502 }),
    });
    renderApp('/cart', server.handlers);

    await user.click(await screen.findByRole('button', { name: 'Rename Fiji Porites' }));
    let dialog = await screen.findByRole('dialog', { name: 'Rename Group' });
    await user.type(within(dialog).getByLabelText('New Name'), '!');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('Error renaming group: Internal Server Error'),
    ).toBeTruthy();
    expect(error).toHaveBeenCalledWith('Error renaming group', expect.anything());
    await user.click(within(dialog).getByRole('button', { name: 'Close alert' }));
    expect(within(dialog).queryByText(/Error renaming group/)).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Delete Fiji Porites' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete Group' });
    expect(within(dialog).queryByText(/Error/)).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(
      await within(dialog).findByText('Error deleting group: HTTP error! status: 502'),
    ).toBeTruthy();
    expect(error).toHaveBeenCalledWith('Error deleting group', expect.anything());
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(groupNames()).toEqual(['Fiji Porites']);
  });
});

describe('Research Cart: export', () => {
  const csv = () =>
    new Response('\ufeffgroup_name\r\n', {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': 'attachment; filename="coral_cart_export.csv"',
      },
    });

  it('exports the selected groups, or all, as coral_cart_export.csv', async () => {
    const user = userEvent.setup();
    const saved = captureDownloads();
    const bodies: unknown[] = [];
    const server = cartServer([fiji, all], {
      'POST /api/auth/cart/export/': async (request) => {
        bodies.push(await request.json());
        return csv();
      },
    });
    renderApp('/cart', server.handlers);
    await screen.findByText('2 of 2 groups selected');
    await user.click(checkbox('Select group All Colonies'));
    await user.click(screen.getByRole('button', { name: /Export Selected/ }));
    await waitFor(() => expect(saved).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: /Export All/ }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(bodies).toEqual([
      { group_ids: [1], export_all: false },
      { group_ids: [], export_all: true },
    ]);
    expect(saved[0]).toEqual({ name: 'coral_cart_export.csv', href: 'blob:test/1' });
  });

  it('counts and exports only the selected groups the search shows (decision 0009)', async () => {
    const user = userEvent.setup();
    captureDownloads();
    const bodies: unknown[] = [];
    const reef = buildCartGroup({
      id: 3,
      name: 'Reef Flat',
      created_at: '2026-11-19T10:00:00.000Z',
    });
    renderApp(
      '/cart',
      cartServer([fiji, all, reef], {
        'POST /api/auth/cart/export/': async (request) => {
          bodies.push(await request.json());
          return csv();
        },
      }).handlers,
    );
    await screen.findByText('3 of 3 groups selected');
    const search = screen.getByRole('searchbox', { name: 'Search groups' });
    await user.type(search, 'fiji porites');
    expect(groupNames()).toEqual(['Fiji Porites']);
    expect(screen.getByText('1 of 1 groups selected')).toBeTruthy();
    expect(screen.getByText('2 more groups hidden by the search')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /Export Selected/ }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({ group_ids: [1], export_all: false });

    // Nothing shown, nothing to export; the hidden groups stay selected for when they show again.
    await user.clear(search);
    await user.type(search, 'no such reef');
    expect(screen.getByText('0 of 0 groups selected')).toBeTruthy();
    expect(
      screen.getByRole<HTMLButtonElement>('button', { name: /Export Selected/ }).disabled,
    ).toBe(true);
    await user.clear(search);
    expect(screen.getByText('3 of 3 groups selected')).toBeTruthy();
  });

  it('disables both buttons while an export runs', async () => {
    const user = userEvent.setup();
    captureDownloads();
    let finish: (response: Response) => void = () => undefined;
    const exports: number[] = [];
    renderApp(
      '/cart',
      cartServer([fiji], {
        'POST /api/auth/cart/export/': () => {
          exports.push(Date.now());
          return new Promise<Response>((resolve) => (finish = resolve));
        },
      }).handlers,
    );
    const exportAll = await screen.findByRole('button', { name: /Export All/ });
    const exportSelected = screen.getByRole('button', { name: /Export Selected/ });
    await user.click(exportSelected);
    await waitFor(() => expect(exportAll.getAttribute('aria-disabled')).toBe('true'));
    expect(exportSelected.getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByText('Preparing the export...')).toBeTruthy();
    await user.click(exportAll);
    expect(exports).toHaveLength(1);
    finish(csv());
    await waitFor(() => expect(exportAll.getAttribute('aria-disabled')).toBeNull());
    expect(exportSelected.getAttribute('aria-disabled')).toBeNull();
  });

  it('shows a failed export as a dismissible message and stays usable', async () => {
    const user = userEvent.setup();
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    captureDownloads();
    let fail = true;
    renderApp(
      '/cart',
      cartServer([fiji], {
        'POST /api/auth/cart/export/': () =>
          fail ? jsonResponse({ error: 'Export failed', code: 'INTERNAL_ERROR' }, 500) : csv(),
      }).handlers,
    );
    await user.click(await screen.findByRole('button', { name: /Export All/ }));
    const alert = await screen.findByText('Error exporting cart: Export failed');
    expect(error).toHaveBeenCalledWith('Error exporting cart', expect.anything());
    await user.click(within(alert.closest('.alert')!).getByRole('button', { name: 'Close alert' }));
    expect(screen.queryByText(/Error exporting cart/)).toBeNull();
    fail = false;
    await user.click(screen.getByRole('button', { name: /Export All/ }));
    await waitFor(() =>
      expect(screen.getByRole('status', { name: '' }).textContent).toContain(
        'Exported coral_cart_export.csv.',
      ),
    );
  });
});
