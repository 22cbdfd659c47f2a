import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProvider } from '@/app/provider';
import { createAppRoutes } from '@/app/router';
import { createQueryClient } from '@/lib/query-client';
import { mockApi, type ApiHandlers } from './mock-api';

/**
 * Renders the whole app (router, layout, providers) at a path, against a mocked API. Returns
 * Testing Library's queries plus the router (for its location) and the fetch mock.
 */
export function renderApp(path: string, handlers: ApiHandlers = {}, state?: unknown) {
  const fetchMock = mockApi(handlers);
  const queryClient = createQueryClient();
  const router = createMemoryRouter(createAppRoutes(queryClient), {
    initialEntries: [
      {
        pathname: path.split('?')[0] ?? '/',
        search: path.includes('?') ? `?${path.split('?')[1]}` : '',
        state,
      },
    ],
  });
  const view = render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, router, fetchMock, queryClient };
}
