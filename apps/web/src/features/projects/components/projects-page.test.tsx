import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { buildProjectSummary } from '@/testing/data';
import { errorResponse } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';

describe('Projects list', () => {
  it("shows 'Loading projects...' then one card per project", async () => {
    renderApp('/projects', {
      'GET /api/public/projects/': [
        buildProjectSummary(),
        buildProjectSummary({ id: 61, name: 'FJI Viti Levu', publications: [], owner: null }),
      ],
    });
    expect(await screen.findByText('Loading projects...')).toBeTruthy();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Coral Research Projects' }),
    ).toBeTruthy();
    const cards = await screen.findAllByRole('link', { name: /View Project Details/ });
    expect(cards.map((link) => link.getAttribute('href'))).toEqual(['/project/82', '/project/61']);
    expect(screen.getAllByText('Created: January 12, 2026')).toHaveLength(2);
    expect(screen.getByText('Owner: chris')).toBeTruthy();
    expect(screen.getByText('Owner: Unknown')).toBeTruthy();
    expect(screen.getByText('1 publication')).toBeTruthy();
    expect(screen.getByText('0 publications')).toBeTruthy();
  });

  it("lists at most 2 publications, '+N more publications', and 'View DOI' only for real DOIs", async () => {
    renderApp('/projects', {
      'GET /api/public/projects/': [
        buildProjectSummary({
          publications: [
            { id: 1, title: 'Real paper', year: 2020, doi: '10.1111/gcb.15148' },
            { id: 2, title: 'Placeholder', year: 2026, doi: 'No doi available' },
            { id: 3, title: 'Hidden one', year: 2021, doi: 'NA' },
            { id: 4, title: 'Hidden two', year: 2022, doi: null },
          ],
        }),
      ],
    });
    const card = (await screen.findByText('Real paper')).closest('.card') as HTMLElement;
    expect(within(card).getByText('4 publications')).toBeTruthy();
    expect(within(card).getByText('Placeholder')).toBeTruthy();
    expect(within(card).queryByText('Hidden one')).toBeNull();
    expect(within(card).getByText('+2 more publications')).toBeTruthy();
    const doiLinks = within(card).getAllByRole('link', { name: /View DOI/ });
    expect(doiLinks.map((link) => link.getAttribute('href'))).toEqual([
      'https://doi.org/10.1111/gcb.15148',
    ]);
  });

  it('tells same-named projects apart by sites, countries, species, colonies and assay dates', async () => {
    renderApp('/projects', {
      'GET /api/public/projects/': [
        buildProjectSummary({
          id: 85,
          name: 'GlobalSearch_Carib',
          sites: ['Curacao'],
          countries: ['CUW'],
          species: ['Acropora palmata', 'Orbicella faveolata', 'Porites astreoides'],
          colony_count: 50,
          experiment_dates: { first: '2222-05-22', last: '2222-05-25' },
        }),
        buildProjectSummary({
          id: 88,
          name: 'GlobalSearch_Carib',
          sites: ['USVI_Flat'],
          countries: ['USA'],
          species: ['Acropora palmata'],
          colony_count: 48,
          experiment_dates: { first: '2222-03-10', last: '2222-03-10' },
        }),
      ],
    });
    const [curacao, flat] = (
      await screen.findAllByRole('link', { name: /View Project Details/ })
    ).map((details) => details.closest('.card') as HTMLElement);
    const factsOf = (card: HTMLElement) =>
      within(card)
        .getAllByRole('definition')
        .map((fact) => fact.textContent);
    expect(factsOf(curacao!)).toEqual([
      'Curacao',
      'CUW',
      'Acropora palmata, Orbicella faveolata +1 more',
      '50',
      'May 22, 2222 – May 25, 2222',
    ]);
    expect(factsOf(flat!)).toEqual([
      'USVI_Flat',
      'USA',
      'Acropora palmata',
      '48',
      'March 10, 2222',
    ]);
    expect(
      within(curacao!)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual(['Sites:', 'Countries:', 'Species:', 'Colonies:', 'Assays:']);
  });

  it("shows 'No Projects Available' when there are none, or the call failed", async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderApp('/projects', { 'GET /api/public/projects/': errorResponse(500) });
    expect(await screen.findByText('No Projects Available')).toBeTruthy();
    expect(log).toHaveBeenCalled();
  });
});
