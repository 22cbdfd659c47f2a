import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { buildDraftColony } from '@/testing/datasets';
import { errorResponse } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { buildChoices, buildColonies, seedMaxMin } from '../testing/colonies';

/** Leaflet needs a laid-out page; the map itself is covered by the browser journeys. */
const mapCalls = vi.hoisted(() => ({
  selections: [] as { count: number }[],
  drafts: [] as { name: string }[][],
  popupsClosed: 0,
  fitPadding: null as null | (() => { topLeft: [number, number]; bottomRight: [number, number] }),
}));
vi.mock('../leaflet/colony-map-controller', () => ({
  ColonyMapController: class {
    constructor(_element: HTMLElement, options: { fitPadding: typeof mapCalls.fitPadding }) {
      mapCalls.fitPadding = options.fitPadding;
    }
    setSelection(data: { source: { frame(): { count: number } } }) {
      mapCalls.selections.push(data.source.frame());
    }
    setDrafts(drafts: { name: string }[]) {
      mapCalls.drafts.push(drafts);
    }
    setColors() {}
    updatePopup() {}
    closePopup() {
      mapCalls.popupsClosed++;
    }
    destroy() {}
  },
}));

beforeEach(() => {
  mapCalls.selections.length = 0;
  mapCalls.drafts.length = 0;
  mapCalls.popupsClosed = 0;
});

/** Pretends the screen is a phone's (jsdom has no matchMedia: a desktop otherwise). */
function onAPhone() {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('max-width') }));
  return () => vi.unstubAllGlobals();
}

const api = {
  'GET /api/public/colonies/': () => buildColonies(),
  'GET /api/public/colonies/choices/': buildChoices(),
  'GET /api/public/thermal-tolerances/max-min/': seedMaxMin.ed50,
  'GET /api/public/breakpoint-temperatures/max-min/': seedMaxMin.ed5,
  'GET /api/public/thermal-limits/max-min/': seedMaxMin.ed95,
};
const loggedIn = { 'GET /api/auth/status/': { username: 'chris', authenticated: true } };

async function openMap(path = '/map', handlers = {}) {
  const view = renderApp(path, { ...api, ...handlers });
  await screen.findByText('3 of 3 colonies', {}, { timeout: 3000 }).catch(() => undefined);
  return view;
}

const sidebar = () => screen.getByRole('complementary', { name: /Filters/ });
const apply = () => screen.getByRole<HTMLButtonElement>('button', { name: /^Apply Filters/ });
const reset = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Reset all filters' });
const slider = (name: string) => screen.getByRole('slider', { name });

