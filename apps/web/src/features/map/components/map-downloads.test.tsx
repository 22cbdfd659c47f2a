import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { forgetCsrfToken } from '@/lib/csrf';
import { errorResponse } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { MAP_API } from '../testing/map-stubs';

// Leaflet needs a laid-out page: the map is a stub (covered by the browser journeys).
vi.mock('../leaflet/colony-map-controller', () => import('../testing/map-stubs'));

const api = MAP_API;
const loggedIn = { 'GET /api/auth/status/': { username: 'chris', authenticated: true } };
const FILTERED = '/map?species=Porites%20cylindrica&absThermalTolerance=37,38&years=2022';
/** The applied filter as the map's address writes it (canonical order, readable commas). */
const QUERY = 'species=Porites+cylindrica&years=2022&absThermalTolerance=37,38';

const openDownloads = async () =>
  userEvent.click(
    await screen.findByRole(
      'button',
      { name: 'Download the colonies on the map' },
      { timeout: 3000 },
    ),
  );

describe('Map downloads', () => {
  it("link the map's files with the applied filter as their query", async () => {
    renderApp(FILTERED, api);
    expect(await screen.findByText('1 of 3 colonies', {}, { timeout: 3000 })).toBeTruthy();
    await openDownloads();
    expect(screen.getByRole('link', { name: /^CSV/ }).getAttribute('href')).toBe(
      `/api/public/downloads/map/colonies.csv?${QUERY}`,
    );
    expect(screen.getByRole('link', { name: /^Darwin Core Archive/ }).getAttribute('href')).toBe(
      `/api/public/downloads/map/dwca.zip?${QUERY}`,
    );
    expect(screen.getByRole('link', { name: 'Query (query.json)' }).getAttribute('href')).toBe(
      `/api/public/downloads/map/query.json?${QUERY}`,
    );
  });

  it('link the whole map without a query when nothing is filtered', async () => {
    renderApp('/map', api);
    await openDownloads();
    expect(screen.getByRole('link', { name: /^GeoJSON/ }).getAttribute('href')).toBe(
      '/api/public/downloads/map/colonies.geojson',
    );
  });

  it('freeze the filtered view as a snapshot and open it', async () => {
    forgetCsrfToken();
    const { fetchMock, router } = renderApp(FILTERED, {
      ...api,
      ...loggedIn,
      'POST /api/auth/snapshots/': { id: 'snap-1', url: '/snapshots/snap-1' },
      'GET /api/public/snapshots/{snapshotId}/': errorResponse(404, 'Not found', 'NOT_FOUND'),
    });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Create citable snapshot' }, { timeout: 3000 }),
    );
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/snapshots/snap-1'));
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(post?.[1]?.body as string)).toEqual({ source: 'map', query: QUERY });
  });

  it("show the server's reason when the filter cannot be frozen", async () => {
    forgetCsrfToken();
    renderApp(FILTERED, {
      ...api,
      ...loggedIn,
      'POST /api/auth/snapshots/': errorResponse(
        409,
        'The view holds no published colonies to freeze.',
        'CONFLICT',
      ),
    });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Create citable snapshot' }, { timeout: 3000 }),
    );
    expect(await screen.findByText('The view holds no published colonies to freeze.')).toBeTruthy();
  });

  it('ask a visitor to log in to make a snapshot', async () => {
    renderApp(FILTERED, api);
    const link = await screen.findByRole(
      'link',
      { name: 'Log in to create a citable snapshot' },
      { timeout: 3000 },
    );
    expect(link.getAttribute('href')).toBe('/login');
  });
});
