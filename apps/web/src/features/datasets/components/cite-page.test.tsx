import { LICENCE_IDS, LICENCE_NOT_STATED_PLAIN, LICENCES } from '@coral/core';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildConfig, buildDataSummary } from '@/testing/data';
import { renderApp } from '@/testing/render-app';
import { platformCitation } from './cite-page';

describe('/cite', () => {
  it('explains how to cite dataset versions, downloads, snapshots and the platform', async () => {
    renderApp('/cite');
    expect(await screen.findByRole('heading', { level: 1, name: 'How to cite' })).toBeTruthy();
    for (const name of [
      'Cite each dataset version you used',
      'Downloads carry their citation',
      'Citable snapshots',
      'Licences',
      'The platform itself',
    ]) {
      expect(screen.getByRole('region', { name })).toBeTruthy();
    }
    const datasets = screen.getByRole('region', { name: 'Cite each dataset version you used' });
    expect(datasets.textContent).toContain('BibTeX, RIS, CSL-JSON, DataCite JSON');
    expect(within(datasets).getByRole('link', { name: 'datasets list' }).getAttribute('href')).toBe(
      '/datasets',
    );
    const downloads = screen.getByRole('region', { name: 'Downloads carry their citation' });
    expect(within(downloads).getByText('CITATION.cff')).toBeTruthy();
    expect(within(downloads).getByText('query.json')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('How to cite · Coral Thermal Tolerance'));
  });

  it('links to nothing that does not exist: no snapshot page yet', async () => {
    renderApp('/cite');
    const snapshots = await screen.findByRole('region', { name: 'Citable snapshots' });
    expect(within(snapshots).queryAllByRole('link')).toEqual([]);
    const main = document.getElementById('main-content')!;
    const internal = within(main)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href') ?? '')
      .filter((href) => href.startsWith('/'));
    expect(internal.sort()).toEqual(['/api/docs', '/datasets']);
  });

  it("explains every licence with core's own texts and counts the public datasets under each", async () => {
    renderApp('/cite', {
      'GET /api/public/data-summary/': buildDataSummary({
        licences: [
          { licence: 'CC-BY-4.0', datasets: 1 },
          { licence: null, datasets: 11 },
        ],
      }),
    });
    const licences = await screen.findByRole('region', { name: 'Licences' });
    for (const id of LICENCE_IDS) {
      expect(within(licences).getByText(LICENCES[id].plain)).toBeTruthy();
      expect(
        within(licences)
          .getByRole('link', { name: `${LICENCES[id].name} (opens in a new tab)` })
          .getAttribute('href'),
      ).toBe(LICENCES[id].url);
    }
    expect(within(licences).getByText(LICENCE_NOT_STATED_PLAIN)).toBeTruthy();
    expect(await within(licences).findByText(': 1 public dataset')).toBeTruthy();
    expect(within(licences).getByText(': 11 public datasets')).toBeTruthy();
    expect(within(licences).getAllByText(': 0 public datasets')).toHaveLength(2);
  });

  it('cites the platform with the data version, and links its source code when it is known', async () => {
    renderApp('/cite');
    const platform = await screen.findByRole('region', { name: 'The platform itself' });
    const citation = await within(platform).findByTestId('platform-citation');
    expect(citation.textContent).toMatch(
      /^Coral Thermal Tolerance\. \(2026\)\. Coral thermal-tolerance \(CBASS\) data, data version 14 \[Data platform\]\. http:\/\/localhost(:\d+)?\. Accessed /,
    );
    expect(
      within(platform)
        .getByRole('link', { name: /its source code/ })
        .getAttribute('href'),
    ).toBe('https://github.com/example/coral');
  });

  it('says when this deployment names no source repository', async () => {
    const config = buildConfig();
    config.links.sourceRepository = null;
    renderApp('/cite', { 'GET /api/public/config/': config });
    const platform = await screen.findByRole('region', { name: 'The platform itself' });
    expect(platform.textContent).toContain('This deployment names no public source repository.');
    expect(within(platform).queryByRole('link', { name: /source code/ })).toBeNull();
  });
});

describe('platformCitation', () => {
  it('takes its year from the data version and names the day it was read', () => {
    expect(
      platformCitation(
        buildDataSummary({
          data_version: { number: 7, published_at: '2025-12-31T23:00:00.000Z' },
        }),
        'https://corals.example.org',
        new Date('2026-02-03T10:00:00Z'),
      ),
    ).toBe(
      'Coral Thermal Tolerance. (2025). Coral thermal-tolerance (CBASS) data, data version 7 [Data platform]. https://corals.example.org. Accessed February 3, 2026.',
    );
  });
});
