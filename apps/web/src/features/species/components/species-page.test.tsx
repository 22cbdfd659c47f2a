import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { speciesDistributions, type TSpeciesDetail } from '@coral/core';
import { errorResponse } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';

const fijiA = { country: 'FJI', latitude: -18.20583554, longitude: 177.6889888 };
const fijiB = { country: 'FJI', latitude: -18.21439537, longitude: 177.7107388 };

/** A species answer as the server builds it (grouping by core's speciesDistributions). */
function buildSpecies(): TSpeciesDetail {
  const colonies = [
    { id: 658, ...fijiA },
    { id: 659, ...fijiA },
    { id: 668, ...fijiB },
  ];
  return {
    name: 'Porites cylindrica',
    colony_count: 3,
    ed50_entry_count: 4,
    hidden_entry_count: 1,
    ...speciesDistributions(colonies, [
      { colony_id: 658, condition: 'Winter', abs: 37.57, rel: 9.12 },
      { colony_id: 659, condition: 'Winter', abs: 37.41, rel: 8.96 },
      { colony_id: 658, condition: 'Summer', abs: 37.65, rel: 9.2 },
      { colony_id: 668, condition: 'Summer', abs: 37.22, rel: null },
    ]),
    projects: [
      {
        id: 61,
        name: '2022_FJI_Viti_Levu_ElisaJahreis',
        colony_count: 20,
        sites: ['Tagaqe', 'Votua'],
      },
    ],
    datasets: [{ id: 1, title: '2022_FJI_Viti_Levu_ElisaJahreis', version: 1 }],
  };
}

// Whole-app renders with a lazy page: allow for a loaded machine.
describe('Species page', { timeout: 20_000 }, () => {
  it('shows the facts, both groupings as plots with their tables, the map and the sources', async () => {
    const { fetchMock } = renderApp('/species/Porites%20cylindrica', {
      'GET /api/public/species/{name}/': buildSpecies(),
    });
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Porites cylindrica' },
        // The page and Leaflet load lazily: slow on a loaded machine.
        { timeout: 10_000 },
      ),
    ).toBeTruthy();
    // The name reaches the API encoded once.
    expect(
      fetchMock.mock.calls.some(([input]) =>
        (input instanceof Request ? input.url : input.toString()).endsWith(
          '/api/public/species/Porites%20cylindrica/',
        ),
      ),
    ).toBe(true);
    expect(document.title).toBe('Porites cylindrica · Coral Thermal Tolerance');
    const facts = screen.getByRole('list', { name: 'Species facts' });
    expect(within(facts).getByText('3 colonies')).toBeTruthy();
    expect(within(facts).getByText('2 sites')).toBeTruthy();
    expect(screen.getByText(/1 ED50 value is left out as untrustworthy/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'quality flags' }).getAttribute('href')).toBe(
      '/quality-flags',
    );

    const bySite = screen.getByRole('region', { name: 'ED50 by site' });
    // Each inner section is named with its card: no two landmarks share a name (axe).
    expect(within(bySite).getByRole('region', { name: 'Absolute ED50 by site' })).toBeTruthy();
    expect(
      screen.getByRole('region', { name: 'Relative ED50 (ED50 − MMM) by condition' }),
    ).toBeTruthy();
    expect(within(bySite).getAllByRole('img')).toHaveLength(2);
    const siteTable = within(bySite).getByRole('region', {
      name: 'Absolute ED50 by site: numbers (°C)',
    });
    const siteRow = within(siteTable)
      .getByRole('rowheader', { name: 'FJI · 18.2058° S, 177.6890° E' })
      .closest('tr')!;
    // Two colonies, three values: median 37.57, quartiles by R's type 7.
    expect([...siteRow.querySelectorAll('td')].map((td) => td.textContent)).toEqual([
      '2',
      '3',
      '37.57',
      '37.49–37.61',
      '37.54 ± 0.12',
      '37.41–37.65',
    ]);
    // The colony without an MMM has no relative value: its site has one value only, no SD.
    const relative = within(bySite).getByRole('region', {
      name: 'Relative ED50 (ED50 − MMM) by site: numbers (°C)',
    });
    const otherSite = within(relative)
      .getByRole('rowheader', {
        name: 'FJI · 18.2144° S, 177.7107° E',
      })
      .closest('tr')!;
    expect(otherSite.textContent).toContain('No value');

    const byCondition = screen.getByRole('region', { name: 'ED50 by condition' });
    const conditionTable = within(byCondition).getByRole('region', {
      name: 'Absolute ED50 by condition: numbers (°C)',
    });
    expect(
      within(conditionTable)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Summer', 'Winter']);
    expect(
      within(byCondition).getByRole('img', { name: 'Absolute ED50 by condition' }),
    ).toBeTruthy();

    expect(
      screen.getByRole('region', {
        name: 'Map of the sites where Porites cylindrica was measured',
      }),
    ).toBeTruthy();
    const projects = screen.getByRole('region', { name: 'Projects' });
    expect(
      within(projects)
        .getByRole('link', { name: '2022_FJI_Viti_Levu_ElisaJahreis' })
        .getAttribute('href'),
    ).toBe('/project/61');
    // Same-named projects are told apart by their colonies of the species and their sites.
    const project = within(projects).getByRole('link', { name: '2022_FJI_Viti_Levu_ElisaJahreis' });
    expect(project.parentElement!.textContent).toBe(
      '2022_FJI_Viti_Levu_ElisaJahreis · 20 colonies · Tagaqe, Votua',
    );
    const datasets = screen.getByRole('region', { name: 'Datasets' });
    expect(
      within(datasets)
        .getByRole('link', { name: '2022_FJI_Viti_Levu_ElisaJahreis' })
        .getAttribute('href'),
    ).toBe('/datasets/1');
  });

  it("says 'Species Not Found' for a species without public colonies", async () => {
    renderApp('/species/Acropora%20imaginaria', {
      'GET /api/public/species/{name}/': errorResponse(404, 'Species not found', 'NOT_FOUND'),
    });
    expect(
      await screen.findByRole('heading', { name: 'Species Not Found' }, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(screen.getByText('Acropora imaginaria')).toBeTruthy();
    expect(document.title).toBe('Species Not Found · Coral Thermal Tolerance');
  });

  it('shows the error of a failed request', async () => {
    renderApp('/species/Porites%20lobata', {
      'GET /api/public/species/{name}/': errorResponse(500, 'Database unavailable'),
    });
    expect(
      await screen.findByRole('heading', { name: 'Error Loading Species' }, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(screen.getByText('Database unavailable')).toBeTruthy();
  });
});
