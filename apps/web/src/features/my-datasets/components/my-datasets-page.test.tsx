import { ZDatasetMetadata, type TDatasetDetail } from '@coral/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { forgetCsrfToken } from '@/lib/csrf';
import { buildDraftDatasetDetail, buildDraftDatasetSummary, NO_ACTIONS } from '@/testing/datasets';
import { jsonResponse, type ApiHandlers } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';

beforeEach(() => forgetCsrfToken());

const LOGGED_IN = { 'GET /api/auth/status/': { username: 'ann', authenticated: true } } as const;

const OWNER_OF_DRAFT = { ...NO_ACTIONS, edit: true, edit_descriptive: true };

/** A recorder of the calls the page makes, with their JSON bodies. */
function recorder() {
  const calls: { method: string; path: string; body: unknown }[] = [];
  const answer =
    (message: string, status = 200) =>
    async (request: Request, url: URL) => {
      const text = await request.text();
      calls.push({
        method: request.method,
        path: url.pathname,
        body: text ? JSON.parse(text) : undefined,
      });
      return status === 200
        ? jsonResponse({ message, dataset: buildDraftDatasetDetail() })
        : jsonResponse({ error: message, code: 'CONFLICT' }, status);
    };
  return { calls, answer };
}

function open(detail: TDatasetDetail, handlers: ApiHandlers = {}) {
  const user = userEvent.setup();
  const view = renderApp('/my/datasets', {
    ...LOGGED_IN,
    'GET /api/auth/datasets/': [
      buildDraftDatasetSummary({ state: detail.version.state, version: detail.version.number }),
    ],
    'GET /api/auth/datasets/{datasetId}/': detail,
    ...handlers,
  });
  return { user, view };
}

const card = () => screen.findByRole('article', { name: 'Zugspitze heat tolerance' });

