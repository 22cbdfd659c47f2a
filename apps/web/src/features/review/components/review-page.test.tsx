import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { ZAssayProtocol } from '@coral/core';
import { forgetCsrfToken } from '@/lib/csrf';
import { buildDraftDatasetDetail, buildReviewItem } from '@/testing/datasets';
import { errorResponse, jsonResponse } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';

beforeEach(() => forgetCsrfToken());

const CURATOR = {
  'GET /api/auth/status/': { username: 'cora', authenticated: true, role: 'curator' },
} as const;

function openQueue() {
  const calls: { path: string; body: unknown }[] = [];
  const decided = (message: string) => async (request: Request, url: URL) => {
    calls.push({ path: url.pathname, body: await request.json() });
    return jsonResponse({ message, dataset: buildDraftDatasetDetail() });
  };
  const user = userEvent.setup();
  renderApp('/review', {
    ...CURATOR,
    'GET /api/auth/review/': [
      buildReviewItem(),
      buildReviewItem({ dataset_id: 8, version: 1, title: 'My own reef', own: true }),
    ],
    'POST /api/auth/datasets/{datasetId}/versions/{version}/approve/': async (request, url) =>
      url.pathname.startsWith('/api/auth/datasets/8/')
        ? errorResponse(409, 'Nobody can approve their own dataset.', 'CONFLICT')
        : decided('Version 2 was approved and published.')(request, url),
    'POST /api/auth/datasets/{datasetId}/versions/{version}/reject/': decided(
      'Version 2 was sent back to its owner with your message.',
    ),
  });
  return { user, calls };
}

/** A version with 31 flags of two kinds, two species and two sites. */
const FLAGGED = buildReviewItem({
  dataset_id: 12,
  version: 3,
  title: 'Alpine corals',
  protocol: ZAssayProtocol.parse({ pam_instrument: 'walz_diving_pam_ii' }),
  change_summary: {
    colonies_added: 3,
    colonies_changed: 1,
    colonies_removed: 0,
    thresholds_changed: 4,
  },
  flag_count: 31,
  flags: [
    {
      source: 'upload',
      code: 'far_inland',
      label: 'Coordinates on land, more than 5 km from the sea',
      count: 29,
      examples: [
        'Colony Z1 lies on land, 774 km inland.',
        'Colony Z2 lies on land, 774 km inland.',
      ],
      counted: true,
    },
    {
      source: 'value',
      code: 'missing_mmm',
      label: 'No MMM',
      count: 2,
      examples: ['Z1 · ED50 36.91 °C (Wild)', 'Z2 · ED50 37.10 °C (Wild)'],
      counted: true,
    },
  ],
  species: [
    {
      name: 'Porites lobata',
      status: 'accepted',
      status_label: 'Accepted',
      display_name: 'Porites lobata',
      accepted_name: 'Porites lobata',
      flag: null,
      colonies: 20,
    },
    {
      name: 'Pocilopora damicornis',
      status: 'near',
      status_label: 'Near match',
      display_name: 'Pocilopora damicornis',
      accepted_name: null,
      flag: { code: 'species_near_match', message: 'WoRMS suggests Pocillopora damicornis' },
      colonies: 9,
    },
  ],
  sites: [
    {
      label: 'DEU 47.4210, 10.9850',
      country: 'DEU',
      latitude: 47.421,
      longitude: 10.985,
      colony_count: 20,
    },
    {
      label: 'DEU 47.5000, 11.0000',
      country: 'DEU',
      latitude: 47.5,
      longitude: 11,
      colony_count: 9,
    },
  ],
});

