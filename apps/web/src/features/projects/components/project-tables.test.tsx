import type { TObservation } from '@coral/core';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildProjectDetail } from '@/testing/data';
import { renderApp } from '@/testing/render-app';

/** 120 observations: biosample _1 … _120, temperatures cycling 30…41, timepoints 0 or 420. */
function manyObservations(): TObservation[] {
  const [template] = buildProjectDetail().observations;
  return Array.from({ length: 120 }, (_, index) => ({
    ...template!,
    id: 1000 + index,
    biosample: { ...template!.biosample, id: 5000 + index, name: `Saadiyat_nubbin_${index + 1}` },
    condition: index % 2 === 0 ? 'Winter' : 'Summer',
    temperature: 30 + (index % 12),
    timepoint: index % 3 === 0 ? '0' : '420',
  }));
}

async function openProject(observations = manyObservations()) {
  renderApp('/project/82', {
    'GET /api/public/projects/{projectId}/': buildProjectDetail({ observations }),
    'GET /api/public/datasets/': [],
  });
  await screen.findByRole('heading', { level: 1, name: 'GlobalSearch_ArabSeas' });
}

const bodyRows = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);
const firstCells = (table: HTMLElement) =>
  bodyRows(table).map((row) => within(row).getAllByRole('cell')[0]!.textContent);

describe('Project tables (decision 0017)', () => {
  it('names the units in the headers: °C for temperatures and thresholds, minutes for timepoints', async () => {
    await openProject();
    const colonies = screen.getByRole('region', { name: 'Colonies table' });
    const colonyHeaders = within(colonies)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(colonyHeaders.slice(4)).toEqual([
      expect.stringMatching(/^Breakpoint Temperature ED5 \(°C\)/),
      expect.stringMatching(/^Thermal Tolerance ED50 \(°C\)/),
      expect.stringMatching(/^Thermal Limit ED95 \(°C\)/),
    ]);
    const observations = screen.getByRole('region', { name: 'Observations table' });
    expect(within(observations).getByRole('button', { name: /^Temperature \(°C\)/ })).toBeTruthy();
    expect(within(observations).getByRole('button', { name: /^Timepoint \(min\)/ })).toBeTruthy();
  });

  it('keeps names whole and links colonies and species to their pages', async () => {
    await openProject();
    const colonies = screen.getByRole('region', { name: 'Colonies table' });
    const colonyLink = within(colonies).getByRole('link', {
      name: 'Saadiyat_Cyphastrea_micropthlama_1',
    });
    expect(colonyLink.getAttribute('href')).toBe('/colony/2872');
    expect(colonyLink.closest('td')!.className).toContain('table-name-cell');
    expect(colonyLink.closest('td')!.className).not.toContain('text-break');
    const speciesLink = within(colonies).getByRole('link', { name: 'Cyphastrea micropthlama' });
    expect(speciesLink.getAttribute('href')).toBe('/species/Cyphastrea%20micropthlama');
    const observations = screen.getByRole('region', { name: 'Observations table' });
    expect(within(observations).getByText('Saadiyat_nubbin_1').className).toContain(
      'table-name-cell',
    );
  });

  it('shows 50 rows a page, with a pager', async () => {
    const user = userEvent.setup();
    await openProject();
    const section = screen.getByRole('region', { name: 'Observations' });
    const table = within(section).getByRole('region', { name: 'Observations table' });
    expect(bodyRows(table)).toHaveLength(50);
    expect(within(section).getByText('Rows 1–50 of 120')).toBeTruthy();
    const pager = within(section).getByRole('navigation', { name: 'Pages of observations' });
    expect(within(pager).getByText('Page 1 of 3')).toBeTruthy();
    await user.click(within(pager).getByRole('button', { name: 'Last' }));
    expect(bodyRows(table)).toHaveLength(20);
    expect(firstCells(table)[0]).toBe('Saadiyat_nubbin_101');
    // a short table has no pager
    const experiments = screen.getByRole('region', { name: 'Experiments' });
    expect(within(experiments).queryByRole('navigation')).toBeNull();
  });

  it('searches the rows', async () => {
    const user = userEvent.setup();
    await openProject();
    const section = screen.getByRole('region', { name: 'Observations' });
    const table = within(section).getByRole('region', { name: 'Observations table' });
    const search = within(section).getByRole('searchbox', { name: 'Search observations' });
    await user.click(search);
    await user.paste('nubbin_11');
    expect(firstCells(table)).toEqual([
      'Saadiyat_nubbin_11',
      ...Array.from({ length: 10 }, (_, i) => `Saadiyat_nubbin_${110 + i}`),
    ]);
    expect(within(section).getByText('Rows 1–11 of 11 matching (120 in all)')).toBeTruthy();
    await user.clear(search);
    await user.paste('no such colony');
    expect(within(section).getByText('No matching rows')).toBeTruthy();
  });

  it('sorts by a column header, marking it with aria-sort', async () => {
    const user = userEvent.setup();
    await openProject();
    const section = screen.getByRole('region', { name: 'Observations' });
    const table = within(section).getByRole('region', { name: 'Observations table' });
    const temperature = within(table).getByRole('button', { name: /^Temperature/ });
    const header = temperature.closest('th')!;
    expect(header.getAttribute('aria-sort')).toBe('none');

    await user.click(temperature);
    expect(header.getAttribute('aria-sort')).toBe('ascending');
    const cellOf = (row: HTMLElement) => within(row).getAllByRole('cell')[4]!.textContent;
    expect(cellOf(bodyRows(table)[0]!)).toBe('30°C');

    await user.click(temperature);
    expect(header.getAttribute('aria-sort')).toBe('descending');
    expect(cellOf(bodyRows(table)[0]!)).toBe('41°C');

    await user.click(within(table).getByRole('button', { name: /^BioSample Name/ }));
    expect(header.getAttribute('aria-sort')).toBe('none');
    // natural order: _2 comes before _10
    expect(firstCells(table).slice(0, 3)).toEqual([
      'Saadiyat_nubbin_1',
      'Saadiyat_nubbin_2',
      'Saadiyat_nubbin_3',
    ]);
  });
});
