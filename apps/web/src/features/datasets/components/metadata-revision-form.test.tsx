import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildDatasetDetail, NO_ACTIONS } from '@/testing/datasets';
import { jsonResponse } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';

const signedIn = { 'GET /api/auth/status/': { username: 'cora', authenticated: true } } as const;

describe('Complete the description (decision 0064)', () => {
  it('is not shown to whoever may not revise', async () => {
    renderApp('/datasets/7', { 'GET /api/public/datasets/{datasetId}/': buildDatasetDetail() });
    await screen.findByRole('region', { name: 'How to cite' });
    expect(screen.queryByRole('region', { name: 'Complete the description' })).toBeNull();
  });

  it("shows a curator the server's messages beside their fields", async () => {
    const user = userEvent.setup();
    renderApp('/datasets/7', {
      ...signedIn,
      'GET /api/auth/datasets/{datasetId}/': buildDatasetDetail({
        can: { ...NO_ACTIONS, revise_metadata: true },
      }),
      'POST /api/auth/datasets/{datasetId}/versions/{version}/revisions/': () =>
        jsonResponse(
          {
            error: 'Invalid body: creators.0.orcid: "1234" is not an ORCID iD',
            code: 'VALIDATION_FAILED',
            details: ['creators.0.orcid: "1234" is not an ORCID iD'],
          },
          400,
        ),
    });
    const card = await screen.findByRole('region', { name: 'Complete the description' });
    await user.click(within(card).getByRole('button', { name: 'Complete the description' }));
    const orcid = within(card).getByLabelText('Creator 1: ORCID iD');
    await user.clear(orcid);
    await user.type(orcid, '1234');
    await user.type(within(card).getByLabelText(/^Why the description changes/), 'iD added');
    await user.click(within(card).getByRole('button', { name: 'Record the revision' }));
    const alert = await within(card).findByRole('alert');
    expect(alert.textContent).toBe('"1234" is not an ORCID iD');
    expect(orcid.getAttribute('aria-invalid')).toBe('true');
    expect(orcid.getAttribute('aria-describedby')).toBe(alert.id);
  });
});
