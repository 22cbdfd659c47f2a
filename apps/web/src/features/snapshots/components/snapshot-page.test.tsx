import { ZSnapshot, type TSnapshot } from '@coral/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { errorResponse } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';

/** A snapshot as the contract describes it: a map view over two dataset versions. */
const snapshot: TSnapshot = ZSnapshot.parse({
  id: 'snap-4f2a',
  created_at: '2026-11-24T09:30:00.000Z',
  source: 'map',
  description: 'Map view: species Porites lutea, hide flagged values',
  query: { species: 'Porites lutea', hideFlagged: true },
  data_version: 17,
  colony_count: 1234,
  content_hash: 'sha256:9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
  citation: 'Coral Thermal Tolerance (2026). Citable snapshot snap-4f2a [Data set].',
  licences: ['CC-BY-NC-4.0', 'CC-BY-4.0', null],
  datasets: [
    {
      dataset_id: 7,
      version: 2,
      title: 'CBASS thresholds of the Arabian Seas',
      citation:
        'Silva, A., & Voolstra, C. (2026). CBASS thresholds of the Arabian Seas (Version 2).',
      licence: 'CC-BY-NC-4.0',
      doi: null,
      colonies: 1000,
      withdrawn: false,
    },
    {
      dataset_id: 9,
      version: 1,
      title: 'Red Sea assays',
      citation: 'Evensen, N. (2025). Red Sea assays (Version 1).',
      licence: 'CC-BY-4.0',
      doi: '10.5281/zenodo.1',
      colonies: 234,
      withdrawn: true,
    },
  ],
});

const open = (handlers = {}) =>
  renderApp('/snapshots/snap-4f2a', {
    'GET /api/public/snapshots/{snapshotId}/': snapshot,
    ...handlers,
  });

describe('Snapshot page', () => {
  it('shows what was frozen, from the snapshot the API sends', async () => {
    const { fetchMock } = open();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Citable snapshot snap-4f2a' }),
    ).toBeTruthy();
    expect(fetchMock.mock.calls.map(([url]) => url)).toContain('/api/public/snapshots/snap-4f2a/');
    await waitFor(() =>
      expect(document.title).toBe('Citable snapshot snap-4f2a · Coral Thermal Tolerance'),
    );
    const frozen = screen.getByRole('region', { name: 'What was frozen' });
    expect(within(frozen).getByText(snapshot.description)).toBeTruthy();
    const facts = [...frozen.querySelectorAll('dl > div')].map((row) => row.textContent);
    expect(facts).toEqual([
      'Source:A map view',
      'Created:November 24, 2026',
      'Data version:17',
      'Colonies:1,234',
      `Content hash:${snapshot.content_hash}`,
    ]);
  });

  it('gives the citation to copy and its DataCite JSON', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    open();
    const citation = await screen.findByRole('region', { name: 'How to cite' });
    expect(within(citation).getByText(snapshot.citation)).toBeTruthy();
    await userEvent.click(within(citation).getByRole('button', { name: 'Copy citation' }));
    expect(writeText).toHaveBeenCalledWith(snapshot.citation);
    expect(await within(citation).findByText('Citation copied.')).toBeTruthy();
    expect(within(citation).getByRole('link', { name: 'DataCite JSON' }).getAttribute('href')).toBe(
      '/api/public/snapshots/snap-4f2a/datacite.json',
    );
  });

  it('lists the licences, most restrictive first, with their names and deeds', async () => {
    open();
    const licences = await screen.findByRole('region', { name: /^Licences/ });
    const items = within(licences).getAllByRole('listitem');
    expect(items.map((item) => within(item).getAllByText(/./)[0]?.textContent)).toEqual([
      'CC BY-NC 4.0',
      'CC BY 4.0',
      'Licence not stated',
    ]);
    expect(
      within(items[0]!).getByText('Creative Commons Attribution-NonCommercial 4.0 International.'),
    ).toBeTruthy();
    expect(
      within(licences)
        .getAllByRole('link', { name: /^Licence deed/ })
        .map((link) => link.getAttribute('href')),
    ).toEqual([
      'https://creativecommons.org/licenses/by-nc/4.0/',
      'https://creativecommons.org/licenses/by/4.0/',
    ]);
  });

  it('lists the dataset versions with their citations, marking a withdrawn one', async () => {
    open();
    const datasets = await screen.findByRole('region', { name: /^Datasets/ });
    const [first, second] = within(datasets).getAllByRole('listitem');
    expect(
      within(first!)
        .getByRole('link', { name: 'CBASS thresholds of the Arabian Seas, version 2' })
        .getAttribute('href'),
    ).toBe('/datasets/7/versions/2');
    expect(within(first!).getByText(snapshot.datasets[0]!.citation)).toBeTruthy();
    expect(within(first!).queryByText('Withdrawn')).toBeNull();
    expect(
      within(second!).getByRole('link', { name: 'Red Sea assays, version 1' }).getAttribute('href'),
    ).toBe('/datasets/9/versions/1');
    expect(
      within(second!)
        .getByRole('link', { name: /10\.5281\/zenodo\.1/ })
        .getAttribute('href'),
    ).toBe('https://doi.org/10.5281/zenodo.1');
    expect(within(first!).queryByText(/DOI/)).toBeNull();
    expect(within(second!).getByText('Withdrawn')).toBeTruthy();
    expect(within(second!).getByText(/left out of every download/)).toBeTruthy();
  });

  it("offers the snapshot's files", async () => {
    open();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Download the colonies of snapshot snap-4f2a' }),
    );
    expect(screen.getByRole('link', { name: /^CSV/ }).getAttribute('href')).toBe(
      '/api/public/snapshots/snap-4f2a/downloads/colonies.csv',
    );
    expect(screen.getByRole('link', { name: 'Citation (CITATION.cff)' }).getAttribute('href')).toBe(
      '/api/public/snapshots/snap-4f2a/downloads/CITATION.cff',
    );
  });

  it('shows not found for an unknown snapshot', async () => {
    open({
      'GET /api/public/snapshots/{snapshotId}/': errorResponse(404, 'Not found', 'NOT_FOUND'),
    });
    expect(await screen.findByRole('heading', { name: 'Snapshot Not Found' })).toBeTruthy();
    expect(screen.getByText('snap-4f2a')).toBeTruthy();
    await waitFor(() =>
      expect(document.title).toBe('Snapshot Not Found · Coral Thermal Tolerance'),
    );
  });
});
