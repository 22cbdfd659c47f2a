import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { DownloadMenu, LICENCE_NOTE } from './download-menu';

function renderMenu(query?: string) {
  const router = createMemoryRouter([
    {
      path: '/',
      element: (
        <DownloadMenu
          folder="/api/public/projects/82/downloads"
          query={query}
          label="Download the colonies of project X"
        />
      ),
    },
    { path: '/cite', element: <h1>How to cite</h1> },
  ]);
  render(<RouterProvider router={router} />);
  return router;
}

const toggle = () => screen.getByRole('button', { name: 'Download the colonies of project X' });
/** The open menu: the element the toggle labels. */
const menu = () => document.querySelector<HTMLElement>('[aria-labelledby].dropdown-menu.show')!;
const links = () =>
  within(menu())
    .getAllByRole('link')
    .map((item) => [item.textContent, item.getAttribute('href'), item.hasAttribute('download')]);

describe('DownloadMenu', () => {
  it('links every file of the folder with its query, as plain downloads', async () => {
    renderMenu('?species=Porites+lutea&hideFlagged=true');
    expect(menu()).toBeNull();
    await userEvent.click(toggle());
    const q = '?species=Porites+lutea&hideFlagged=true';
    expect(links()).toEqual([
      [
        'CSVOne row per colony, condition and timepoint (spreadsheets, R)',
        `/api/public/projects/82/downloads/colonies.csv${q}`,
        true,
      ],
      [
        'GeoJSONOne feature per colony (QGIS, ArcGIS, web maps)',
        `/api/public/projects/82/downloads/colonies.geojson${q}`,
        true,
      ],
      [
        'Darwin Core ArchiveEvents, occurrences and measurements (GBIF, OBIS), with citation and licences',
        `/api/public/projects/82/downloads/dwca.zip${q}`,
        true,
      ],
      ['Citation (CITATION.cff)', `/api/public/projects/82/downloads/CITATION.cff${q}`, true],
      ['Query (query.json)', `/api/public/projects/82/downloads/query.json${q}`, true],
      ['See How to cite', '/cite', false],
    ]);
    expect(within(menu()).getByText(LICENCE_NOTE)).toBeTruthy();
  });

  it('leaves the query out when there is none', async () => {
    renderMenu();
    await userEvent.click(toggle());
    expect(links()[0]?.[1]).toBe('/api/public/projects/82/downloads/colonies.csv');
  });

  it('is keyboard usable: Enter opens, arrows move, Escape closes and returns focus', async () => {
    renderMenu();
    toggle().focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(menu()).toBeTruthy());
    await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement?.textContent).toMatch(/^CSV/);
    await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement?.textContent).toMatch(/^GeoJSON/);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(toggle().getAttribute('aria-expanded')).toBe('false'));
    expect(document.activeElement).toBe(toggle());
  });

  it('opens the How to cite page in the app', async () => {
    const router = renderMenu();
    await userEvent.click(toggle());
    await userEvent.click(screen.getByRole('link', { name: 'See How to cite' }));
    expect(router.state.location.pathname).toBe('/cite');
  });
});
