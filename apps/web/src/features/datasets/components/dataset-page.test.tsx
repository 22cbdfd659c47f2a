import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { buildDatasetDetail, buildDatasetVersion } from '@/testing/datasets';
import { errorResponse } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';

const signedIn = { 'GET /api/auth/status/': { username: 'chris', authenticated: true } } as const;
const notFound = () => errorResponse(404, 'Dataset not found', 'NOT_FOUND');

describe('Dataset page', () => {
  it('shows the metadata, ORCID links, citation, versions and history', async () => {
    renderApp('/datasets/7', { 'GET /api/public/datasets/{datasetId}/': buildDatasetDetail() });
    expect(await screen.findByText('Loading dataset...')).toBeTruthy();
    const title = await screen.findByRole('heading', {
      level: 1,
      name: 'CBASS thresholds of the Arabian Seas',
    });
    const header = title.closest('header')!;
    await waitFor(() =>
      expect(document.title).toBe('CBASS thresholds of the Arabian Seas · Coral Thermal Tolerance'),
    );
    expect(within(header).getByText('Published')).toBeTruthy();
    expect(within(header).getByText('CC BY 4.0')).toBeTruthy();
    expect(within(header).getByText('Version 2')).toBeTruthy();
    expect(
      screen
        .getByRole('link', { name: /Licence deed: Creative Commons Attribution 4.0/ })
        .getAttribute('href'),
    ).toBe('https://creativecommons.org/licenses/by/4.0/');
    expect(screen.getByRole('link', { name: 'GlobalSearch_ArabSeas' }).getAttribute('href')).toBe(
      '/project/82',
    );
    expect(screen.queryByRole('link', { name: 'Manage in My datasets' })).toBeNull();

    const about = screen.getByRole('region', { name: 'About this dataset' });
    const orcid = within(about).getByRole('link', {
      name: 'ORCID 0000-0002-1825-0097 of Ana Silva',
    });
    expect(orcid.getAttribute('href')).toBe('https://orcid.org/0000-0002-1825-0097');
    expect(within(about).getAllByRole('link', { name: /^ORCID \d/ })).toHaveLength(1);
    expect(within(about).getByText(', KAUST')).toBeTruthy();
    expect(within(about).getByText('thermal tolerance')).toBeTruthy();
    expect(
      within(about)
        .getByRole('link', { name: 'DOI 10.1111/gcb.15148: Standardized short-term assays' })
        .getAttribute('href'),
    ).toBe('https://doi.org/10.1111/gcb.15148');
    // The protocol lists only what is set (no hold duration, no PAM instrument).
    expect(within(about).getByText('Ramp/hold profile')).toBeTruthy();
    expect(within(about).getByText('30 °C, 33 °C, 36 °C, 39 °C')).toBeTruthy();
    expect(within(about).getByText('Timepoint 420')).toBeTruthy();
    expect(within(about).queryByText('Hold duration')).toBeNull();
    expect(within(about).queryByText('PAM instrument')).toBeNull();

    const data = screen.getByRole('region', { name: 'Data' });
    expect(within(data).getByText('120')).toBeTruthy();
    expect(within(data).getByText('Porites lobata, Acropora hyacinthus')).toBeTruthy();

    const citation = screen.getByRole('region', { name: 'How to cite' });
    expect(within(citation).getByText(/^Silva, A., & Voolstra, C. \(2026\)/)).toBeTruthy();
    const downloads = within(citation).getByRole('navigation', { name: 'Citation downloads' });
    expect(
      within(downloads)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['BibTeX', '/api/public/datasets/7/versions/2/citation.bib'],
      ['RIS', '/api/public/datasets/7/versions/2/citation.ris'],
      ['CSL-JSON', '/api/public/datasets/7/versions/2/citation.json'],
      ['DataCite JSON', '/api/public/datasets/7/versions/2/datacite.json'],
      ['DataCite XML', '/api/public/datasets/7/versions/2/datacite.xml'],
      ['EML', '/api/public/datasets/7/versions/2/eml.xml'],
      ['CFF', '/api/public/datasets/7/versions/2/CITATION.cff'],
    ]);

    const versions = screen.getByRole('region', { name: 'Versions' });
    const rows = within(versions).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      'Version 2 (shown)PublishedMarch 2, 2026+3 colonies, ~1 changed, \u22122 removed, 4 thresholds changed',
      'Version 1PublishedJanuary 12, 2026First version',
    ]);
    expect(within(versions).getByRole('link', { name: 'Version 1' }).getAttribute('href')).toBe(
      '/datasets/7/versions/1',
    );

    const history = screen.getByRole('region', { name: 'History' });
    const events = within(history).getAllByRole('row').slice(1);
    expect(events.map((row) => row.textContent)).toEqual([
      'March 5, 2026chrisMetadata edited2Changed: title, keywords',
      'March 2, 2026curator1Approved2Looks good',
      'January 12, 2026platformPublished1',
    ]);
  });

  it('links each description of a revised version to its citation files, as published and per revision', async () => {
    const base = buildDatasetDetail();
    const revised = (revision: number, at: string) => ({
      at,
      actor: 'cora',
      action: 'metadata_revised' as const,
      version: 1,
      message: `Revision ${revision}`,
      changes: { creators: { from: [], to: [] } },
      revision,
    });
    renderApp('/datasets/7', {
      'GET /api/public/datasets/{datasetId}/': buildDatasetDetail({
        history: [
          ...base.history,
          revised(1, '2026-11-20T10:00:00.000Z'),
          revised(2, '2026-11-29T10:00:00.000Z'),
        ],
      }),
    });
    const history = await screen.findByRole('region', { name: 'History' });
    const files = (name: string) =>
      within(within(history).getByRole('navigation', { name })).getAllByRole('link');
    for (const [name, revision] of [
      ['Citation downloads of version 1, description revision 2', 2],
      ['Citation downloads of version 1, description revision 1', 1],
      ['Citation downloads of version 1 as published', 0],
    ] as const) {
      const links = files(name);
      const what = name.replace('Citation downloads of ', '');
      // The formats of the page's citation menu, each for this description.
      expect(links.map((link) => link.textContent)).toEqual([
        `BibTeX of ${what}`,
        `RIS of ${what}`,
        `CSL-JSON of ${what}`,
        `DataCite JSON of ${what}`,
        `DataCite XML of ${what}`,
        `EML of ${what}`,
        `CFF of ${what}`,
      ]);
      expect(links[0]!.getAttribute('href')).toBe(
        `/api/public/datasets/7/versions/1/citation.bib?revision=${revision}`,
      );
      expect(links[6]!.getAttribute('href')).toBe(
        `/api/public/datasets/7/versions/1/CITATION.cff?revision=${revision}`,
      );
      expect(links.every((link) => link.hasAttribute('download'))).toBe(true);
    }
    // Version 2 was never revised: the page's own citation menu cites it.
    expect(within(history).getAllByRole('navigation')).toHaveLength(3);
    // Reached by keyboard: Tab goes from the first file of the newest revision to the next.
    const first = files('Citation downloads of version 1, description revision 2')[0]!;
    first.focus();
    await userEvent.tab();
    expect(document.activeElement).toBe(
      files('Citation downloads of version 1, description revision 2')[1],
    );
  });

  it("lists the species names with WoRMS' answer and the flag of a near match", async () => {
    const taxon = (name: string, status: 'near' | 'synonym', extra = {}) => ({
      name,
      status,
      status_label: status === 'near' ? 'Near match only' : 'Synonym',
      display_name: name,
      accepted_name: null,
      accepted_aphia_id: null,
      aphia_id: null,
      lsid: null,
      scientific_name_id: null,
      match_type: null,
      worms_status: null,
      rank: null,
      kingdom: null,
      phylum: null,
      class: null,
      order: null,
      family: null,
      genus: null,
      flag: null,
      checked_at: '2026-11-29T08:00:00.000Z',
      colonies: 28,
      ...extra,
    });
    renderApp('/datasets/7', {
      'GET /api/public/datasets/{datasetId}/': buildDatasetDetail({
        taxa: [
          taxon('Gadus morha', 'near', {
            flag: {
              code: 'species_near_match',
              message:
                'Species “Gadus morha” is not in WoRMS as written; WoRMS suggests “Gadus morhua” (near_1 match).',
            },
          }),
          taxon('Coryphaena immaculata', 'synonym', {
            accepted_name: 'Coryphaena hippurus',
            display_name: 'Coryphaena hippurus',
          }),
        ],
      }),
    });
    const names = await screen.findByRole('region', { name: 'Species names (WoRMS)' });
    expect(within(names).getByRole('note').textContent).toBe(
      'Flag: Species “Gadus morha” is not in WoRMS as written; WoRMS suggests “Gadus morhua” (near_1 match).',
    );
    expect(names.textContent).toContain(
      'Coryphaena immaculata (28 colonies): Synonym of Coryphaena hippurus, shown under it',
    );
  });

  it('copies the citation', async () => {
    const user = userEvent.setup();
    renderApp('/datasets/7', { 'GET /api/public/datasets/{datasetId}/': buildDatasetDetail() });
    await user.click(await screen.findByRole('button', { name: 'Copy citation' }));
    expect(await screen.findByText('Citation copied.')).toBeTruthy();
    expect(await navigator.clipboard.readText()).toMatch(/^Silva, A., & Voolstra, C. \(2026\)/);
  });

  it('asks for a version by its number', async () => {
    const { fetchMock } = renderApp('/datasets/7/versions/1', {
      'GET /api/public/datasets/{datasetId}/versions/{version}/': buildDatasetDetail({
        version: buildDatasetVersion({ number: 1, change_summary: null }),
      }),
    });
    expect(await screen.findByRole('link', { name: 'Version 1', current: 'page' })).toBeTruthy();
    expect(fetchMock.mock.calls.map(([url]) => url as string)).toContain(
      '/api/public/datasets/7/versions/1/',
    );
  });

  it('shows a withdrawn dataset as a tombstone: reason and citation, no data counts', async () => {
    renderApp('/datasets/7', {
      'GET /api/public/datasets/{datasetId}/': buildDatasetDetail({
        withdrawal: {
          at: '2026-04-01T10:00:00.000Z',
          by: 'chris',
          reason: 'Duplicate of dataset 9',
        },
      }),
    });
    expect(
      await screen.findByRole('heading', { name: 'This dataset was withdrawn on April 1, 2026' }),
    ).toBeTruthy();
    expect(screen.getByText('Reason: Duplicate of dataset 9')).toBeTruthy();
    expect(screen.getAllByText('Withdrawn').length).toBeGreaterThan(0);
    // The versions table does not contradict the badge: no version still reads 'Published'.
    const versions = screen.getByRole('region', { name: 'Versions' });
    expect(within(versions).queryByText('Published', { selector: '.badge' })).toBeNull();
    expect(within(versions).getAllByText('Withdrawn', { selector: '.badge' }).length).toBe(
      screen.getAllByRole('link', { name: /^Version \d+$/ }).length,
    );
    // A tombstone still cites (decision 0056): every citation file, which says it was withdrawn.
    const citation = screen.getByRole('region', { name: 'How to cite' });
    const downloads = within(citation).getByRole('navigation', { name: 'Citation downloads' });
    expect(
      within(downloads)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['BibTeX', 'RIS', 'CSL-JSON', 'DataCite JSON', 'DataCite XML', 'EML', 'CFF']);
    expect(within(citation).getByText(/The files say that the dataset was withdrawn/)).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Data' })).toBeNull();
  });

  it("shows 'Dataset Not Found' for a 404", async () => {
    renderApp('/datasets/999', { 'GET /api/public/datasets/{datasetId}/': notFound() });
    expect(await screen.findByRole('heading', { name: 'Dataset Not Found' })).toBeTruthy();
    expect(screen.getByText('There is no dataset with the id 999.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Datasets' }).getAttribute('href')).toBe(
      '/datasets',
    );
  });

  it("shows 'Dataset Not Found' for an id that is not a number", async () => {
    const { fetchMock } = renderApp('/datasets/abc');
    expect(await screen.findByRole('heading', { name: 'Dataset Not Found' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Dataset Not Found · Coral Thermal Tolerance'));
    expect(fetchMock.mock.calls.some(([url]) => (url as string).includes('datasets'))).toBe(false);
  });

  it("shows 'Error Loading Dataset' with the HTTP status", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderApp('/datasets/7', { 'GET /api/public/datasets/{datasetId}/': errorResponse(500) });
    expect(await screen.findByRole('heading', { name: 'Error Loading Dataset' })).toBeTruthy();
    expect(screen.getByText('HTTP error! status: 500')).toBeTruthy();
  });
});

