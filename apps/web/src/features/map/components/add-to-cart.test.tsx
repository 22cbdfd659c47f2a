import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { errorResponse, jsonResponse } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { MAP_API } from '../testing/map-stubs';

// Leaflet needs a laid-out page: the map is a stub (covered by the browser journeys).
vi.mock('../leaflet/colony-map-controller', () => import('../testing/map-stubs'));

const api = MAP_API;
const loggedIn = { 'GET /api/auth/status/': { username: 'chris', authenticated: true } };

async function openMap(path = '/map', handlers = {}) {
  const view = renderApp(path, { ...api, ...handlers });
  await screen.findByText('3 of 3 colonies', {}, { timeout: 3000 }).catch(() => undefined);
  return view;
}

const sidebar = () => screen.getByRole('complementary', { name: /Filters/ });

describe('Add to Cart', () => {
  async function openCart(handlers = {}, path = '/map') {
    const user = userEvent.setup();
    await openMap(path, handlers);
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add to Cart' });
    return { user, dialog };
  }
  const posts = (fetchMock: ReturnType<typeof vi.fn>) =>
    fetchMock.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === 'POST');

  it('proposes a name from the filters, editable, with its helper text', async () => {
    const { dialog } = await openCart(
      loggedIn,
      '/map?species=Porites%20cylindrica&years=2022&absThermalTolerance=37,38',
    );
    const name = within(dialog).getByLabelText<HTMLInputElement>('Group Name');
    expect(name.value).toBe('Porites cylindrica | Years: 2022 | TT: 37-38°C');
    expect(
      within(dialog).getByText(
        'The name is auto-generated based on your filters. You can edit it if needed.',
      ),
    ).toBeTruthy();
  });

  it("names an unfiltered group 'All Colonies'", async () => {
    const { dialog } = await openCart(loggedIn);
    expect(within(dialog).getByLabelText<HTMLInputElement>('Group Name').value).toBe(
      'All Colonies',
    );
  });

  it("tells anonymous visitors 'Login to add data to cart' up front, with a login link back here", async () => {
    const user = userEvent.setup();
    const path = '/map?species=Porites%20cylindrica&years=2022';
    const { router } = await openMap(path);
    const notice = await screen.findByText('Login to add data to cart');
    expect(notice.closest('.alert')?.className).toContain('alert-warning');
    const add = screen.getByRole<HTMLButtonElement>('button', { name: 'Add to cart' });
    expect(add.disabled).toBe(true);
    expect(add.getAttribute('aria-describedby')).toBe(notice.id);
    await user.click(within(sidebar()).getByRole('link', { name: 'Log in' }));
    // The login route loads lazily.
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.state).toEqual({ from: path });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(posts(vi.mocked(fetch))).toHaveLength(0);
  });

  it('cannot add a filter that matches no colonies, and says why', async () => {
    renderApp('/map?years=1900', { ...api, ...loggedIn });
    await screen.findByText('0 of 3 colonies', {}, { timeout: 3000 });
    const add = screen.getByRole<HTMLButtonElement>('button', { name: 'Add to cart' });
    expect(add.disabled).toBe(true);
    const reason = screen.getByText('No colonies match the filters');
    expect(add.getAttribute('aria-describedby')).toBe(reason.id);
    expect(screen.queryByText('Login to add data to cart')).toBeNull();
  });

  it('refuses a blank name with the error alert, without a call', async () => {
    const { user, dialog } = await openCart(loggedIn);
    const name = within(dialog).getByLabelText('Group Name');
    await user.clear(name);
    await user.type(name, '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Add to Cart' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe('An error occurred while adding to cart');
    expect(alert.className).toContain('alert-danger');
    expect(posts(vi.mocked(fetch))).toHaveLength(0);
  });

  it("adds the filtered colonies with the filters and name, shows 'Item added to cart!' for 1 s", async () => {
    let body: unknown;
    const { user, dialog } = await openCart(
      {
        ...loggedIn,
        'POST /api/auth/cart/': async (request: Request) => {
          body = await request.json();
          return jsonResponse({ message: 'Group added to cart', group_id: 7 }, 201);
        },
      },
      '/map?years=2222',
    );
    const name = within(dialog).getByLabelText('Group Name');
    await user.clear(name);
    await user.type(name, '  Late samples  ');
    await user.click(within(dialog).getByRole('button', { name: 'Add to Cart' }));
    const alert = await screen.findByText('Item added to cart!');
    expect(alert.className).toContain('alert-success');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(body).toEqual({
      colony_ids: [400, 12],
      filter_params: { years: [2222] },
      name: 'Late samples',
    });
    await waitFor(() => expect(screen.queryByText('Item added to cart!')).toBeNull(), {
      timeout: 2000,
    });
  });

  it('keeps the modal open with the error alert when the server refuses', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user, dialog } = await openCart({
      ...loggedIn,
      'POST /api/auth/cart/': errorResponse(400, 'Choose at least one colony', 'VALIDATION_FAILED'),
    });
    await user.click(within(dialog).getByRole('button', { name: 'Add to Cart' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe('An error occurred while adding to cart');
    expect(screen.getByRole('dialog', { name: 'Add to Cart' })).toBeTruthy();
  });
});
