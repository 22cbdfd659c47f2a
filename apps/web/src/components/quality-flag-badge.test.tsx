import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { QualityFlagBadge } from './quality-flag-badge';

const renderBadge = (flags: string[]) =>
  render(
    <MemoryRouter>
      <p>
        37.5
        <QualityFlagBadge flags={flags} />
      </p>
    </MemoryRouter>,
  );

describe('QualityFlagBadge', () => {
  it('shows nothing for a value without flags', () => {
    renderBadge([]);
    expect(screen.queryByText(/flagged/)).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('links to the explanation of the flag, and names it for screen readers and on hover', () => {
    renderBadge(['missing_mmm']);
    const link = screen.getByRole('link', { name: /^flagged\s*: no MMM climatology$/ });
    expect(link.getAttribute('href')).toBe('/quality-flags#missing_mmm');
    expect(link.getAttribute('title')).toBe('no MMM climatology (what does this mean?)');
  });

  it('names every flag, and links to the most serious one', () => {
    renderBadge(['missing_mmm', 'implausible_absolute']);
    const link = screen.getByRole('link', { name: /^flagged/ });
    expect(link.textContent).toBe(
      'flagged: no MMM climatology; implausible value (failed curve fit)',
    );
    expect(link.getAttribute('href')).toBe('/quality-flags#implausible_absolute');
  });

  it('shows a flag code this release does not know in words', () => {
    renderBadge(['some_future_flag']);
    expect(screen.getByRole('link', { name: /^flagged\s*: some future flag$/ })).toBeTruthy();
  });
});
