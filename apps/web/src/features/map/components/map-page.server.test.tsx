import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TColony } from '@coral/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildConfig } from '@/testing/data';
import { errorResponse, jsonResponse, type ApiHandlers } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { clustersApi } from '../testing/clusters-api';
import { buildColonies, buildColony, seedMaxMin } from '../testing/colonies';

/**
 * The map's server mode (decision 0042) with the real Leaflet controller: happy-dom lays nothing out,
 * so the map is given a size. The API answers as the server does (testing/clusters-api.ts).
 */
beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(800);
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
});
afterEach(() => vi.restoreAllMocks());

const maxMin = {
  'GET /api/public/thermal-tolerances/max-min/': seedMaxMin.ed50,
  'GET /api/public/breakpoint-temperatures/max-min/': seedMaxMin.ed5,
  'GET /api/public/thermal-limits/max-min/': seedMaxMin.ed95,
} satisfies ApiHandlers;

/** The API of a deployment that asks the server for markers from `serverFrom` colonies on. */
function apiFor(colonies: TColony[], serverFrom: number, handlers: ApiHandlers = {}) {
  return {
    ...maxMin,
    'GET /api/public/config/': buildConfig({ mapServerClusteringFrom: serverFrom }),
    'GET /api/public/colonies/': () => colonies,
    ...clustersApi(colonies).handlers,
    ...handlers,
  } satisfies ApiHandlers;
}

const markerLabels = () =>
  [...document.querySelectorAll('.colony-marker')].map((m) => m.getAttribute('aria-label')).sort();
const marker = (label: string) =>
  [...document.querySelectorAll<HTMLElement>('.colony-marker')].find(
    (m) => m.getAttribute('aria-label') === label,
  );
const callsTo = (fetchMock: ReturnType<typeof vi.fn>, path: string) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === path);
const apply = () => screen.getByRole<HTMLButtonElement>('button', { name: /^Apply Filters/ });

/** Ten colonies on one reef, and one elsewhere: a site marker and a single colony. */
function reef(count: number): TColony[] {
  return [
    ...Array.from({ length: count }, (_, i) =>
      buildColony({ id: 1000 + i, name: `Reef colony ${i}` }),
    ),
    buildColonies()[2]!,
  ];
}

