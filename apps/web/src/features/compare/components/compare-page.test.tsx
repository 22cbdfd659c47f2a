import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CompareResult } from '@coral/core';
import { analyseObservations, type ObservedEd } from '@coral/core/analysis';
import { renderApp } from '@/testing/render-app';

const SPECIES = ['Acropora hyacinthus', 'Pocillopora verrucosa', 'Porites lobata'];

/** Three colonies per species at two sites, with the ED values the analyses need. */
const observations: ObservedEd[] = SPECIES.flatMap((species, s) =>
  [0, 1, 2].map((i) => ({
    key: `colony ${s * 3 + i} · Winter · 420`,
    levels: { species },
    site: i === 0 ? 'Tagaqe' : 'Votua',
    mmm: i === 0 ? 28.4 : 28.9,
    ed: { ed5: 33 + s + i * 0.3, ed50: 36 + s + i * 0.2, ed95: 38 + s + i * 0.1 },
  })),
);

/** The server's answer for the included species (every species when none is given). */
function compareAnswer(url: URL): CompareResult {
  const include = url.searchParams.getAll('include');
  const chosen = observations.filter(
    (o) => include.length === 0 || include.includes(o.levels.species!),
  );
  const analysed = analyseObservations(chosen, { factors: ['species'], scale: 'absolute' });
  return {
    factors: ['species'],
    factorLabels: ['Species'],
    scale: 'absolute',
    pAdjust: 'holm',
    colonies: chosen.length,
    observations: chosen.length,
    groups: analysed.groups,
    selectionGroups: SPECIES,
    analyses: analysed.analyses,
    mmm: analysed.mmm,
    citations: [],
    notes: [],
  };
}

const compareCalls = (fetchMock: ReturnType<typeof renderApp>['fetchMock']) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(input instanceof Request ? input.url : input.toString(), 'http://x'))
    .filter((url) => url.pathname === '/api/public/compare/');

// Whole-app renders with a lazy page: allow for a loaded machine.
describe('Compare page', { timeout: 30_000 }, () => {
  it('asks once per user action, with groups left out: the groups to choose from come with the answer', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderApp(
      `/compare?groupBy=species&include=${encodeURIComponent(SPECIES[0]!)}&include=${encodeURIComponent(SPECIES[1]!)}`,
      { 'GET /api/public/compare/': (_request, url) => compareAnswer(url) },
    );
    const choice = await screen.findByTestId('compare-include', {}, { timeout: 15_000 });
    expect(within(choice).getByText('Groups to include (2 of 3)')).toBeTruthy();
    await screen.findByTestId('compare-groups');
    expect(compareCalls(fetchMock).map((url) => url.searchParams.getAll('include'))).toEqual([
      [SPECIES[0], SPECIES[1]],
    ]);

    // Leaving one more group out: one request, and the list of groups stays to choose from.
    await user.click(within(choice).getByText('Groups to include (2 of 3)'));
    await user.click(within(choice).getByLabelText(SPECIES[1]!));
    await waitFor(() =>
      expect(within(choice).getByText('Groups to include (1 of 3)')).toBeTruthy(),
    );
    await waitFor(() =>
      expect(within(screen.getByTestId('compare-groups')).queryByText(SPECIES[1]!)).toBeNull(),
    );
    expect(compareCalls(fetchMock).map((url) => url.searchParams.getAll('include'))).toEqual([
      [SPECIES[0], SPECIES[1]],
      [SPECIES[0]],
    ]);
  });
});
