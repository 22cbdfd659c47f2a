import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { TStatistics } from '@coral/core';
import { buildConfig, buildStatistics } from '@/testing/data';
import { errorResponse } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';

const strip = () => screen.getByRole('region', { name: 'Statistics' });

describe('Home', () => {
  it('shows placeholders and Loading... until the statistics arrive, then the values', async () => {
    let answer: (value: TStatistics) => void = () => undefined;
    renderApp('/', {
      'GET /api/public/statistics/': new Promise((resolve) => (answer = resolve)),
    });
    await screen.findByRole('heading', {
      level: 1,
      name: 'Coral Thermal Tolerance Research Platform',
    });
    expect(within(strip()).getAllByText('Loading...')).toHaveLength(4);
    expect(within(strip()).getAllByText('•••')).toHaveLength(4);

    answer(buildStatistics());
    await within(strip()).findByText('682');
    expect(within(strip()).getByText('11')).toBeTruthy();
    expect(within(strip()).getByText('6')).toBeTruthy();
    expect(within(strip()).getByText('24/7')).toBeTruthy();
    expect(within(strip()).queryByText('Loading...')).toBeNull();
    for (const label of ['Coral Colonies', 'Research Projects', 'Countries', 'Data Access']) {
      expect(within(strip()).getByText(label)).toBeTruthy();
    }
  });

  it('applies the ≥1000 rule and the Limited label', async () => {
    renderApp('/', {
      'GET /api/public/statistics/': buildStatistics({
        coral_colonies: 2500,
        research_projects: 1000,
        countries: 999,
        data_access_24_7: false,
      }),
    });
    await within(await screen.findByRole('region', { name: 'Statistics' })).findByText('2+');
    expect(within(strip()).getByText('1+')).toBeTruthy();
    expect(within(strip()).getByText('999')).toBeTruthy();
    expect(within(strip()).getByText('Limited')).toBeTruthy();
  });

  it('shows zeros when the statistics call fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderApp('/', { 'GET /api/public/statistics/': errorResponse(500) });
    await screen.findByRole('region', { name: 'Statistics' });
    await waitFor(() => expect(within(strip()).getAllByText('0')).toHaveLength(3));
    expect(within(strip()).getByText('Limited')).toBeTruthy();
  });

  it('sends Request Account Access to a mail in place when no form is configured', async () => {
    const mail = 'mailto:coral@example.org?subject=Account%20request';
    renderApp('/', {
      'GET /api/public/config/': buildConfig({
        links: { ...buildConfig().links, accountRequestForm: mail },
      }),
      'GET /api/public/statistics/': buildStatistics(),
    });
    const request = await screen.findByRole('link', { name: 'Request Account Access' });
    expect(request.getAttribute('href')).toBe(mail);
    expect(request.getAttribute('target')).toBeNull();
  });

  it('has the hero buttons, CBASS cards, features and contribute sections', async () => {
    renderApp('/', { 'GET /api/public/statistics/': buildStatistics() });
    const explore = await screen.findByRole('link', { name: 'Explore Features' });
    expect(explore.getAttribute('href')).toBe('#features');
    const request = screen.getByRole('link', { name: /Request Account Access/ });
    expect(request.getAttribute('href')).toBe('https://forms.example.org/account');
    expect(request.getAttribute('target')).toBe('_blank');
    expect(screen.getByRole('link', { name: 'View Map' }).getAttribute('href')).toBe('/map');
    expect(screen.getByText(/50% of the initial photosystem efficiency is lost/)).toBeTruthy();
    expect(
      screen.getByText(
        /4 samples at 4 temperature profiles, for at least 2 colonies of 1 species from 1 site/,
      ),
    ).toBeTruthy();
    const references = screen.getByRole('region', { name: 'CBASS Research Tools' });
    const badges = within(references).getAllByRole('link');
    expect(
      badges.map((badge) => [
        badge.textContent,
        badge.getAttribute('href'),
        badge.getAttribute('target'),
      ]),
    ).toEqual([
      [
        'Voolstra et al. 2020, Global Change Biology (opens in a new tab)',
        'https://doi.org/10.1111/gcb.15148',
        '_blank',
      ],
      [
        'Evensen et al. 2023, L&O Methods (opens in a new tab)',
        'https://doi.org/10.1002/lom3.10555',
        '_blank',
      ],
      ['CBASSED50 (R) (opens in a new tab)', 'https://doi.org/10.5281/zenodo.8370644', '_blank'],
      [
        'drc log-logistic model (LL.3) (opens in a new tab)',
        'https://doi.org/10.1371/journal.pone.0146021',
        '_blank',
      ],
    ]);
    expect(document.getElementById('features')?.querySelectorAll('.card')).toHaveLength(4);
    const contribute = document.getElementById('contribute');
    expect(contribute).not.toBeNull();
    const source = within(contribute!).getByRole('link', { name: /Source code/ });
    expect(source.getAttribute('href')).toBe('https://github.com/example/coral');
    expect(
      within(contribute!).getByRole('link', { name: 'Upload Data' }).getAttribute('href'),
    ).toBe('/upload');
    await waitFor(() => expect(document.title).toBe('Home · Coral Thermal Tolerance'));
  });
});
