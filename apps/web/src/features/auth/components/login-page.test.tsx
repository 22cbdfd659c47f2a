import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TAuthStatus } from '@coral/core';
import { forgetCsrfToken } from '@/lib/csrf';
import { errorResponse, jsonResponse, type ApiHandlers } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';

const signIn = () =>
  screen.getByRole<HTMLButtonElement>('button', { name: /Sign In|Signing in.../ });

/** A server whose status turns authenticated once the login call succeeded. */
function loginServer(loginAnswer: ApiHandlers['POST /api/auth/login/']): ApiHandlers {
  let status: TAuthStatus = { username: '', authenticated: false };
  return {
    'GET /api/public/projects/': [],
    'GET /api/auth/status/': () => status,
    'POST /api/auth/login/': async (request, url) => {
      const answer: unknown =
        typeof loginAnswer === 'function' ? await loginAnswer(request, url) : await loginAnswer;
      if (!(answer instanceof Response) || answer.ok) {
        status = { username: 'ana', authenticated: true };
      }
      return answer as Response;
    },
  };
}

async function fillIn(
  user: ReturnType<typeof userEvent.setup>,
  username: string,
  password: string,
) {
  if (username) await user.type(await screen.findByLabelText('Username'), username);
  if (password) await user.type(screen.getByLabelText('Password'), password);
}

describe('Login', () => {
  it('requires both fields: Sign In stays disabled until both are filled', async () => {
    forgetCsrfToken();
    const user = userEvent.setup();
    renderApp('/login');
    await fillIn(user, 'ana', '');
    expect(signIn().disabled).toBe(true);
    expect(screen.getByLabelText('Username').hasAttribute('required')).toBe(true);
    expect(screen.getByLabelText('Password').hasAttribute('required')).toBe(true);
    await user.type(screen.getByLabelText('Password'), 'secret');
    expect(signIn().disabled).toBe(false);
    await user.clear(screen.getByLabelText('Username'));
    expect(signIn().disabled).toBe(true);
  });

  it("shows 'Signing in...', then 'Login successful! Redirecting...', then returns to the requested page after 1 s", async () => {
    forgetCsrfToken();
    const user = userEvent.setup();
    let finish: (response: Response) => void = () => undefined;
    const { router } = renderApp(
      '/login',
      loginServer(new Promise<Response>((resolve) => (finish = resolve))),
      { from: '/projects' },
    );
    await fillIn(user, 'ana', 'secret');
    await user.click(signIn());
    await waitFor(() => expect(signIn().textContent).toBe('Signing in...'));
    expect(signIn().disabled).toBe(true);

    const before = Date.now();
    finish(jsonResponse({ success: true, message: 'Logged in' }));
    expect(await screen.findByText('Login successful! Redirecting...')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/projects'), {
      timeout: 3000,
    });
    expect(Date.now() - before).toBeGreaterThanOrEqual(950);
    expect(await screen.findByRole('button', { name: /ana/ })).toBeTruthy();
  });

  it.each([
    [
      'the server text',
      errorResponse(401, 'Invalid username or password', 'INVALID_CREDENTIALS'),
      'Invalid username or password',
    ],
    ['401 without a text', new Response('', { status: 401 }), 'Invalid username or password'],
    ['another failure', new Response('', { status: 500 }), 'Login failed. Please try again.'],
    [
      'success false',
      jsonResponse({ success: false, error: 'Account disabled' }),
      'Account disabled',
    ],
  ])(
    'shows %s as a dismissible error that clears when a field is edited',
    async (_, answer, text) => {
      forgetCsrfToken();
      const user = userEvent.setup();
      renderApp('/login', { 'POST /api/auth/login/': () => answer.clone() });
      await fillIn(user, 'ana', 'wrong');
      await user.click(signIn());
      expect(await screen.findByText(text)).toBeTruthy();
      await user.type(screen.getByLabelText('Password'), 'x');
      expect(screen.queryByText(text)).toBeNull();

      await user.click(signIn());
      expect(await screen.findByText(text)).toBeTruthy();
      await user.click(screen.getByRole('button', { name: 'Close alert' }));
      expect(screen.queryByText(text)).toBeNull();
    },
  );

  it('sends an authenticated visitor away at once', async () => {
    const { router } = renderApp(
      '/login',
      { 'GET /api/auth/status/': { username: 'ana', authenticated: true } },
      { from: '/project/61' },
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/project/61'));
  });

  it('links to the account request form', async () => {
    renderApp('/login');
    const link = await screen.findByRole('link', { name: /Request access/ });
    expect(link.getAttribute('href')).toBe('https://forms.example.org/account');
  });
});
