import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
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
