import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorResponse } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { COLONY_658 } from '../testing/colony-658';
import { COLONY_663 } from '../testing/colony-663';

const region = (name: string | RegExp) => screen.getByRole('region', { name });

describe('Colony page', () => {
  it('shows the colony, its thresholds, refitted curves, sources, map and citation (seed colony 658)', async () => {
    renderApp('/colony/658', { 'GET /api/public/colonies/{colonyId}/': COLONY_658 });
    expect(await screen.findByText('Loading colony...')).toBeTruthy();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Vatu-o-lalai_Porites_cylindrica_1' }),
    ).toBeTruthy();
    await waitForTitle('Vatu-o-lalai_Porites_cylindrica_1 · Coral Thermal Tolerance');
    expect(screen.getByRole('link', { name: 'Porites cylindrica' }).getAttribute('href')).toBe(
      '/species/Porites%20cylindrica',
    );
    // Shown as written: nothing to add.
    expect(screen.queryByText(/written as/)).toBeNull();
    expect(screen.getByText('Fiji')).toBeTruthy();
    expect(screen.getByText('-18.2058, 177.6890')).toBeTruthy();

    // Every kind of the registry, each entry with its assay and values.
    const thresholds = region('Thermal thresholds');
    expect(within(thresholds).getAllByTestId('threshold-ed50')).toHaveLength(2);
    expect(within(thresholds).getAllByTestId('threshold-ed5')).toHaveLength(2);
    expect(within(thresholds).getAllByTestId('threshold-ed95')).toHaveLength(2);
    expect(within(thresholds).getByText('37.57°C')).toBeTruthy();
    expect(within(thresholds).getAllByText('none')).toHaveLength(6);

    // One plot per assay, each with its refit curve and the stored values beside the refit.
    const observations = region('PAM observations and refitted curves');
    const assays = within(observations).getAllByTestId('assay');
    expect(assays.map((a) => within(a).getByRole('heading').textContent)).toEqual([
      'Summer · 420',
      'Winter · 420',
    ]);
    for (const assay of assays) {
      expect(within(assay).getByRole('img', { name: /^Dose-response, / })).toBeTruthy();
      expect(within(assay).getByTestId('refit-curve').getAttribute('d')).toMatch(/^M[\d.]+,/);
    }
    // Colony 658's own observations give back the ED50 its dataset stored: nothing is marked.
    const winterEd50 = within(assays[1]!).getByTestId('refit-ed50');
    expect(
      within(winterEd50)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['37.57°C', '37.57°C']);
    expect(within(observations).queryByText('differs from stored')).toBeNull();
    expect(within(observations).getByText('All 8 observations as a table')).toBeTruthy();

    const sources = region('Projects and dataset');
    expect(
      within(sources)
        .getByRole('link', { name: '2022_FJI_Viti_Levu_ElisaJahreis (version 1)' })
        .getAttribute('href'),
    ).toBe('/datasets/1/versions/1');
    expect(
      within(sources)
        .getByRole('link', { name: '2022_FJI_Viti_Levu_ElisaJahreis' })
        .getAttribute('href'),
    ).toBe('/project/61');
    expect(within(sources).getByText('Licence not stated')).toBeTruthy();

    expect(screen.getByTestId('colony-location-map')).toBeTruthy();
    expect(within(region('How to cite')).getByTestId('citation-text').textContent).toBe(
      COLONY_658.dataset.citation.text,
    );
  });

  it('shows a synonym under its accepted name, with the name as written beside it (decision 0063)', async () => {
    // WoRMS' recorded answer (fixtures/worms): Coryphaena immaculata is a synonym of C. hippurus.
    const synonym = {
      ...COLONY_658,
      species: 'Coryphaena hippurus',
      verbatim_species: 'Coryphaena immaculata',
    };
    renderApp('/colony/658', { 'GET /api/public/colonies/{colonyId}/': synonym });
    const link = await screen.findByRole('link', { name: 'Coryphaena hippurus' });
    expect(link.getAttribute('href')).toBe('/species/Coryphaena%20hippurus');
    expect(screen.getByText('(written as Coryphaena immaculata)')).toBeTruthy();
  });

  it('explains the quality flags and marks a refit that differs from the stored value (seed colony 663)', async () => {
    renderApp('/colony/663', { 'GET /api/public/colonies/{colonyId}/': COLONY_663 });
    const thresholds = await screen.findByRole('region', { name: 'Thermal thresholds' });
    const flagLinks = within(thresholds).getAllByRole('link', { name: 'Implausible value' });
    expect(flagLinks).toHaveLength(3);
    expect(flagLinks[0]!.getAttribute('href')).toBe('/quality-flags#implausible_absolute');
    expect(within(thresholds).getAllByText(/curve that did not fit/)).toHaveLength(3);

    const winter = region('Assay Winter · 420');
    const ed50 = within(winter).getByTestId('refit-ed50');
    const [stored, refit] = within(ed50).getAllByRole('cell');
    expect(stored!.textContent).toBe('58.59°C');
    expect(refit!.textContent).toMatch(/differs from stored$/);
  });

  it.each([
    ['an unknown or unpublished colony (404)', 404],
    ['a malformed id (400)', 400],
  ])('shows Colony Not Found for %s', async (_, status) => {
    renderApp('/colony/900001', {
      'GET /api/public/colonies/{colonyId}/': errorResponse(status, 'Colony 900001 not found'),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Colony Not Found' })).toBeTruthy();
    expect(screen.getByText(/There is no published colony with the id/)).toBeTruthy();
    await waitForTitle('Colony Not Found · Coral Thermal Tolerance');
  });

  it('shows next to each value how it was computed: refit by the platform or as submitted', async () => {
    const refit =
      'Refit by the platform: LL.3 joint fit, coral-platform ED engine 0.1.0 (drc 3.0-1 compatible)';
    const [first, ...rest] = COLONY_658.thermal_tolerances;
    renderApp('/colony/658', {
      'GET /api/public/colonies/{colonyId}/': {
        ...COLONY_658,
        thermal_tolerances: [
          {
            ...first!,
            provenance: {
              method: 'refit',
              model: 'LL.3',
              fit: 'joint',
              bounds: null,
              software: 'coral-platform ED engine 0.1.0 (drc 3.0-1 compatible)',
              label: refit,
            },
          },
          ...rest,
        ],
      },
    });
    await screen.findByRole('heading', { level: 1, name: 'Vatu-o-lalai_Porites_cylindrica_1' });
    const thresholds = region('Thermal thresholds');
    const ed50Rows = within(thresholds).getAllByTestId('threshold-ed50');
    expect(within(ed50Rows[0]!).getByTestId('threshold-provenance').textContent).toBe(refit);
    expect(within(ed50Rows[1]!).getByTestId('threshold-provenance').textContent).toBe(
      'As submitted',
    );
    expect(
      within(thresholds)
        .getAllByTestId('threshold-provenance')
        .filter((cell) => cell.textContent === 'As submitted'),
    ).toHaveLength(5);
  });

  it('shows the error of a failed request', async () => {
    renderApp('/colony/658', {
      'GET /api/public/colonies/{colonyId}/': errorResponse(500, 'Database unavailable'),
    });
    expect(await screen.findByRole('heading', { name: 'Error Loading Colony' })).toBeTruthy();
  });
});

async function waitForTitle(title: string) {
  await screen.findByText(title, { selector: 'title' }).catch(() => undefined);
  expect(document.title).toBe(title);
}