describe('My datasets', () => {
  it('asks a visitor to log in', async () => {
    renderApp('/my/datasets');
    expect(
      await screen.findByText('Please log in to see your datasets.', { exact: false }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
  });

  it('lists the datasets with their state, page link and what review still needs', async () => {
    open(
      buildDraftDatasetDetail({
        can: OWNER_OF_DRAFT,
        missing_for_submission: ['a licence (CC0 1.0, CC BY 4.0, CC BY-NC 4.0)'],
      }),
    );
    const article = await card();
    expect(within(article).getByText('Draft')).toBeTruthy();
    expect(
      within(article)
        .getByRole('link', { name: /Page of version 1/ })
        .getAttribute('href'),
    ).toBe('/datasets/5/versions/1');
    expect(
      await within(article).findByText('a licence (CC0 1.0, CC BY 4.0, CC BY-NC 4.0)'),
    ).toBeTruthy();
    // Submitting waits for what is missing.
    expect(
      within(article).getByRole('button', { name: 'Submit for review' }).hasAttribute('disabled'),
    ).toBe(true);
    expect(within(article).queryByRole('button', { name: 'Withdraw' })).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'My datasets' })).toBeTruthy();
  });

  it('shows every state as a badge', async () => {
    renderApp('/my/datasets', {
      ...LOGGED_IN,
      'GET /api/auth/datasets/': [
        buildDraftDatasetSummary({ id: 1, title: 'A', state: 'draft' }),
        buildDraftDatasetSummary({ id: 2, title: 'B', state: 'in_review' }),
        buildDraftDatasetSummary({ id: 3, title: 'C', state: 'published' }),
        buildDraftDatasetSummary({ id: 4, title: 'D', state: 'rejected' }),
        buildDraftDatasetSummary({
          id: 6,
          title: 'E',
          state: 'embargoed',
          embargo_until: '2030-01-01',
        }),
        buildDraftDatasetSummary({ id: 7, title: 'F', state: 'published', withdrawn: true }),
      ],
      'GET /api/auth/datasets/{datasetId}/': buildDraftDatasetDetail(),
    });
    const badges = ['Draft', 'In review', 'Published', 'Rejected', 'Embargoed', 'Withdrawn'];
    for (const [index, title] of ['A', 'B', 'C', 'D', 'E', 'F'].entries()) {
      const article = await screen.findByRole('article', { name: title });
      expect(within(article).getByText(badges[index]!)).toBeTruthy();
    }
    expect(screen.getByText(/Embargo until 2030-01-01/)).toBeTruthy();
  });

  it("shows a rejected version's curator message, and edits then submits it", async () => {
    const { calls, answer } = recorder();
    const { user } = open(
      buildDraftDatasetDetail({
        version: {
          state: 'rejected',
          review_message: 'Please add the hold temperatures.',
          metadata: ZDatasetMetadata.parse({
            title: 'Zugspitze heat tolerance',
            description: 'CBASS',
            creators: [{ name: 'Ann Lee' }],
            licence: 'CC0-1.0',
          }),
        },
        can: { ...OWNER_OF_DRAFT, submit: true },
      }),
      {
        'PUT /api/auth/datasets/{datasetId}/versions/{version}/metadata/':
          answer('Saved: protocol.'),
        'POST /api/auth/datasets/{datasetId}/versions/{version}/submit/': answer(
          'Version 1 was submitted for review.',
        ),
      },
    );
    const article = await card();
    expect(within(article).getByText('Rejected')).toBeTruthy();
    const message = await within(article).findByRole('heading', {
      name: 'The curator sent version 1 back to you',
    });
    expect(message.parentElement!.textContent).toContain('Please add the hold temperatures.');

    await user.click(within(article).getByRole('button', { name: 'Edit metadata' }));
    await user.type(within(article).getByLabelText('Hold temperatures (°C)'), '30, 33');
    await user.click(within(article).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved: protocol.')).toBeTruthy();
    expect(calls[0]).toMatchObject({
      method: 'PUT',
      path: '/api/auth/datasets/5/versions/1/metadata/',
    });
    const body = calls[0]!.body as Record<string, unknown>;
    expect(body.licence).toBe('CC0-1.0');
    expect(body.protocol).toMatchObject({ hold_temperatures_c: [30, 33] });

    await user.click(within(article).getByRole('button', { name: 'Submit for review' }));
    expect(await screen.findByText('Version 1 was submitted for review.')).toBeTruthy();
    expect(calls[1]).toEqual({
      method: 'POST',
      path: '/api/auth/datasets/5/versions/1/submit/',
      body: {},
    });
  });

  it('edits only the descriptive fields of a published version, and links a new version', async () => {
    const { calls, answer } = recorder();
    const { user } = open(
      buildDraftDatasetDetail({
        version: { state: 'published' },
        can: { ...NO_ACTIONS, edit_descriptive: true, new_version: true, withdraw: true },
      }),
      {
        'PUT /api/auth/datasets/{datasetId}/versions/{version}/metadata/': answer('Saved: title.'),
      },
    );
    const article = await card();
    expect(
      (await within(article).findByRole('link', { name: 'Upload a new version' })).getAttribute(
        'href',
      ),
    ).toBe('/upload?dataset=5');
    expect(within(article).queryByRole('button', { name: /Discard/ })).toBeNull();
    await user.click(within(article).getByRole('button', { name: 'Edit description' }));
    const title = within(article).getByLabelText('Title');
    await user.clear(title);
    await user.type(title, 'Zugspitze 2022');
    await user.click(within(article).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved: title.')).toBeTruthy();
    expect(Object.keys(calls[0]!.body as object).sort()).toEqual([
      'description',
      'keywords',
      'related_publications',
      'title',
    ]);
    expect((calls[0]!.body as { title: string }).title).toBe('Zugspitze 2022');
  });

  it('shows the server’s refusal of a save next to the field it names', async () => {
    const { user } = open(buildDraftDatasetDetail({ can: OWNER_OF_DRAFT }), {
      'PUT /api/auth/datasets/{datasetId}/versions/{version}/metadata/': jsonResponse(
        {
          error: 'Invalid body: keywords.0: Too long',
          code: 'VALIDATION_FAILED',
          details: ['keywords.0: Too long'],
        },
        400,
      ),
    });
    const article = await card();
    await user.click(await within(article).findByRole('button', { name: 'Edit metadata' }));
    await user.type(within(article).getByLabelText('Keywords'), 'heat');
    await user.click(within(article).getByRole('button', { name: 'Save' }));
    expect(await within(article).findByText('Invalid body: keywords.0: Too long')).toBeTruthy();
    const keywords = within(article).getByLabelText('Keywords');
    expect(keywords.getAttribute('aria-invalid')).toBe('true');
    expect(within(article).getByText('Too long')).toBeTruthy();
  });

  it('discards a draft only after confirmation', async () => {
    const { calls, answer } = recorder();
    const { user } = open(buildDraftDatasetDetail({ can: OWNER_OF_DRAFT }), {
      'DELETE /api/auth/datasets/{datasetId}/versions/{version}/': answer(
        'The draft and its dataset were discarded; nothing of it remains.',
      ),
    });
    const article = await card();
    await user.click(await within(article).findByRole('button', { name: 'Discard version 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Discard version 1' });
    expect(dialog.textContent).toContain('the dataset is deleted with it');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls).toEqual([]);
    await user.click(within(article).getByRole('button', { name: 'Discard version 1' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Discard' }),
    );
    expect(
      await screen.findByText('The draft and its dataset were discarded; nothing of it remains.'),
    ).toBeTruthy();
    expect(calls).toEqual([
      { method: 'DELETE', path: '/api/auth/datasets/5/versions/1/', body: undefined },
    ]);
  });

  it('withdraws only with a reason, and shows the server’s refusal in the dialog', async () => {
    const { calls, answer } = recorder();
    let refuse = true;
    const { user } = open(
      buildDraftDatasetDetail({
        version: { state: 'published' },
        can: { ...NO_ACTIONS, edit_descriptive: true, withdraw: true },
      }),
      {
        'POST /api/auth/datasets/{datasetId}/withdraw/': (request, url) => {
          const reply = refuse
            ? answer('This dataset has already been withdrawn.', 409)
            : answer('The dataset was withdrawn.');
          refuse = false;
          return reply(request, url);
        },
      },
    );
    const article = await card();
    await user.click(await within(article).findByRole('button', { name: 'Withdraw' }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw dataset' });
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    expect(within(dialog).getByText('Give the reason for withdrawing.')).toBeTruthy();
    expect(calls).toEqual([]);

    await user.type(within(dialog).getByLabelText('Reason for withdrawing'), '  Wrong species  ');
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    expect(
      await within(dialog).findByText('This dataset has already been withdrawn.'),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('The dataset was withdrawn.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.map((call) => [call.path, call.body])).toEqual([
      ['/api/auth/datasets/5/withdraw/', { reason: 'Wrong species' }],
      ['/api/auth/datasets/5/withdraw/', { reason: 'Wrong species' }],
    ]);
  });
});
