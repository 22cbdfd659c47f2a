import { emptyThresholdLists, type TCartColonyEntry, type TCartGroup } from '@coral/core';
import { screen, within } from '@testing-library/react';
import type { ApiHandlers } from '@/testing/mock-api';

/** Contract-typed cart data for the page's tests, shaped like the seed (colony 658 and friends). */
export const buildColonyEntry = (
  overrides: Partial<TCartColonyEntry> & { id?: number } = {},
): TCartColonyEntry => {
  const { id = 658, ...rest } = overrides;
  return {
    ...emptyThresholdLists(),
    colony: {
      id,
      name: id === 658 ? 'Vatu-o-lalai_Porites_cylindrica_1' : `Colony_${id}`,
      species: 'Porites cylindrica',
      country: 'FJI',
      latitude: -18.20583554,
      longitude: 177.6889888,
    },
    biosamples: [
      { name: '20220920_FJ_Vatu-o-lalai_Porites_cylindrica_1_28_420' },
      { name: '20220920_FJ_Vatu-o-lalai_Porites_cylindrica_1_34_420' },
      { name: '20221129_FJ_Vatu-o-lalai_Porites_cylindrica_1_28_420' },
    ],
    thermal_tolerances: [
      {
        id: 1147,
        condition: 'Winter',
        timepoint: '420',
        sst_clim_mmm: 28.45,
        quality_flags: [],
        abs_thermal_tolerance: 37.57,
        rel_thermal_tolerance: 9.12,
      },
      {
        id: 1157,
        condition: 'Summer',
        timepoint: '420',
        sst_clim_mmm: 28.45,
        quality_flags: [],
        abs_thermal_tolerance: 37.75,
        rel_thermal_tolerance: 9.3,
      },
    ],
    breakpoint_temperatures: [
      {
        id: 1091,
        condition: 'Winter',
        timepoint: '420',
        sst_clim_mmm: null,
        quality_flags: ['implausible_absolute', 'missing_mmm'],
        abs_breakpoint_temperature: 1.23,
        rel_breakpoint_temperature: null,
      },
    ],
    thermal_limits: [],
    ...rest,
  };
};

export const buildCartGroup = (overrides: Partial<TCartGroup> = {}): TCartGroup => {
  const colonies = overrides.colonies ?? [buildColonyEntry()];
  return {
    id: 1,
    name: 'Porites cylindrica',
    species: 'Porites cylindrica',
    country: 'FJI',
    colony_count: colonies.length,
    created_at: '2026-11-21T10:00:00.000Z',
    filter_params: { species: 'Porites cylindrica' },
    colonies,
    ...overrides,
  };
};

// ---------------------------------------------------------------- page test helpers

export const LOGGED_IN: ApiHandlers = {
  'GET /api/auth/status/': { username: 'ana', authenticated: true },
};

export const fiji = buildCartGroup({
  id: 1,
  name: 'Fiji Porites',
  created_at: '2026-11-20T10:00:00.000Z',
});
export const all = buildCartGroup({
  id: 2,
  name: 'All Colonies',
  species: 'Acropora hyacinthus, Porites lobata',
  country: 'ASM, AUS, USA',
  created_at: '2026-11-21T10:00:00.000Z',
  colonies: Array.from({ length: 120 }, (_, index) => buildColonyEntry({ id: 1000 + index })),
});

/** A cart server: GET answers the current groups; DELETE and PUT change them. */
export function cartServer(initial: TCartGroup[], extra: ApiHandlers = {}) {
  let groups = structuredClone(initial);
  const calls: string[] = [];
  const handlers: ApiHandlers = {
    ...LOGGED_IN,
    'GET /api/auth/cart/': () => {
      calls.push('GET');
      return structuredClone(groups);
    },
    'DELETE /api/auth/cart/': async (request) => {
      const { group_id } = (await request.json()) as { group_id: number };
      calls.push(`DELETE ${group_id}`);
      groups = groups.filter((group) => group.id !== group_id);
      return { message: 'Group deleted', group_id };
    },
    'PUT /api/auth/cart/group/{groupId}/': async (request, url) => {
      const { name } = (await request.json()) as { name: string };
      const id = Number(url.pathname.split('/').at(-2));
      calls.push(`PUT ${id} ${JSON.stringify(name)}`);
      groups = groups.map((group) => (group.id === id ? { ...group, name } : group));
      return { message: 'Group renamed', group_id: id, name };
    },
    ...extra,
  };
  return { handlers, calls };
}

/** The group names in table order (the expand buttons of the group rows). */
export const groupNames = () =>
  within(screen.getByRole('table', { name: 'Cart groups' }))
    .getAllByRole('button')
    // The expand buttons only: an expanded group's Download menu toggle has aria-expanded too.
    .filter((button) => button.classList.contains('cart-expand-button'))
    .map((button) => button.textContent);

export const checkbox = (name: string) => screen.getByRole<HTMLInputElement>('checkbox', { name });
