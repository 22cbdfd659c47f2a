import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { buildDraftColony } from '@/testing/datasets';
import { DraftColonyPopup } from './draft-colony-popup';

describe('DraftColonyPopup', () => {
  it("names the draft's dataset version and links to its page", () => {
    render(
      <MemoryRouter>
        <DraftColonyPopup
          drafts={[
            buildDraftColony({ dataset: { id: 31, version: 2, state: 'draft', title: 'Reef' } }),
          ]}
        />
      </MemoryRouter>,
    );
    const link = screen.getByRole('link', { name: 'Draft: Reef (version 2)' });
    expect(link.getAttribute('href')).toBe('/datasets/31/versions/2');
    expect(screen.getByRole('heading', { name: 'Draft_Porites_1' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Draft Draft_Porites_1' })).toBeTruthy();
  });
});