describe('Review queue', () => {
  it('lists what waits, with owner, version, date, counts and a link to the version', async () => {
    openQueue();
    const item = await screen.findByRole('article', { name: 'Zugspitze heat tolerance' });
    expect(screen.getByRole('heading', { level: 1, name: 'Review queue' })).toBeTruthy();
    const text = item.textContent ?? '';
    for (const part of ['ann', '2026-11-21', '30 colonies, 240 observations, 180 thresholds']) {
      expect(text).toContain(part);
    }
    expect(
      within(item)
        .getByRole('link', { name: /Open version 2/ })
        .getAttribute('href'),
    ).toBe('/datasets/5/versions/2');
  });

  it('approves without a message, and with one when given', async () => {
    const { user, calls } = openQueue();
    const item = await screen.findByRole('article', { name: 'Zugspitze heat tolerance' });
    await user.click(within(item).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Version 2 was approved and published.')).toBeTruthy();
    await user.type(within(item).getByLabelText('Message to the owner'), 'Thanks!');
    await user.click(within(item).getByRole('button', { name: 'Approve' }));
    await screen.findByText('Version 2 was approved and published.');
    expect(calls).toEqual([
      { path: '/api/auth/datasets/5/versions/2/approve/', body: {} },
      { path: '/api/auth/datasets/5/versions/2/approve/', body: { message: 'Thanks!' } },
    ]);
  });

  it('rejects only with a message', async () => {
    const { user, calls } = openQueue();
    const item = await screen.findByRole('article', { name: 'Zugspitze heat tolerance' });
    await user.click(within(item).getByRole('button', { name: 'Reject' }));
    expect(
      within(item).getByText('Tell the owner what to fix: a rejection needs a message.'),
    ).toBeTruthy();
    expect(calls).toEqual([]);
    await user.type(within(item).getByLabelText('Message to the owner'), 'Add the licence.');
    await user.click(within(item).getByRole('button', { name: 'Reject' }));
    expect(
      await screen.findByText('Version 2 was sent back to its owner with your message.'),
    ).toBeTruthy();
    expect(calls).toEqual([
      { path: '/api/auth/datasets/5/versions/2/reject/', body: { message: 'Add the licence.' } },
    ]);
  });

  it("shows the server's refusal to approve one's own submission", async () => {
    const { user } = openQueue();
    const own = await screen.findByRole('article', { name: 'My own reef' });
    expect(within(own).getByText(/This is your own submission/)).toBeTruthy();
    await user.click(within(own).getByRole('button', { name: 'Approve' }));
    expect(await within(own).findByText('Nobody can approve their own dataset.')).toBeTruthy();
  });

  it('shows the evidence: flags by kind with examples, species, sites, licence, creators, protocol, changes', async () => {
    renderApp('/review', {
      ...CURATOR,
      'GET /api/auth/review/': [FLAGGED],
    });
    const item = await screen.findByRole('article', { name: 'Alpine corals' });
    const flags = within(item).getByRole('region', { name: 'Quality flags (31)' });
    const text = flags.textContent ?? '';
    expect(text).toContain('29Coordinates on land');
    expect(text).toContain('Colony Z1 lies on land, 774 km inland');
    expect(text).toContain('…and 27 more');
    expect(text).toContain('2No MMM');
    const species = within(item).getByRole('region', { name: 'Species (2)' });
    expect(species.textContent).toContain('Porites lobata: 20 colonies Accepted');
    expect(species.textContent).toContain('Pocilopora damicornis: 9 colonies');
    expect(
      within(item).getByRole('region', { name: 'Map of the sites of Alpine corals' }),
    ).toBeTruthy();
    expect(text).not.toContain('counted once');
    const card = item.textContent ?? '';
    expect(card).toContain('CC BY 4.0');
    expect(card).toContain('Ann Example (ORCID 0000-0002-1825-0097)');
    expect(card).toContain('Walz DIVING-PAM-II');
    expect(card).toContain(
      '3 colonies added, 1 colony changed, 0 colonies removed, 4 thresholds changed',
    );
  });

  it('says which stored-value flags repeat a problem the upload check counts (counted once)', async () => {
    const repeated = {
      ...FLAGGED,
      flags: FLAGGED.flags.map((g) => (g.source === 'value' ? { ...g, counted: false } : g)),
      flag_count: 29,
    };
    renderApp('/review', { ...CURATOR, 'GET /api/auth/review/': [repeated] });
    const item = await screen.findByRole('article', { name: 'Alpine corals' });
    const flags = within(item).getByRole('region', { name: 'Quality flags (29)' });
    expect(flags.textContent).toContain(
      'No MMM (Stored threshold values; the same problem as the upload check’s, counted once)',
    );
  });

  it('approves a flagged version only with a note acknowledging the flags, and sends the note', async () => {
    const calls: unknown[] = [];
    const user = userEvent.setup();
    renderApp('/review', {
      ...CURATOR,
      'GET /api/auth/review/': [FLAGGED],
      'POST /api/auth/datasets/{datasetId}/versions/{version}/approve/': async (request) => {
        calls.push(await request.json());
        return jsonResponse({
          message: 'Version 3 was approved and published.',
          dataset: buildDraftDatasetDetail(),
        });
      },
    });
    const item = await screen.findByRole('article', { name: 'Alpine corals' });
    const note = within(item).getByLabelText(
      /Message to the owner \(required: acknowledge the flags\)/,
    );
    expect(
      within(item).getByText(/This version has 31 quality flags: an approval needs a note/),
    ).toBeTruthy();
    await user.click(within(item).getByRole('button', { name: 'Approve' }));
    expect(
      within(item).getByText(/^This version has 31 quality flags: approving it needs a note/),
    ).toBeTruthy();
    expect(note.classList.contains('is-invalid')).toBe(true);
    expect(calls).toEqual([]);
    await user.type(note, 'Coordinates checked with the owner: a test sheet.');
    await user.click(within(item).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Version 3 was approved and published.')).toBeTruthy();
    expect(calls).toEqual([{ message: 'Coordinates checked with the owner: a test sheet.' }]);
  });

  it('tells a contributor that only curators review', async () => {
    renderApp('/review', {
      'GET /api/auth/status/': { username: 'ann', authenticated: true, role: 'contributor' },
      'GET /api/auth/review/': errorResponse(403, 'Only curators review datasets.', 'FORBIDDEN'),
    });
    expect(await screen.findByText('Only curators can review datasets.')).toBeTruthy();
  });

  it('asks a visitor to log in', async () => {
    renderApp('/review');
    expect(await screen.findByText(/Please log in to review datasets\./)).toBeTruthy();
  });
});
