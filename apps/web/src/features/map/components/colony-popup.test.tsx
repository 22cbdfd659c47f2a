import { render as renderPlain, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { colonyPath, formatCoordinates, speciesPath, type TColony } from '@coral/core';
import { listedMembers } from '../markers/browser-marker-source';
import { buildColonies, buildColony } from '../testing/colonies';
import { buildMapModel, summarizeSites, type SiteSummary } from '@coral/core/map-clusters';
import { ColonyPopup, POPUP_LIST_PAGE } from './colony-popup';

/** A marker's colonies listed from memory, as the browser mode gives them. */
const listed = (colonies: TColony[], indices: number[], sites: SiteSummary[] = []) =>
  listedMembers(
    indices.map((i) => colonies[i]!),
    () => sites,
  );

/** The popup's flag badges are links: it renders inside the app's router. */
const render = (ui: ReactElement) => renderPlain(<MemoryRouter>{ui}</MemoryRouter>);

describe('ColonyPopup', () => {
  it('shows one colony: name, ID, species, coordinates to 4 decimals and the three lists', () => {
    render(<ColonyPopup members={listed(buildColonies(), [0])} />);
    const popup = screen.getByRole('group', { name: 'Vatu-o-lalai_Porites_cylindrica_1' });
    expect(within(popup).getByRole('heading', { name: 'Vatu-o-lalai_Porites_cylindrica_1' }));
    expect(within(popup).getByText('658')).toBeTruthy();
    expect(within(popup).getByText('Porites cylindrica')).toBeTruthy();
    expect(within(popup).getByText('-18.2058, 177.6890')).toBeTruthy();
    const ed50 = within(popup).getByRole('region', { name: 'Thermal Tolerances (ED50)' });
    expect(
      within(ed50)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Absolute: 37.57°CRelative: 9.12°CMMM: 28.45°CCondition: WinterTimepoint: 420',
      'Absolute: 37.75°CRelative: 9.30°CMMM: 28.45°CCondition: SummerTimepoint: 420',
    ]);
    expect(
      within(popup).getByRole('region', { name: 'Breakpoint Temperatures (ED5)' }),
    ).toBeTruthy();
    expect(within(popup).getByRole('region', { name: 'Thermal Limits (ED95)' })).toBeTruthy();
    // Scrollable, so it can be reached and scrolled with the keyboard.
    expect(popup.tabIndex).toBe(0);
  });

  it('shows a synonym under its accepted name with the name as written beside it, as the colony page does (decision 0063)', () => {
    // WoRMS' recorded answer (fixtures/worms): Coryphaena immaculata is a synonym of C. hippurus.
    const synonym = buildColony({
      species: 'Coryphaena hippurus',
      verbatim_species: 'Coryphaena immaculata',
    });
    const first = render(<ColonyPopup members={listed([synonym], [0])} />);
    const popup = screen.getByRole('group', { name: synonym.name });
    const link = within(popup).getByRole('link', { name: 'Coryphaena hippurus' });
    expect(link.getAttribute('href')).toBe(speciesPath('Coryphaena hippurus'));
    expect(within(popup).getByText('(written as Coryphaena immaculata)')).toBeTruthy();
    first.unmount();
    // A name nothing moved is shown once.
    render(<ColonyPopup members={listed(buildColonies(), [0])} />);
    const plain = screen.getByRole('group', { name: 'Vatu-o-lalai_Porites_cylindrica_1' });
    expect(within(plain).queryByText(/written as/)).toBeNull();
  });

  it('writes N/A for missing values, marks flagged ones, and hides entries without a timepoint', () => {
    const base = buildColony().thermal_tolerances[0]!;
    const colony = buildColony({
      thermal_tolerances: [
        {
          ...base,
          id: 1,
          abs_thermal_tolerance: 2365.11,
          rel_thermal_tolerance: null,
          sst_clim_mmm: null,
          condition: null,
          quality_flags: ['implausible_absolute', 'missing_mmm'],
        },
        { ...base, id: 2, timepoint: 'N/A' },
        { ...base, id: 3, timepoint: 'null' },
        { ...base, id: 4, timepoint: null },
      ],
      breakpoint_temperatures: [],
    });
    render(<ColonyPopup members={listed([colony], [0])} />);
    const ed50 = screen.getByRole('region', { name: 'Thermal Tolerances (ED50)' });
    const items = within(ed50).getAllByRole('listitem');
    expect(items).toHaveLength(1);
    expect(items[0]!.textContent).toBe(
      'Absolute: 2365.11°Cflagged: implausible value (failed curve fit)Relative: N/AMMM: N/ACondition: N/ATimepoint: 420',
    );
    const ed5 = screen.getByRole('region', { name: 'Breakpoint Temperatures (ED5)' });
    expect(within(ed5).getByText('No data')).toBeTruthy();
    // The badge explains itself: a link to the flag's explanation.
    const badge = within(items[0]!).getByRole('link', { name: /flagged/ });
    expect(badge.getAttribute('href')).toBe('/quality-flags#implausible_absolute');
  });

  // decision 0013
  it('with "Hide flagged values", lists only the entries the option keeps', () => {
    const base = buildColony().thermal_tolerances[0]!;
    const colony = buildColony({
      thermal_tolerances: [
        { ...base, id: 1, abs_thermal_tolerance: 2365.11, quality_flags: ['implausible_absolute'] },
        { ...base, id: 2, abs_thermal_tolerance: 36.5, quality_flags: ['inconsistent_order'] },
      ],
    });
    render(<ColonyPopup members={listed([colony], [0])} hideFlagged />);
    const ed50 = screen.getByRole('region', { name: 'Thermal Tolerances (ED50)' });
    const items = within(ed50).getAllByRole('listitem');
    expect(items.map((item) => item.textContent?.slice(0, 17))).toEqual(['Absolute: 36.50°C']);
    // Its order flag still shows (the option does not hide it), linked to its explanation.
    const badge = within(items[0]!).getByRole('link', { name: /ED50 ≤ ED95 does not hold/ });
    expect(badge.getAttribute('href')).toBe('/quality-flags#inconsistent_order');
  });

  it('lists colonies that share a place, opens one and goes back', async () => {
    const user = userEvent.setup();
    const colonies = buildColonies();
    render(<ColonyPopup members={listed(colonies, [0, 2])} />);
    expect(screen.getByRole('heading', { name: '2 colonies here' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Davies_Porites_lobata_2' }));
    expect(screen.getByRole('heading', { name: 'Davies_Porites_lobata_2' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /All 2 colonies here/ }));
    expect(screen.getByRole('heading', { name: '2 colonies here' })).toBeTruthy();
  });

  it(`shows ${POPUP_LIST_PAGE} at a time`, async () => {
    const user = userEvent.setup();
    const many = Array.from({ length: 120 }, (_, i) => buildColony({ id: i, name: `Colony ${i}` }));
    render(
      <ColonyPopup
        members={listed(
          many,
          many.map((_, i) => i),
        )}
      />,
    );
    expect(screen.getAllByRole('listitem')).toHaveLength(50);
    await user.click(screen.getByRole('button', { name: 'Show 50 more of 70' }));
    expect(screen.getAllByRole('listitem')).toHaveLength(100);
    await user.click(screen.getByRole('button', { name: 'Show 20 more of 20' }));
    expect(screen.getAllByRole('listitem')).toHaveLength(120);
    expect(screen.queryByRole('button', { name: /more of/ })).toBeNull();
  });

  it("links the colony's name to its page and the species to the species page", () => {
    const colonies = buildColonies();
    render(<ColonyPopup members={listed(colonies, [0])} />);
    const name = screen.getByRole('link', { name: 'Vatu-o-lalai_Porites_cylindrica_1' });
    expect(name.getAttribute('href')).toBe(colonyPath(colonies[0]!.id));
    const species = screen.getByRole('link', { name: 'Porites cylindrica' });
    expect(species.getAttribute('href')).toBe(speciesPath('Porites cylindrica'));
  });

  it('summarises the site: colonies per species and mean ED50 ± SD, under the filters', () => {
    const base = buildColony();
    const withEd50 = (id: number, species: string, ed50: number) =>
      buildColony({
        id,
        name: `C${id}`,
        species,
        thermal_tolerances: [
          { ...base.thermal_tolerances[0]!, abs_thermal_tolerance: ed50, quality_flags: [] },
        ],
      });
    const colonies = [
      withEd50(1, 'Porites lobata', 36),
      withEd50(2, 'Porites cylindrica', 38),
      withEd50(3, 'Porites lobata', 37),
      withEd50(4, 'Porites lobata', 20), // filtered out
    ];
    const sites = summarizeSites(buildMapModel(colonies), [0, 1, 2], [0, 1, 2]);
    render(<ColonyPopup members={listed(colonies, [0, 1, 2], sites)} />);
    const site = screen.getByRole('region', { name: /^Site / });
    expect(within(site).getByRole('heading').textContent).toBe(
      `Site ${formatCoordinates(base.latitude, base.longitude)}: 3 colonies`,
    );
    expect(
      within(site)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Porites lobata: 2 colonies', 'Porites cylindrica: 1 colony']);
    const link = within(site).getByRole('link', { name: 'Porites cylindrica' });
    expect(link.getAttribute('href')).toBe(speciesPath('Porites cylindrica'));
    expect(within(site).getByText(/^Mean ED50/).textContent).toBe(
      'Mean ED50: 37.00 ± 1.00 °C (n = 3 colonies)',
    );
  });

  it('names a site as its colonies are named (Alofau), with its coordinates below', () => {
    const at = { latitude: -14.2747, longitude: -170.561 };
    const colonies = [
      buildColony({ id: 1, name: 'Alofau_Porites_lobata_1', species: 'Porites lobata', ...at }),
      buildColony({
        id: 2,
        name: 'Alofau_Acropora_hyacinthus_2',
        species: 'Acropora hyacinthus',
        ...at,
      }),
    ];
    const sites = summarizeSites(buildMapModel(colonies), [0, 1], [0, 1]);
    render(<ColonyPopup members={listed(colonies, [0, 1], sites)} />);
    const site = screen.getByRole('region', { name: 'Site Alofau' });
    expect(within(site).getByRole('heading').textContent).toBe('Alofau: 2 colonies');
    expect(within(site).getByText(formatCoordinates(at.latitude, at.longitude))).toBeTruthy();
  });

  it('keeps the coordinates as the name when the colonies do not name their site', () => {
    const colony = buildColony({ name: 'C1' });
    const sites = summarizeSites(buildMapModel([colony]), [0], [0]);
    render(<ColonyPopup members={listed([colony], [0], sites)} />);
    const label = `Site ${formatCoordinates(colony.latitude, colony.longitude)}`;
    expect(screen.getByRole('region', { name: label })).toBeTruthy();
  });

  it("says so when a site's colonies have no trustworthy ED50", () => {
    const colony = buildColony({ thermal_tolerances: [] });
    const sites = summarizeSites(buildMapModel([colony]), [0], [0]);
    render(<ColonyPopup members={listed([colony], [0], sites)} />);
    expect(screen.getByText(/^Mean ED50/).textContent).toBe('Mean ED50: no trustworthy ED50');
  });
});