describe('Dataset page for a logged-in user', () => {
  it("asks the private view first: the owner sees the draft and 'Manage in My datasets'", async () => {
    const { fetchMock } = renderApp('/datasets/7', {
      ...signedIn,
      'GET /api/auth/datasets/{datasetId}/': buildDatasetDetail({
        version: buildDatasetVersion({ number: 3, state: 'draft', published_at: null }),
        can: {
          edit: true,
          edit_descriptive: true,
          submit: true,
          review: false,
          withdraw: true,
          new_version: false,
          revise_metadata: false,
        },
      }),
    });
    expect(
      (await screen.findByRole('link', { name: 'Manage in My datasets' })).getAttribute('href'),
    ).toBe('/my/datasets');
    expect(screen.getAllByText('Draft').length).toBeGreaterThan(0);
    // A draft has no citation files yet.
    expect(screen.queryByRole('navigation', { name: 'Citation downloads' })).toBeNull();
    const urls = fetchMock.mock.calls.map(([url]) => url as string);
    expect(urls).toContain('/api/auth/datasets/7/');
    expect(urls).not.toContain('/api/public/datasets/7/');
  });

  it('falls back to the public view when the private one answers 404', async () => {
    const { fetchMock } = renderApp('/datasets/7/versions/2', {
      ...signedIn,
      'GET /api/auth/datasets/{datasetId}/versions/{version}/': notFound(),
      'GET /api/public/datasets/{datasetId}/versions/{version}/': buildDatasetDetail(),
    });
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'CBASS thresholds of the Arabian Seas',
      }),
    ).toBeTruthy();
    const urls = fetchMock.mock.calls.map(([url]) => url as string);
    expect(urls.indexOf('/api/auth/datasets/7/versions/2/')).toBeLessThan(
      urls.indexOf('/api/public/datasets/7/versions/2/'),
    );
  });

  describe('downloads', () => {
    const downloadButton = () =>
      screen.queryByRole('button', { name: /^Download the colonies of version/ });

    it("offer a published version's files", async () => {
      renderApp('/datasets/7/versions/2', {
        'GET /api/public/datasets/{datasetId}/versions/{version}/': buildDatasetDetail(),
      });
      await userEvent.click(
        await screen.findByRole('button', { name: 'Download the colonies of version 2' }),
      );
      expect(screen.getByRole('link', { name: /^CSV/ }).getAttribute('href')).toBe(
        '/api/public/datasets/7/versions/2/downloads/colonies.csv',
      );
      expect(
        screen.getByRole('link', { name: 'Citation (CITATION.cff)' }).getAttribute('href'),
      ).toBe('/api/public/datasets/7/versions/2/downloads/CITATION.cff');
    });

    it.each([
      ['an embargoed version', { version: buildDatasetVersion({ state: 'embargoed' }) }],
      [
        'a draft, even to its owner',
        { version: buildDatasetVersion({ number: 3, state: 'draft', published_at: null }) },
      ],
      [
        'a withdrawn dataset',
        {
          withdrawal: {
            at: '2026-05-01T00:00:00.000Z',
            by: 'chris',
            reason: 'Duplicate of dataset 9',
          },
        },
      ],
    ] as const)('are not offered for %s', async (_, overrides) => {
      renderApp('/datasets/7', {
        ...signedIn,
        'GET /api/auth/datasets/{datasetId}/': buildDatasetDetail(overrides),
      });
      expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
      expect(downloadButton()).toBeNull();
    });
  });
});
