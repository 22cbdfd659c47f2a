import { render, screen, waitFor, within } from '@testing-library/react';
import {
  PLAUSIBLE_ABSOLUTE_RANGE_C,
  QUALITY_FLAG_DESCRIPTIONS,
  RELATIVE_TOLERANCE_C,
  UNTRUSTWORTHY_FLAG_CODES,
} from '@coral/core';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { QualityFlagsPage } from './quality-flags-page';

describe('/quality-flags', () => {
  it('explains every flag under its own anchor, from the core registry', async () => {
    renderApp('/quality-flags');
    expect(await screen.findByRole('heading', { level: 1, name: 'Quality flags' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Quality flags · Coral Thermal Tolerance'));
    for (const flag of QUALITY_FLAG_DESCRIPTIONS) {
      const section = screen.getByRole('region', { name: flag.title });
      expect(section.id).toBe(flag.code);
      expect(within(section).getByText(flag.code)).toBeTruthy();
      expect(within(section).getByText(flag.meaning)).toBeTruthy();
      expect(within(section).getByText(flag.howDecided)).toBeTruthy();
      expect(within(section).getByText(flag.whatToDo)).toBeTruthy();
      const hidden = UNTRUSTWORTHY_FLAG_CODES.includes(flag.code);
      expect(within(section).queryByText('Hidden by “Hide flagged values”') !== null).toBe(hidden);
      expect(within(section).getByText(hidden ? /^Yes: / : /^No: /)).toBeTruthy();
    }
    const contents = screen.getByRole('navigation', { name: 'Flags on this page' });
    expect(
      within(contents)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(QUALITY_FLAG_DESCRIPTIONS.map((flag) => `#${flag.code}`));
  });

  it('explains the far-inland flag of uploaded colonies with its distance (decision 0022)', async () => {
    renderApp('/quality-flags');
    const section = await screen.findByRole('region', {
      name: 'Coordinates on land, more than 5 km from the sea',
    });
    expect(section.id).toBe('far_inland');
    expect(within(section).getByText('far_inland')).toBeTruthy();
    expect(section.textContent).toContain('more than 5 km from its coast is flagged');
  });

  it('states the rule’s own numbers', async () => {
    renderApp('/quality-flags');
    const implausible = await screen.findByRole('region', { name: 'Implausible value' });
    expect(implausible.textContent).toContain(`below ${PLAUSIBLE_ABSOLUTE_RANGE_C.min} °C`);
    expect(implausible.textContent).toContain(`above ${PLAUSIBLE_ABSOLUTE_RANGE_C.max} °C`);
    const mismatch = screen.getByRole('region', { name: /Relative value disagrees/ });
    expect(mismatch.textContent).toContain(`more than ${RELATIVE_TOLERANCE_C} °C`);
  });

  it('scrolls to the flag of the address', async () => {
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    render(
      <MemoryRouter initialEntries={['/quality-flags#missing_mmm']}>
        <QualityFlagsPage />
      </MemoryRouter>,
    );
    await screen.findByRole('region', { name: 'No MMM climatology' });
    await waitFor(() => expect(scrolled).toHaveBeenCalled());
    expect((scrolled.mock.contexts[0] as Element).id).toBe('missing_mmm');
  });
});
