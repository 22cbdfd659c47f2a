import type { TProjectColony } from '@coral/core';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildProjectDetail } from '@/testing/data';
import { renderApp } from '@/testing/render-app';

const [template] = buildProjectDetail().colonies;

/** A colony of a species at Saadiyat or Ras Ghanada, with one ED50 per condition given. */
function colony(
  id: number,
  species: string,
  ed50s: [condition: string, value: number, flags?: string[]][],
  where: 'Saadiyat' | 'RasGhanada' = 'Saadiyat',
): TProjectColony {
  return {
    ...template!,
    id,
    name: `${where}_${species.replace(' ', '_')}_${id}`,
    species,
    latitude: where === 'Saadiyat' ? 24.59953 : 24.84633,
    longitude: where === 'Saadiyat' ? 54.42267 : 54.69055,
    thermal_tolerances: ed50s.map(([condition, value, flags = []], index) => ({
      ...template!.thermal_tolerances[0]!,
      id: id * 10 + index,
      condition,
      abs_thermal_tolerance: value,
      ed50: value,
      quality_flags: flags,
    })),
    breakpoint_temperatures: [],
    thermal_limits: [],
  };
}

async function openProject(colonies: TProjectColony[]) {
  renderApp('/project/82', {
    'GET /api/public/projects/{projectId}/': buildProjectDetail({ colonies }),
    'GET /api/public/datasets/': [],
  });
  await screen.findByRole('heading', { level: 1, name: 'GlobalSearch_ArabSeas' });
}

describe('the project summary by species and condition (decision 0056)', () => {
  it('counts colonies and gives mean ± SD per species × condition, flagged values left out', async () => {
    await openProject([
      colony(1, 'Porites lobata', [
        ['Wild', 36],
        ['Heated', 37],
      ]),
      colony(2, 'Porites lobata', [
        ['Wild', 37],
        ['Heated', 38],
      ]),
      colony(3, 'Porites lobata', [
        ['Wild', 38],
        ['Heated', 2365.11, ['implausible_absolute']],
      ]),
      colony(4, 'Acropora hyacinthus', [['Wild', 35.5]], 'RasGhanada'),
    ]);
    const table = screen.getByRole('region', { name: 'Summary table' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Species', 'Condition', 'Timepoint', 'Colonies', 'ED5 (°C)', 'ED50 (°C)', 'ED95 (°C)'],
      ['Acropora hyacinthus', 'Wild', '420', '1', '–', '35.50', '–'],
      ['Porites lobata', 'Heated', '420', '3', '–', '37.50 ± 0.71 (n = 2)', '–'],
      ['Porites lobata', 'Wild', '420', '3', '–', '37.00 ± 1.00', '–'],
    ]);
    expect(screen.getByText(/Values with quality flags are left out/)).toBeTruthy();
  });

  it('maps the project’s sites, named as their colonies name them', async () => {
    await openProject([
      colony(1, 'Porites lobata', [['Wild', 36]]),
      colony(2, 'Porites lobata', [['Wild', 37]]),
      colony(4, 'Acropora hyacinthus', [['Wild', 35.5]], 'RasGhanada'),
    ]);
    const section = screen.getByRole('region', { name: /^Sites/ });
    expect(within(section).getByText('2')).toBeTruthy();
    expect(
      within(section).getByRole('region', { name: 'Map of the sites of GlobalSearch_ArabSeas' }),
    ).toBeTruthy();
  });
});