describe('Map: which mode', () => {
  it('asks the server for markers from the configured number of public colonies on, never loading the feed', async () => {
    const { fetchMock } = renderApp('/map', apiFor(buildColonies(), 3));
    expect(await screen.findByText('3 of 3 colonies')).toBeTruthy();
    await waitFor(() => expect(markerLabels().length).toBeGreaterThan(0));
    expect(callsTo(fetchMock, '/api/public/colonies/')).toHaveLength(0);
    const [first] = callsTo(fetchMock, '/api/public/colonies/clusters/');
    expect(first!.searchParams.get('zoom')).toMatch(/^\d+$/);
    expect(first!.searchParams.get('bbox')!.split(',')).toHaveLength(4);
    // The sidebar's choices are the server's.
    const species = within(screen.getByLabelText('Species')).getAllByRole('option');
    expect(species.map((o) => o.textContent)).toEqual([
      'All species',
      'Acropora hyacinthus',
      'Porites cylindrica',
      'Porites lobata',
    ]);
  });

  it('loads the feed and clusters in the browser below it, asking the server for no markers', async () => {
    const { fetchMock } = renderApp('/map', apiFor(buildColonies(), 4));
    expect(await screen.findByText('3 of 3 colonies')).toBeTruthy();
    await waitFor(() => expect(markerLabels().length).toBeGreaterThan(0));
    expect(callsTo(fetchMock, '/api/public/colonies/')).toHaveLength(1);
    expect(callsTo(fetchMock, '/api/public/colonies/clusters/')).toHaveLength(0);
  });

  it('draws the same markers in both modes, with the same titles and colours', async () => {
    const colonies = reef(10);
    const shown = async (serverFrom: number) => {
      const view = renderApp('/map', apiFor(colonies, serverFrom));
      await screen.findByText('11 of 11 colonies');
      await waitFor(() => expect(markerLabels().length).toBeGreaterThan(0));
      const markers = [...document.querySelectorAll('.colony-marker')].map(
        (m) => `${m.getAttribute('aria-label')} ${m.innerHTML}`,
      );
      view.unmount();
      return markers.sort();
    };
    const browser = await shown(100);
    const server = await shown(0);
    expect(browser).toEqual([
      expect.stringMatching(
        /^10 colonies at -18\.2058, 177\.6890 <span style="border-color:.*>10</,
      ),
      expect.stringMatching(/^Colony Davies_Porites_lobata_2 <span style="background:/),
    ]);
    expect(server).toEqual(browser);
  });
});

describe('Map in server mode', () => {
  it('applies a filter: the clusters of the filter set, the count, the markers and the address', async () => {
    const user = userEvent.setup();
    const { fetchMock, router } = renderApp('/map', apiFor(buildColonies(), 0));
    expect(await screen.findByText('3 of 3 colonies')).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('Species'), 'Porites lobata');
    await user.click(apply());
    expect(await screen.findByText('1 of 3 colonies')).toBeTruthy();
    await waitFor(() => expect(markerLabels()).toEqual(['Colony Davies_Porites_lobata_2']));
    expect(router.state.location.search).toBe('?species=Porites+lobata');
    const last = callsTo(fetchMock, '/api/public/colonies/clusters/').at(-1)!;
    expect(last.searchParams.get('species')).toBe('Porites lobata');
  });

  it('drops an answer that comes after a newer one was asked for', async () => {
    const user = userEvent.setup();
    const server = clustersApi(buildColonies());
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    renderApp(
      '/map',
      apiFor(buildColonies(), 0, {
        'GET /api/public/colonies/clusters/': async (_request: Request, url: URL) => {
          if (url.searchParams.get('species') === 'Porites lobata') await held;
          return server.clusters(url);
        },
      }),
    );
    expect(await screen.findByText('3 of 3 colonies')).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('Species'), 'Porites lobata');
    await user.click(apply());
    await user.selectOptions(screen.getByLabelText('Species'), 'Porites cylindrica');
    await user.click(apply());
    expect(await screen.findByText('1 of 3 colonies')).toBeTruthy();
    await waitFor(() =>
      expect(markerLabels()).toEqual(['Colony Vatu-o-lalai_Porites_cylindrica_1']),
    );
    release();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(markerLabels()).toEqual(['Colony Vatu-o-lalai_Porites_cylindrica_1']);
    expect(screen.getByText('1 of 3 colonies')).toBeTruthy();
  });

  it("pages a site's colonies in its popup: 50, then 'Show more' asks for the next 50", async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderApp('/map', apiFor(reef(120), 0));
    await screen.findByText('121 of 121 colonies');
    await waitFor(() => expect(marker('120 colonies at -18.2058, 177.6890')).toBeDefined());
    marker('120 colonies at -18.2058, 177.6890')!.click();
    const popup = await screen.findByRole('group', { name: '120 colonies' });
    expect(within(popup).getByRole('heading', { name: '120 colonies here' })).toBeTruthy();
    const site = within(popup).getByRole('region', { name: 'Site -18.2058, 177.6890' });
    expect(within(site).getByRole('heading').textContent).toBe(
      'Site -18.2058, 177.6890: 120 colonies',
    );
    const listed = () => within(popup).getAllByRole('button', { name: /^Reef colony/ });
    expect(listed()).toHaveLength(50);
    await user.click(within(popup).getByRole('button', { name: 'Show 50 more of 70' }));
    await waitFor(() => expect(listed()).toHaveLength(100));
    const pages = callsTo(fetchMock, '/api/public/colonies/clusters/members/');
    expect(
      pages.map((url) => [url.searchParams.get('offset'), url.searchParams.get('limit')]),
    ).toEqual([
      ['0', '50'],
      ['50', '50'],
    ]);
    expect(pages[0]!.searchParams.get('marker')).toBe('site:-18.20583554,177.6889888');
    expect(pages[0]!.searchParams.get('data_version')).toBe('1');

    await user.click(within(popup).getByRole('button', { name: 'Reef colony 7' }));
    const details = await screen.findByRole('group', { name: 'Reef colony 7' });
    expect(within(details).getByText('1007')).toBeTruthy();
    await user.click(within(details).getByRole('button', { name: '← All 120 colonies here' }));
    expect(await screen.findByRole('heading', { name: '120 colonies here' })).toBeTruthy();
  });

  it("opens a single colony's details with its site", async () => {
    renderApp('/map', apiFor(reef(10), 0));
    await screen.findByText('11 of 11 colonies');
    await waitFor(() => expect(marker('Colony Davies_Porites_lobata_2')).toBeDefined());
    marker('Colony Davies_Porites_lobata_2')!.click();
    const popup = await screen.findByRole('group', { name: 'Davies_Porites_lobata_2' });
    expect(within(popup).getByRole('region', { name: /^Site Davies$/ })).toBeTruthy();
    expect(within(popup).getByRole('region', { name: 'Thermal Tolerances (ED50)' })).toBeTruthy();
  });

  it("lists a cluster's colonies when they never fall apart (a few centimetres apart)", async () => {
    const colonies = [
      buildColony({ id: 1, name: 'Twin A' }),
      buildColony({ id: 2, name: 'Twin B', longitude: buildColony().longitude + 1e-7 }),
    ];
    const { fetchMock } = renderApp('/map', apiFor(colonies, 0));
    await screen.findByText('2 of 2 colonies');
    await waitFor(() => expect(marker('Cluster of 2 colonies')).toBeDefined());
    marker('Cluster of 2 colonies')!.click();
    const popup = await screen.findByRole('group', { name: '2 colonies' });
    expect(within(popup).getByRole('button', { name: 'Twin A' })).toBeTruthy();
    expect(within(popup).getByRole('button', { name: 'Twin B' })).toBeTruthy();
    const [members] = callsTo(fetchMock, '/api/public/colonies/clusters/members/');
    expect(members!.searchParams.get('marker')).toMatch(/^cluster:\d+$/);
  });

  it('asks for the markers again, without an error, when the data changed under a popup (409)', async () => {
    const { fetchMock } = renderApp(
      '/map',
      apiFor(reef(10), 0, {
        'GET /api/public/colonies/clusters/members/': errorResponse(
          409,
          'The data changed: ask for the markers again',
          'STALE_DATA_VERSION',
        ),
      }),
    );
    await screen.findByText('11 of 11 colonies');
    await waitFor(() => expect(marker('10 colonies at -18.2058, 177.6890')).toBeDefined());
    const before = callsTo(fetchMock, '/api/public/colonies/clusters/').length;
    marker('10 colonies at -18.2058, 177.6890')!.click();
    await waitFor(() =>
      expect(callsTo(fetchMock, '/api/public/colonies/clusters/').length).toBeGreaterThan(before),
    );
    await waitFor(() => expect(document.querySelector('.leaflet-popup')).toBeNull());
    expect(markerLabels()).toContain('10 colonies at -18.2058, 177.6890');
    expect(screen.queryByText('The colonies could not be loaded.')).toBeNull();
  });

  it("shows the map's error state when the markers cannot be loaded; 'Try again' asks again", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const server = clustersApi(buildColonies());
    let failing = true;
    renderApp(
      '/map',
      apiFor(buildColonies(), 0, {
        'GET /api/public/colonies/clusters/': (_request: Request, url: URL) =>
          failing ? errorResponse(500) : server.clusters(url),
      }),
    );
    expect(await screen.findByText('The colonies could not be loaded.')).toBeTruthy();
    expect(screen.queryByText('Loading colonies...')).toBeNull();
    failing = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('3 of 3 colonies')).toBeTruthy();
    await waitFor(() => expect(markerLabels().length).toBeGreaterThan(0));
    expect(screen.queryByText('The colonies could not be loaded.')).toBeNull();
  });

  it("shows the error in the popup when a marker's colonies cannot be loaded; 'Try again' asks again", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const server = clustersApi(reef(10));
    let failing = true;
    renderApp(
      '/map',
      apiFor(reef(10), 0, {
        'GET /api/public/colonies/clusters/members/': (_request: Request, url: URL) =>
          failing ? errorResponse(500) : server.members(url),
      }),
    );
    await screen.findByText('11 of 11 colonies');
    await waitFor(() => expect(marker('10 colonies at -18.2058, 177.6890')).toBeDefined());
    marker('10 colonies at -18.2058, 177.6890')!.click();
    const popup = await screen.findByRole('group', { name: 'Colonies here' });
    expect(await within(popup).findByText('The colonies could not be loaded.')).toBeTruthy();
    failing = false;
    await userEvent.click(within(popup).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: '10 colonies here' })).toBeTruthy();
  });

  it("shows the map's error state when the choices cannot be loaded", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let failing = true;
    renderApp(
      '/map',
      apiFor(buildColonies(), 0, {
        'GET /api/public/colonies/choices/': () =>
          failing
            ? errorResponse(500)
            : clustersApi(buildColonies()).handlers['GET /api/public/colonies/choices/'],
      }),
    );
    expect(await screen.findByText('The colonies could not be loaded.')).toBeTruthy();
    failing = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('3 of 3 colonies')).toBeTruthy();
  });

  it("adds the server's ids of the filtered colonies to the cart", async () => {
    const user = userEvent.setup();
    let body: unknown;
    const { fetchMock } = renderApp(
      '/map?years=2222',
      apiFor(buildColonies(), 0, {
        'GET /api/auth/status/': { username: 'chris', authenticated: true },
        'POST /api/auth/cart/': async (request: Request) => {
          body = await request.json();
          return jsonResponse({ message: 'Group added to cart', group_id: 7 }, 201);
        },
      }),
    );
    expect(await screen.findByText('2 of 3 colonies')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add to Cart' });
    await user.click(within(dialog).getByRole('button', { name: 'Add to Cart' }));
    expect(await screen.findByText('Item added to cart!')).toBeTruthy();
    expect(callsTo(fetchMock, '/api/public/colonies/ids/')[0]!.searchParams.get('years')).toBe(
      '2222',
    );
    expect(body).toEqual({
      colony_ids: [12, 400],
      filter_params: { years: [2222] },
      name: 'Years: 2222',
    });
  });
});
