import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { buildProjectDetail } from '@/testing/data';
import { buildDatasetSummary } from '@/testing/datasets';
import { errorResponse } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';

describe('Project detail', () => {
  it('shows the header and every non-empty section', async () => {
    renderApp('/project/82', {
      'GET /api/public/projects/{projectId}/': buildProjectDetail(),
      'GET /api/public/datasets/': [],
    });
    expect(await screen.findByText('Loading project details...')).toBeTruthy();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'GlobalSearch_ArabSeas' }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Projects' }).getAttribute('href')).toBe(
      '/projects',
    );
    expect(screen.getByText('Created: January 12, 2026')).toBeTruthy();
    expect(screen.getByText('Owner: chris')).toBeTruthy();

    const publications = screen.getByRole('region', { name: 'Publications' });
    expect(within(publications).getByText('2025')).toBeTruthy();
    expect(within(publications).getByRole('link', { name: /View DOI/ })).toBeTruthy();

    const experiments = screen.getByRole('region', { name: 'Experiments' });
    expect(within(experiments).getByText('Experiment Date')).toBeTruthy();
    expect(within(experiments).getByText('May 16, 2022')).toBeTruthy();

    const colonies = screen.getByRole('region', { name: 'Colonies' });
    expect(within(colonies).getByText('24.5995, 54.4227')).toBeTruthy();
    expect(within(colonies).getByText('ArabSeas (Timepoint: 420): 37.34')).toBeTruthy();
    expect(within(colonies).getAllByText('No data available')).toHaveLength(2);
    expect(within(colonies).queryByText('flagged')).toBeNull();

    const observations = screen.getByRole('region', { name: 'Observations' });
    expect(within(observations).getByText('42°C')).toBeTruthy();
    expect(within(observations).getByText('N/A')).toBeTruthy();
    expect(within(observations).getByText('None')).toBeTruthy();
    expect(screen.queryByText('No Data Available')).toBeNull();
  });

  it("hides empty sections and shows 'No Data Available' when there is nothing", async () => {
    renderApp('/project/61', {
      'GET /api/public/projects/{projectId}/': buildProjectDetail({
        publications: [],
        experiments: [],
        colonies: [],
        observations: [],
        owner: null,
      }),
      'GET /api/public/datasets/': [],
    });
    expect(await screen.findByText('No Data Available')).toBeTruthy();
    expect(screen.getByText('Owner: Unknown')).toBeTruthy();
    expect(
      screen.queryByRole('region', { name: /Publications|Experiments|Colonies|Observations/ }),
    ).toBeNull();
  });

  it("shows 'Project Not Found' for a 404", async () => {
    renderApp('/project/999', {
      'GET /api/public/projects/{projectId}/': errorResponse(
        404,
        'Project 999 not found',
        'NOT_FOUND',
      ),
    });
    expect(await screen.findByRole('heading', { name: 'Project Not Found' })).toBeTruthy();
  });

  it("shows 'Error Loading Project' with the HTTP status and a Back button", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderApp('/project/61', { 'GET /api/public/projects/{projectId}/': errorResponse(500) });
    expect(await screen.findByRole('heading', { name: 'Error Loading Project' })).toBeTruthy();
    expect(screen.getByText('HTTP error! status: 500')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe('/projects');
  });
});

describe('Project datasets', () => {
  it("lists the project's datasets with licence and version, each linking to its page", async () => {
    const { fetchMock } = renderApp('/project/82', {
      'GET /api/public/projects/{projectId}/': buildProjectDetail(),
      'GET /api/public/datasets/': [
        buildDatasetSummary(),
        buildDatasetSummary({ id: 8, title: 'Seed data', licence: null, version: 1 }),
      ],
    });
    const section = await screen.findByRole('region', { name: 'Datasets' });
    const links = within(section).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['CBASS thresholds of the Arabian Seas', '/datasets/7'],
      ['Seed data', '/datasets/8'],
    ]);
    expect(within(section).getByText('CC BY 4.0')).toBeTruthy();
    expect(within(section).getByText('Licence not stated')).toBeTruthy();
    expect(within(section).getByText('Version 2 · March 2, 2026')).toBeTruthy();
    expect(fetchMock.mock.calls.map(([url]) => url as string)).toContain(
      '/api/public/datasets/?project=82',
    );
  });

  it('hides the section when the project has no dataset', async () => {
    const { fetchMock } = renderApp('/project/82', {
      'GET /api/public/projects/{projectId}/': buildProjectDetail(),
      'GET /api/public/datasets/': [],
    });
    await screen.findByRole('region', { name: 'Publications' });
    await waitFor(() =>
      expect(fetchMock.mock.calls.map(([url]) => url as string)).toContain(
        '/api/public/datasets/?project=82',
      ),
    );
    expect(screen.queryByRole('region', { name: 'Datasets' })).toBeNull();
  });
});

describe('Project detail quality flags', () => {
  it('marks a threshold whose absolute value is a failed fit', async () => {
    const project = buildProjectDetail();
    const colony = project.colonies[0]!;
    colony.thermal_tolerances[0]!.abs_thermal_tolerance = 2365.11;
    colony.thermal_tolerances[0]!.quality_flags = ['implausible_absolute', 'missing_mmm'];
    renderApp('/project/82', {
      'GET /api/public/projects/{projectId}/': project,
      'GET /api/public/datasets/': [],
    });
    const badge = await screen.findByText('flagged');
    expect(badge.closest('td')?.textContent).toBe(
      'ArabSeas (Timepoint: 420): 2365.11flagged: implausible value (failed curve fit)',
    );
    expect(badge.getAttribute('title')).toBe(
      'implausible value (failed curve fit) (what does this mean?)',
    );
    expect(badge.getAttribute('href')).toBe('/quality-flags#implausible_absolute');
  });
});

describe('Project detail collection dates', () => {
  it('marks a collection date after today (the seed’s year 2222) as impossible', async () => {
    const project = buildProjectDetail();
    project.observations[0]!.biosample.collection_date = '2222-08-07';
    renderApp('/project/82', {
      'GET /api/public/projects/{projectId}/': project,
      'GET /api/public/datasets/': [],
    });
    const badge = await screen.findByText('impossible date');
    expect(badge.closest('td')?.textContent).toBe('August 7, 2222impossible date');
    expect(screen.getAllByText('impossible date')).toHaveLength(1);
  });

  it("offers the project's files when it has colonies, and nothing to download when not", async () => {
    renderApp('/project/82', {
      'GET /api/public/projects/{projectId}/': buildProjectDetail(),
      'GET /api/public/datasets/': [],
    });
    await userEvent.click(
      await screen.findByRole('button', {
        name: 'Download the colonies of project GlobalSearch_ArabSeas',
      }),
    );
    expect(screen.getByRole('link', { name: /^GeoJSON/ }).getAttribute('href')).toBe(
      '/api/public/projects/82/downloads/colonies.geojson',
    );
    expect(screen.getByRole('link', { name: 'See How to cite' }).getAttribute('href')).toBe(
      '/cite',
    );
  });

  it('offers no download for a project without colonies', async () => {
    renderApp('/project/82', {
      'GET /api/public/projects/{projectId}/': buildProjectDetail({ colonies: [] }),
      'GET /api/public/datasets/': [],
    });
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Download the colonies/ })).toBeNull();
  });
});
