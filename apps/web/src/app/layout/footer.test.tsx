import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildConfig, buildDataSummary, buildStatistics } from '@/testing/data';
import { errorResponse } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { licenceSummary } from './licence-summary';

const home = { 'GET /api/public/statistics/': buildStatistics() } as const;

describe('Footer', () => {
  it('is a contentinfo landmark with the licences, the data version and the links', async () => {
    renderApp('/', home);
    const footer = await screen.findByRole('contentinfo');
    expect(
      await within(footer).findByText('CC BY 4.0 (3 datasets) · licence not stated (11)', {
        exact: false,
      }),
    ).toBeTruthy();
    expect(within(footer).getByRole('link', { name: 'Data licences' }).getAttribute('href')).toBe(
      '/datasets',
    );
    expect(footer.textContent).toContain('Data version 14, last published November 20, 2026');
    expect(footer.querySelector('time')?.getAttribute('dateTime')).toBe('2026-11-20T09:30:00.000Z');
    expect(within(footer).getByRole('link', { name: 'How to cite' }).getAttribute('href')).toBe(
      '/cite',
    );
    expect(
      within(footer).getByRole('link', { name: 'API documentation' }).getAttribute('href'),
    ).toBe('/api/docs');
    const source = within(footer).getByRole('link', { name: /Source code/ });
    expect(source.getAttribute('href')).toBe('https://github.com/example/coral');
    expect(source.getAttribute('target')).toBe('_blank');
  });

  it('is on every page, not only the home page', async () => {
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeTruthy();
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'How to cite' })).toBeTruthy();
    expect(await within(footer).findByText(/Data version 14/)).toBeTruthy();
  });

  it('says so when no source repository is configured, and links nowhere', async () => {
    const config = buildConfig();
    config.links.sourceRepository = null;
    renderApp('/', { ...home, 'GET /api/public/config/': config });
    const footer = await screen.findByRole('contentinfo');
    expect(within(footer).getByText('Source code: no public repository configured')).toBeTruthy();
    expect(within(footer).queryByRole('link', { name: /Source code/ })).toBeNull();
  });

  it('says when there are no public datasets yet', async () => {
    renderApp('/', {
      ...home,
      'GET /api/public/data-summary/': buildDataSummary({ datasets: 0, licences: [] }),
    });
    const footer = await screen.findByRole('contentinfo');
    expect(await within(footer).findByText(/no public datasets yet/)).toBeTruthy();
  });

  it('keeps its links when the data summary cannot be loaded', async () => {
    renderApp('/', { ...home, 'GET /api/public/data-summary/': errorResponse(500) });
    const footer = await screen.findByRole('contentinfo');
    expect(
      await within(footer).findByText('Data licences and version could not be loaded.'),
    ).toBeTruthy();
    expect(within(footer).getByRole('link', { name: 'How to cite' })).toBeTruthy();
    expect(within(footer).getByRole('link', { name: 'API documentation' })).toBeTruthy();
  });
});

describe('licenceSummary', () => {
  it('names the unit once, in the singular for one dataset', () => {
    expect(licenceSummary([{ licence: 'CC0-1.0', datasets: 1 }])).toBe('CC0 1.0 (1 dataset)');
    expect(
      licenceSummary([
        { licence: 'CC-BY-NC-4.0', datasets: 2 },
        { licence: 'CC-BY-4.0', datasets: 1 },
        { licence: null, datasets: 11 },
      ]),
    ).toBe('CC BY-NC 4.0 (2 datasets) · CC BY 4.0 (1) · licence not stated (11)');
  });
});
