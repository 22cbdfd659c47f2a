import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TCreateSnapshot } from '@coral/core';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProvider } from '@/app/provider';
import { createQueryClient } from '@/lib/query-client';
import { errorResponse, mockApi, type ApiHandlers } from '@/testing/mock-api';
import { CreateSnapshotButton, SNAPSHOT_LOGIN } from './create-snapshot-button';

const loggedIn = { 'GET /api/auth/status/': { username: 'chris', authenticated: true } } as const;

function renderButton(request: TCreateSnapshot, handlers: ApiHandlers = {}) {
  const fetchMock = mockApi(handlers);
  const router = createMemoryRouter(
    [
      { path: '/map', element: <CreateSnapshotButton request={request} /> },
      { path: '/snapshots/:snapshotId', element: <h1>Snapshot page</h1> },
      { path: '/login', element: <h1>Login page</h1> },
    ],
    { initialEntries: ['/map?species=Porites+lutea'] },
  );
  render(
    <AppProvider queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { router, fetchMock };
}

const createButton = () => screen.findByRole('button', { name: 'Create citable snapshot' });

describe('CreateSnapshotButton', () => {
  it('posts the request with the CSRF token and opens the new snapshot', async () => {
    const { router, fetchMock } = renderButton(
      { source: 'map', query: 'species=Porites+lutea' },
      {
        ...loggedIn,
        'POST /api/auth/snapshots/': { id: 'snap-4f2a', url: '/snapshots/snap-4f2a' },
      },
    );
    await userEvent.click(await createButton());
    await screen.findByRole('heading', { name: 'Snapshot page' });
    expect(router.state.location.pathname).toBe('/snapshots/snap-4f2a');
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(post?.[0]).toBe('/api/auth/snapshots/');
    expect(JSON.parse(post?.[1]?.body as string)).toEqual({
      source: 'map',
      query: 'species=Porites+lutea',
    });
    expect((post?.[1]?.headers as Record<string, string>)['X-CSRFToken']).toBe('test-token');
  });

  it("shows the server's reason when nothing can be frozen, and stays", async () => {
    const { router } = renderButton(
      { source: 'cart-group', group_id: 4, hide_flagged: true },
      {
        ...loggedIn,
        'POST /api/auth/snapshots/': errorResponse(
          409,
          'The view holds no published colonies to freeze.',
          'CONFLICT',
        ),
      },
    );
    await userEvent.click(await createButton());
    expect(await screen.findByText('The view holds no published colonies to freeze.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/map');
    await userEvent.click(screen.getByRole('button', { name: 'Close alert' }));
    expect(screen.queryByText('The view holds no published colonies to freeze.')).toBeNull();
  });

  it('tells a visitor to log in, returning to the same address afterwards', async () => {
    const { router, fetchMock } = renderButton({ source: 'map', query: '' });
    const link = await screen.findByRole('link', { name: SNAPSHOT_LOGIN });
    expect(screen.queryByRole('button', { name: 'Create citable snapshot' })).toBeNull();
    await userEvent.click(link);
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toEqual({ from: '/map?species=Porites+lutea' });
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('turns into the login link when the session has ended', async () => {
    let signedIn = true;
    renderButton(
      { source: 'map', query: '' },
      {
        'GET /api/auth/status/': () =>
          signedIn
            ? { username: 'chris', authenticated: true }
            : { username: '', authenticated: false },
        'POST /api/auth/snapshots/': () => {
          signedIn = false;
          return errorResponse(401, 'Authentication required', 'UNAUTHENTICATED');
        },
      },
    );
    await userEvent.click(await createButton());
    expect(await screen.findByRole('link', { name: SNAPSHOT_LOGIN })).toBeTruthy();
  });
});
