import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ORCID_SIGN_IN_ERRORS, type TAuthStatus } from '@coral/core';
import { buildConfig, buildStatistics } from '@/testing/data';
import { errorResponse, jsonResponse } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';

const ORCID = '0000-0002-1825-0097';
const orcidOn = { 'GET /api/public/config/': buildConfig({ orcidSignIn: true }) } as const;
const home = { 'GET /api/public/statistics/': buildStatistics() } as const;
const ana = (orcid: string | null): TAuthStatus => ({
  username: 'ana',
  authenticated: true,
  role: 'contributor',
  orcid,
});

describe('Sign in with ORCID on the login page', () => {
  it('offers the button (a navigation to the start route) only when the server has ORCID on', async () => {
    renderApp('/login', orcidOn);
    const button = await screen.findByRole('link', { name: 'Sign in with ORCID' });
    expect(button.getAttribute('href')).toBe('/api/auth/orcid/start/?purpose=sign-in');
  });

  it('has no ORCID button when ORCID sign-in is not configured', async () => {
    renderApp('/login');
    await screen.findByLabelText('Username');
    expect(screen.queryByRole('link', { name: 'Sign in with ORCID' })).toBeNull();
  });

  it("shows why the server sent the browser back (the code's text)", async () => {
    renderApp('/login?orcid_error=ORCID_NOT_APPROVED', orcidOn);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(ORCID_SIGN_IN_ERRORS.ORCID_NOT_APPROVED);
    expect(alert.textContent).toContain('An administrator must approve the iD first');
  });

  it('keeps a logged-in researcher on the page while a refused link is explained', async () => {
    const { router } = renderApp('/login?orcid_error=ORCID_LINKED_ELSEWHERE', {
      ...orcidOn,
      'GET /api/auth/status/': ana(null),
    });
    expect((await screen.findByRole('alert')).textContent).toBe(
      ORCID_SIGN_IN_ERRORS.ORCID_LINKED_ELSEWHERE,
    );
    await screen.findByRole('button', { name: /ana/ });
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.queryByRole('link', { name: 'Sign in with ORCID' })).toBeNull();
  });
});

describe('ORCID iD in the account menu', () => {
  it('offers "Link ORCID iD" to a researcher without one', async () => {
    const user = userEvent.setup();
    renderApp('/', { ...home, ...orcidOn, 'GET /api/auth/status/': ana(null) });
    await user.click(await screen.findByRole('button', { name: /ana/ }));
    const link = await screen.findByRole('link', { name: 'Link ORCID iD' });
    expect(link.getAttribute('href')).toBe('/api/auth/orcid/start/?purpose=link');
  });

  it('offers nothing about ORCID when it is off and no iD is linked', async () => {
    const user = userEvent.setup();
    renderApp('/', { ...home, 'GET /api/auth/status/': ana(null) });
    await user.click(await screen.findByRole('button', { name: /ana/ }));
    await screen.findByRole('button', { name: 'Logout' });
    expect(screen.queryByText(/ORCID/)).toBeNull();
  });

  it('shows the linked iD (a link to the ORCID record) and unlinks it', async () => {
    const user = userEvent.setup();
    let status = ana(ORCID);
    const { fetchMock } = renderApp('/', {
      ...home,
      ...orcidOn,
      'GET /api/auth/status/': () => status,
      'POST /api/auth/orcid/unlink/': () => {
        status = ana(null);
        return jsonResponse({ success: true, message: `ORCID iD ${ORCID} unlinked` });
      },
    });
    await user.click(await screen.findByRole('button', { name: /ana/ }));
    const record = await screen.findByRole('link', { name: `ORCID iD ${ORCID}` });
    expect(record.getAttribute('href')).toBe(`https://orcid.org/${ORCID}`);
    expect(screen.queryByRole('link', { name: 'Link ORCID iD' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Unlink ORCID iD' }));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(([input, init]) => {
          const url = input instanceof Request ? input.url : input.toString();
          return url.endsWith('/api/auth/orcid/unlink/') && init?.method === 'POST';
        }),
      ).toBe(true),
    );
    await user.click(await screen.findByRole('button', { name: /ana/ }));
    expect(await screen.findByRole('link', { name: 'Link ORCID iD' })).toBeTruthy();
  });

  it('says why the server refused to unlink (an account without a password)', async () => {
    const user = userEvent.setup();
    renderApp('/', {
      ...home,
      ...orcidOn,
      'GET /api/auth/status/': ana(ORCID),
      'POST /api/auth/orcid/unlink/': errorResponse(
        409,
        'Your account has no password, so unlinking its ORCID iD would leave no way to log in.',
        'CONFLICT',
      ),
    });
    await user.click(await screen.findByRole('button', { name: /ana/ }));
    await user.click(await screen.findByRole('button', { name: 'Unlink ORCID iD' }));
    expect(await screen.findByText(/Your account has no password/)).toBeTruthy();
  });
});