describe('Map page', () => {
  it("shows 'Loading colonies...' until the colonies arrive, then the count", async () => {
    renderApp('/map', api);
    expect(await screen.findByText('Loading colonies...')).toBeTruthy();
    expect(await screen.findByText('3 of 3 colonies')).toBeTruthy();
    expect(screen.queryByText('Loading colonies...')).toBeNull();
    expect(document.title).toBe('Map · Coral Thermal Tolerance');
    expect(mapCalls.selections.at(-1)?.count).toBe(3);
  });

  it('offers distinct sorted species and projects, each project name once', async () => {
    await openMap();
    const species = screen.getByLabelText('Species');
    expect(
      within(species)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All species', 'Acropora hyacinthus', 'Porites cylindrica', 'Porites lobata']);
    const projects = within(screen.getByLabelText('Project')).getAllByRole('option');
    expect(projects.map((o) => o.textContent)).toEqual([
      'All projects',
      '2022_FJI_Viti_Levu_ElisaJahreis',
      'Another project',
      'GlobalSearch_AmSamoa',
      'GlobalSearch_GBR',
    ]);
  });

  it('starts with nothing to apply or reset: Apply Filters (0) and the trash are disabled', async () => {
    await openMap();
    expect(apply().textContent).toBe('Apply Filters (0)');
    expect(apply().disabled).toBe(true);
    expect(reset().disabled).toBe(true);
    expect(within(sidebar()).getByText('0')).toBeTruthy();
  });

  it('applies species and project to the count, the badge and the address; the trash resets', async () => {
    const user = userEvent.setup();
    const { router } = await openMap();
    await user.selectOptions(screen.getByLabelText('Species'), 'Porites lobata');
    expect(apply().textContent).toBe('Apply Filters (1)');
    await user.selectOptions(screen.getByLabelText('Project'), 'Another project');
    expect(apply().textContent).toBe('Apply Filters (2)');
    // Not applied yet.
    expect(screen.getByText('3 of 3 colonies')).toBeTruthy();
    await user.click(apply());
    expect(await screen.findByText('1 of 3 colonies')).toBeTruthy();
    expect(router.state.location.search).toBe('?species=Porites+lobata&project=Another+project');
    expect(within(sidebar()).getByText('2')).toBeTruthy();
    await user.click(reset());
    expect(await screen.findByText('3 of 3 colonies')).toBeTruthy();
    expect(router.state.location.search).toBe('');
    expect(screen.getByLabelText<HTMLSelectElement>('Species').value).toBe('');
  });

  it('filters by collection year', async () => {
    const user = userEvent.setup();
    await openMap();
    await user.click(screen.getByLabelText('2222'));
    await user.click(apply());
    expect(await screen.findByText('2 of 3 colonies')).toBeTruthy();
  });

  it('has compact sliders with 1 decimal and an Active badge once moved; they apply', async () => {
    const user = userEvent.setup();
    const { router } = await openMap();
    const group = screen.getByRole('group', { name: 'ED50 (Thermal Tolerance)' });
    expect(within(group).getByText('Min: 32.1°C')).toBeTruthy();
    expect(within(group).getByText('Max: 44.1°C')).toBeTruthy();
    expect(within(group).queryByText('Active')).toBeNull();
    const min = slider('ED50 (Thermal Tolerance) minimum');
    expect(min.getAttribute('step')).toBe('0.01');
    fireEvent.change(min, { target: { value: '36' } });
    expect(within(group).getByText('Min: 36.0°C')).toBeTruthy();
    expect(within(group).getByText('Active')).toBeTruthy();
    expect(apply().textContent).toBe('Apply Filters (1)');
    await user.click(apply());
    expect(await screen.findByText('1 of 3 colonies')).toBeTruthy();
    expect(router.state.location.search).toBe('?absThermalTolerance=36,44.06');
    expect(screen.getByRole('group', { name: 'ED5 (Breakpoint Temperature)' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'ED95 (Thermal Limit)' })).toBeTruthy();
  });

  it('keeps the thumbs from crossing', async () => {
    await openMap();
    const min = slider('ED50 (Thermal Tolerance) minimum');
    fireEvent.change(slider('ED50 (Thermal Tolerance) maximum'), { target: { value: '35' } });
    fireEvent.change(min, { target: { value: '40' } });
    const group = screen.getByRole('group', { name: 'ED50 (Thermal Tolerance)' });
    expect(within(group).getByText('Min: 35.0°C')).toBeTruthy();
  });

  it('restores the filters of a shared address', async () => {
    await openMap('/map?species=Porites%20cylindrica&absThermalTolerance=37,38&years=2022');
    expect(await screen.findByText('1 of 3 colonies')).toBeTruthy();
    expect(screen.getByLabelText<HTMLSelectElement>('Species').value).toBe('Porites cylindrica');
    expect(screen.getByLabelText<HTMLInputElement>('2022').checked).toBe(true);
    const group = screen.getByRole('group', { name: 'ED50 (Thermal Tolerance)' });
    expect(within(group).getByText('Min: 37.0°C')).toBeTruthy();
    expect(within(group).getByText('Active')).toBeTruthy();
    expect(within(sidebar()).getByText('3')).toBeTruthy();
  });

  it('says that nothing matches and offers to reset or widen the filter', async () => {
    const user = userEvent.setup();
    const { router } = await openMap('/map?species=Porites%20lobata&project=GlobalSearch_AmSamoa');
    const empty = await screen.findByRole('region', { name: 'No colonies match these filters' });
    expect(screen.getByRole('status').textContent).toBe('0 of 3 colonies');
    expect(within(empty).getByRole('button', { name: 'Reset all filters' })).toBeTruthy();
    // Dropping one part widens the filter and keeps the rest.
    await user.click(within(empty).getByRole('button', { name: 'Any project' }));
    expect(await screen.findByText('1 of 3 colonies')).toBeTruthy();
    expect(router.state.location.search).toBe('?species=Porites+lobata');
    expect(screen.queryByRole('region', { name: 'No colonies match these filters' })).toBeNull();
  });

  it('resets every filter from the empty state', async () => {
    const user = userEvent.setup();
    const { router } = await openMap('/map?species=Porites%20lobata&absThermalTolerance=20,21');
    const empty = await screen.findByRole('region', { name: 'No colonies match these filters' });
    expect(within(empty).getByRole('button', { name: 'Any species' })).toBeTruthy();
    expect(within(empty).getByRole('button', { name: 'Any temperature' })).toBeTruthy();
    await user.click(within(empty).getByRole('button', { name: 'Reset all filters' }));
    expect(await screen.findByText('3 of 3 colonies')).toBeTruthy();
    expect(router.state.location.search).toBe('');
  });

  it('ignores address parameters it does not understand', async () => {
    await openMap('/map?colour=red&absThermalTolerance=oops');
    expect(await screen.findByText('3 of 3 colonies')).toBeTruthy();
  });

  it('falls back to 20–40 and 0–10 when the ranges cannot be read, and says so in the console', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await openMap('/map', {
      'GET /api/public/thermal-tolerances/max-min/': errorResponse(500),
    });
    const group = await screen.findByRole('group', { name: 'ED50 (Thermal Tolerance)' });
    expect(within(group).getByText('Min: 20.0°C')).toBeTruthy();
    expect(within(group).getByText('Max: 40.0°C')).toBeTruthy();
    expect(log.mock.calls.some((call) => call[0] === 'Error fetching default values')).toBe(true);
  });

  it('collapses to a funnel button and back', async () => {
    const user = userEvent.setup();
    await openMap();
    await user.click(screen.getByRole('button', { name: 'Hide filters' }));
    expect(screen.queryByRole('complementary')).toBeNull();
    await user.click(screen.getByRole('button', { name: /Show filters/ }));
    expect(sidebar()).toBeTruthy();
  });

  it('shows an error with a retry when the colonies cannot be loaded', async () => {
    renderApp('/map', { ...api, 'GET /api/public/colonies/': errorResponse(500) });
    expect(await screen.findByText('The colonies could not be loaded.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe('Advanced Temperature Filters', () => {
  async function openModal(path = '/map') {
    const user = userEvent.setup();
    const view = await openMap(path);
    await user.click(screen.getByRole('button', { name: /Advanced Filters/ }));
    const dialog = await screen.findByRole('dialog', { name: /Advanced Temperature Filters/ });
    return { user, dialog, ...view };
  }
  const addFilters = (dialog: HTMLElement) =>
    within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Add Filters' });

  it('has six sliders in three sections, 2 decimals, Range lines and the explanation', async () => {
    const { dialog } = await openModal();
    expect(
      within(dialog)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Thermal Tolerance', 'Breakpoint Temperature', 'Thermal Limit']);
    expect(within(dialog).getAllByRole('slider')).toHaveLength(12);
    for (const name of [
      'Absolute ED50',
      'Relative ED50-MMM',
      'Absolute ED5',
      'Relative ED5-MMM',
      'Absolute ED95',
      'Relative ED95-MMM',
    ]) {
      expect(within(dialog).getByRole('group', { name })).toBeTruthy();
    }
    const relative = within(dialog).getByRole('group', { name: 'Relative ED50-MMM' });
    expect(within(relative).getByText('Min: 3.40°C')).toBeTruthy();
    expect(within(relative).getByText('Max: 14.66°C')).toBeTruthy();
    expect(within(dialog).getByText('Range: 3.40 - 14.66°C')).toBeTruthy();
    expect(within(dialog).getByText('Range: -1.66 - 11.40°C')).toBeTruthy();
    expect(
      within(dialog).getByText(
        'Adjust the sliders to set minimum and maximum values for each temperature parameter. Only modified ranges will be applied as filters.',
      ),
    ).toBeTruthy();
    expect(within(dialog).getByText('0 active')).toBeTruthy();
    expect(addFilters(dialog).disabled).toBe(true);
  });

  it('counts active ranges, resets one or all, and adds only the changed ranges', async () => {
    const { user, dialog, router } = await openModal();
    const relative = within(dialog).getByRole('group', { name: 'Relative ED50-MMM' });
    fireEvent.change(within(relative).getByRole('slider', { name: 'Relative ED50-MMM minimum' }), {
      target: { value: '9.2' },
    });
    expect(within(relative).getByText('Min: 9.20°C')).toBeTruthy();
    expect(within(relative).getByText('Active')).toBeTruthy();
    expect(within(dialog).getByText('1 active')).toBeTruthy();
    expect(addFilters(dialog).disabled).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Reset Relative ED50-MMM' }));
    expect(within(dialog).getByText('0 active')).toBeTruthy();
    expect(addFilters(dialog).disabled).toBe(true);

    const limit = within(dialog).getByRole('slider', { name: 'Absolute ED95 maximum' });
    fireEvent.change(limit, { target: { value: '40' } });
    fireEvent.change(within(dialog).getByRole('slider', { name: 'Absolute ED50 minimum' }), {
      target: { value: '33' },
    });
    expect(within(dialog).getByText('2 active')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Reset All' }));
    expect(within(dialog).getByText('0 active')).toBeTruthy();

    fireEvent.change(within(dialog).getByRole('slider', { name: 'Relative ED50-MMM maximum' }), {
      target: { value: '9.2' },
    });
    await user.click(addFilters(dialog));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.search).toBe('?relThermalTolerance=3.4,9.2');
    expect(await screen.findByText('2 of 3 colonies')).toBeTruthy();
    // A relative range is an advanced filter: it does not count in the badge (product-spec §5).
    expect(screen.getByRole('button', { name: /Advanced Filters/ }).textContent).toContain(
      'Active',
    );
    expect(apply().textContent).toBe('Apply Filters (0)');
    expect(reset().disabled).toBe(false);
  });

  it('starts from the applied ranges, and can take them off again', async () => {
    const { user, dialog, router } = await openModal('/map?relThermalTolerance=3.4,9.2');
    expect(within(dialog).getByText('1 active')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Reset All' }));
    expect(addFilters(dialog).disabled).toBe(false);
    await user.click(addFilters(dialog));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('Cancel leaves the filters alone', async () => {
    const { user, dialog, router } = await openModal();
    fireEvent.change(within(dialog).getByRole('slider', { name: 'Absolute ED5 minimum' }), {
      target: { value: '30' },
    });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.search).toBe('');
  });
});

describe('Include my drafts', () => {
  it('is not offered to anonymous visitors', async () => {
    const { fetchMock } = await openMap();
    expect(screen.queryByLabelText('Include my drafts')).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => (url as string).includes('drafts'))).toBe(false);
  });

  it("fetches the user's draft colonies only once ticked, and hands them to the map", async () => {
    const user = userEvent.setup();
    const { fetchMock } = await openMap('/map', {
      ...loggedIn,
      'GET /api/auth/colonies/drafts/': [
        buildDraftColony(),
        buildDraftColony({ id: 9002, name: 'Draft_Porites_2' }),
      ],
    });
    const checkbox = await screen.findByLabelText<HTMLInputElement>('Include my drafts');
    expect(checkbox.checked).toBe(false);
    const draftCalls = () =>
      fetchMock.mock.calls.filter(([url]) => (url as string) === '/api/auth/colonies/drafts/');
    expect(draftCalls()).toHaveLength(0);
    expect(mapCalls.drafts.at(-1)).toEqual([]);

    await user.click(checkbox);
    expect(
      await screen.findByText('2 draft colonies shown with dashed markers (not filtered).'),
    ).toBeTruthy();
    expect(draftCalls()).toHaveLength(1);
    expect(mapCalls.drafts.at(-1)?.map((colony) => colony.name)).toEqual([
      'Draft_Porites_1',
      'Draft_Porites_2',
    ]);
    // The public colonies and the address are untouched.
    expect(screen.getByText('3 of 3 colonies')).toBeTruthy();

    await user.click(checkbox);
    await waitFor(() => expect(mapCalls.drafts.at(-1)).toEqual([]));
  });

  it('says so when the drafts cannot be loaded', async () => {
    const user = userEvent.setup();
    await openMap('/map', {
      ...loggedIn,
      'GET /api/auth/colonies/drafts/': errorResponse(500),
    });
    await user.click(await screen.findByLabelText('Include my drafts'));
    expect(await screen.findByText('Your drafts could not be loaded.')).toBeTruthy();
  });
});

describe('Map legend and filter panel on a phone (decision 0018)', () => {
  describe('on a phone', () => {
    it('folds the colour legend behind a button that unfolds it', async () => {
      const restore = onAPhone();
      try {
        const user = userEvent.setup();
        await openMap();
        const legend = screen.getByRole('group', { name: 'Marker colour' });
        const toggle = within(legend).getByRole('button', { name: /Marker colour/ });
        expect(toggle.getAttribute('aria-expanded')).toBe('false');
        expect(within(legend).queryByRole('combobox', { name: 'Colour markers by' })).toBeNull();
        await user.click(toggle);
        expect(toggle.getAttribute('aria-expanded')).toBe('true');
        expect(within(legend).getByRole('combobox', { name: 'Colour markers by' })).toBeTruthy();
      } finally {
        restore();
      }
    });

    it('closes an open popup when the filter panel opens over the map', async () => {
      const restore = onAPhone();
      try {
        const user = userEvent.setup();
        await openMap();
        const before = mapCalls.popupsClosed;
        await user.click(screen.getByRole('button', { name: /^Show filters/ }));
        expect(sidebar()).toBeTruthy();
        expect(mapCalls.popupsClosed).toBeGreaterThan(before);
      } finally {
        restore();
      }
    });
  });

  it("fits the colonies with 40 px between a marker's outline and the edges, not its centre", async () => {
    await openMap();
    // jsdom lays nothing out: no overlay takes room, so this is the padding at a bare edge.
    const padding = mapCalls.fitPadding!();
    const outline = 40 + 48 / 2; // the largest marker is 48 px wide
    for (const side of [...padding.topLeft, ...padding.bottomRight]) {
      expect(side).toBeGreaterThanOrEqual(outline);
    }
  });

  it('shows the colour legend unfolded on a desktop', async () => {
    await openMap();
    const legend = screen.getByRole('group', { name: 'Marker colour' });
    const toggle = within(legend).getByRole('button', { name: /Marker colour/ });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(within(legend).getByRole('combobox', { name: 'Colour markers by' })).toBeTruthy();
  });
});
