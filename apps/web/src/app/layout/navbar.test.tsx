import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { buildConfig, buildStatistics } from '@/testing/data';
import { errorResponse } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';

const statistics = { 'GET /api/public/statistics/': buildStatistics() } as const;
const signedIn = { 'GET /api/auth/status/': { username: 'ana', authenticated: true } } as const;

/** The whole navbar: the shell drawn during start-up has no configured links yet. */
async function loadedNavbar() {
  await screen.findByRole('link', { name: /Get Help/ });
  return screen.getByRole('navigation');
}

describe('Navbar', () => {
  it('shows Home, Map, Projects, Datasets, the external links and Login for a visitor', async () => {
    renderApp('/', statistics);
    const nav = await loadedNavbar();
    for (const [name, href] of [
      ['Home', '/'],
      ['Map', '/map'],
      ['Projects', '/projects'],
      ['Datasets', '/datasets'],
      ['Compare', '/compare'],
      ['Login', '/login'],
    ]) {
      expect(within(nav).getByRole('link', { name }).getAttribute('href')).toBe(href);
    }
    const ed50 = within(nav).getByRole('link', { name: /ED50 Calculator/ });
    expect(ed50.getAttribute('href')).toBe('http://localhost:3838/');
    expect(ed50.getAttribute('target')).toBe('_blank');
    expect(
      within(nav)
        .getByRole('link', { name: /About Us/ })
        .getAttribute('href'),
    ).toBe('https://about.example.org');
    expect(
      within(nav)
        .getByRole('link', { name: /Get Help/ })
        .getAttribute('href'),
    ).toBe('https://help.example.org');
    expect(within(nav).queryByRole('link', { name: 'Upload to Database' })).toBeNull();
  });

  it('puts Datasets right after Projects', async () => {
    renderApp('/', statistics);
    const nav = await loadedNavbar();
    const names = within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(names.indexOf('Datasets')).toBe(names.indexOf('Projects') + 1);
  });

  it('uses the configured ED50 Calculator address', async () => {
    const config = buildConfig();
    config.links.ed50Calculator = 'https://ed50.example.org/';
    renderApp('/', { ...statistics, 'GET /api/public/config/': config });
    const link = await screen.findByRole('link', { name: /ED50 Calculator/ });
    expect(link.getAttribute('href')).toBe('https://ed50.example.org/');
  });

  it('shows Upload to Database and the username menu with Cart and Logout when logged in', async () => {
    const user = userEvent.setup();
    renderApp('/', { ...statistics, ...signedIn });
    expect(
      (await screen.findByRole('link', { name: 'Upload to Database' })).getAttribute('href'),
    ).toBe('/upload');
    expect(screen.queryByRole('link', { name: 'Login' })).toBeNull();
    await user.click(await screen.findByRole('button', { name: /ana/ }));
    expect(screen.getByRole('link', { name: 'Cart' }).getAttribute('href')).toBe('/cart');
    expect(screen.getByRole('button', { name: 'Logout' })).toBeTruthy();
  });

  it('offers My datasets to every user and the Review queue to curators and admins only', async () => {
    for (const [role, reviews] of [
      [undefined, false],
      ['contributor', false],
      ['curator', true],
      ['admin', true],
    ] as const) {
      const user = userEvent.setup();
      const view = renderApp('/', {
        ...statistics,
        'GET /api/auth/status/': { username: 'ana', authenticated: true, role },
      });
      await user.click(await screen.findByRole('button', { name: /ana/ }));
      expect(screen.getByRole('link', { name: 'My uploads' }).getAttribute('href')).toBe(
        '/uploads',
      );
      expect(screen.getByRole('link', { name: 'My datasets' }).getAttribute('href')).toBe(
        '/my/datasets',
      );
      const review = screen.queryByRole('link', { name: 'Review queue' });
      expect(review?.getAttribute('href') ?? null).toBe(reviews ? '/review' : null);
      view.unmount();
    }
  });

  it('logs out and goes to /', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/projects', {
      ...signedIn,
      ...statistics,
      'GET /api/public/projects/': [],
      'POST /api/auth/logout/': { success: true, message: 'Logged out' },
    });
    await user.click(await screen.findByRole('button', { name: /ana/ }));
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('link', { name: 'Login' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Upload to Database' })).toBeNull();
  });

  it('clears the local state and says so when the logout call fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    const { router } = renderApp('/projects', {
      ...signedIn,
      ...statistics,
      'GET /api/public/projects/': [],
      'POST /api/auth/logout/': errorResponse(500),
    });
    await user.click(await screen.findByRole('button', { name: /ana/ }));
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(
      await screen.findByText('Logout failed, but you have been logged out locally.'),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByRole('link', { name: 'Login' })).toBeTruthy();
  });

  it('carries the current page to the login page', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/projects', { 'GET /api/public/projects/': [] });
    await user.click(await screen.findByRole('link', { name: 'Login' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.state).toEqual({ from: '/projects' });
  });
});
