import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildDatasetSummary } from '@/testing/datasets';
import { renderApp } from '@/testing/render-app';

describe('Datasets list', () => {
  it('lists published datasets with project, creators, licence, version, date and counts', async () => {
    renderApp('/datasets', {
      'GET /api/public/datasets/': [
        buildDatasetSummary(),
        buildDatasetSummary({
          id: 3,
          title: 'Fiji 2022',
          project: { id: 61, name: '2022_FJI_Viti_Levu_ElisaJahreis' },
          licence: null,
          version: 1,
          creators: [],
          counts: {
            colonies: 1,
            observations: 8,
            thresholds: 2,
            species: ['Porites cylindrica'],
            countries: ['FJI'],
          },
        }),
      ],
    });
    expect(await screen.findByText('Loading datasets...')).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Datasets' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    const [first, second] = items as [HTMLElement, HTMLElement];
    expect(
      within(first)
        .getByRole('link', { name: 'CBASS thresholds of the Arabian Seas' })
        .getAttribute('href'),
    ).toBe('/datasets/7');
    expect(
      within(first).getByRole('link', { name: 'GlobalSearch_ArabSeas' }).getAttribute('href'),
    ).toBe('/project/82');
    expect(within(first).getByText('Creators: Ana Silva, Chris Voolstra')).toBeTruthy();
    expect(within(first).getByText('CC BY 4.0')).toBeTruthy();
    expect(within(first).getByText('Version 2')).toBeTruthy();
    expect(within(first).getByText('Published: March 2, 2026')).toBeTruthy();
    expect(within(first).getByText('120 colonies · 2 species')).toBeTruthy();
    expect(within(first).queryByText('Withdrawn')).toBeNull();
    expect(within(second).getByText('Licence not stated')).toBeTruthy();
    expect(within(second).getByText('1 colony · 1 species')).toBeTruthy();
    expect(within(second).getByText('Creators: No creators stated')).toBeTruthy();
    expect(screen.getByText('2 datasets')).toBeTruthy();
    expect(document.title).toBe('Datasets · Coral Thermal Tolerance');
  });

  it('maps every licence to its short name', async () => {
    renderApp('/datasets', {
      'GET /api/public/datasets/': [
        buildDatasetSummary({ id: 1, licence: 'CC0-1.0' }),
        buildDatasetSummary({ id: 2, licence: 'CC-BY-4.0' }),
        buildDatasetSummary({ id: 3, licence: 'CC-BY-NC-4.0' }),
        buildDatasetSummary({ id: 4, licence: null }),
      ],
    });
    const items = within(await screen.findByRole('list', { name: 'Datasets' })).getAllByRole(
      'listitem',
    );
    const labels = ['CC0 1.0', 'CC BY 4.0', 'CC BY-NC 4.0', 'Licence not stated'];
    items.forEach((item, index) => {
      expect(within(item).getByText(labels[index]!)).toBeTruthy();
      for (const other of labels.filter((label) => label !== labels[index])) {
        expect(within(item).queryByText(other)).toBeNull();
      }
    });
  });

  it('marks a withdrawn dataset and shows no data counts for it', async () => {
    renderApp('/datasets', {
      'GET /api/public/datasets/': [buildDatasetSummary({ withdrawn: true })],
    });
    const list = await screen.findByRole('list', { name: 'Datasets' });
    const item = within(list).getByRole('listitem');
    expect(within(item).getByText('Withdrawn')).toBeTruthy();
    expect(within(item).queryByText(/colonies ·/)).toBeNull();
    expect(within(item).getByText(/was withdrawn/)).toBeTruthy();
  });

  it('searches through the address (?q=) and says when nothing matches', async () => {
    const user = userEvent.setup();
    const { router, fetchMock } = renderApp('/datasets', {
      'GET /api/public/datasets/': (_request, url) =>
        url.searchParams.get('q') === 'nothing' ? [] : [buildDatasetSummary()],
    });
    await screen.findByRole('list', { name: 'Datasets' });
    await user.type(screen.getByRole('searchbox', { name: 'Search datasets' }), 'nothing');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=nothing'));
    expect(await screen.findByRole('heading', { name: 'No Datasets Found' })).toBeTruthy();
    expect(screen.getByText('No published dataset matches “nothing”.')).toBeTruthy();
    const urls = fetchMock.mock.calls.map(([url]) => url as string);
    expect(urls).toContain('/api/public/datasets/?q=nothing');
  });

  it('restores a shared search from the address', async () => {
    const { fetchMock } = renderApp('/datasets?q=Porites', {
      'GET /api/public/datasets/': [buildDatasetSummary()],
    });
    await screen.findByRole('list', { name: 'Datasets' });
    expect(screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search datasets' }).value).toBe(
      'Porites',
    );
    expect(screen.getByText('1 dataset matching “Porites”')).toBeTruthy();
    expect(fetchMock.mock.calls.map(([url]) => url as string)).toContain(
      '/api/public/datasets/?q=Porites',
    );
  });

  it("shows 'No Datasets Found' when none has been published", async () => {
    renderApp('/datasets', { 'GET /api/public/datasets/': [] });
    expect(await screen.findByText('No datasets have been published yet.')).toBeTruthy();
  });
});
