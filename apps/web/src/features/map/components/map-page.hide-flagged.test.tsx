import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { MAP_API } from '../testing/map-stubs';

// Leaflet needs a laid-out page: the map is a stub (covered by the browser journeys).
vi.mock('../leaflet/colony-map-controller', () => import('../testing/map-stubs'));

const api = MAP_API;

const sidebar = () => screen.getByRole('complementary', { name: /Filters/ });
const apply = () => screen.getByRole<HTMLButtonElement>('button', { name: /^Apply Filters/ });
const hideFlagged = () =>
  screen.getByRole<HTMLInputElement>('switch', { name: 'Hide flagged values' });

// decision 0013; of the three test colonies, 400's only threshold is a failed fit (2365.11 °C).
describe('Hide flagged values', () => {
  it('is a switch with its help text and a link to what the flags mean', async () => {
    renderApp('/map', api);
    expect(await screen.findByText('3 of 3 colonies')).toBeTruthy();
    expect(hideFlagged().checked).toBe(false);
    expect(hideFlagged().getAttribute('aria-describedby')).toBe('map-filter-hide-flagged-help');
    const help = document.getElementById('map-filter-hide-flagged-help')!;
    expect(help.textContent).toMatch(/failed their curve fit/);
    const link = within(help).getByRole('link', { name: 'What do the flags mean?' });
    expect(link.getAttribute('href')).toBe('/quality-flags');
  });

  it('applies to the count, the badge and the address, and resets', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/map', api);
    expect(await screen.findByText('3 of 3 colonies')).toBeTruthy();
    await user.click(hideFlagged());
    expect(apply().textContent).toBe('Apply Filters (1)');
    await user.click(apply());
    expect(await screen.findByText('2 of 3 colonies')).toBeTruthy();
    expect(router.state.location.search).toBe('?hideFlagged=true');
    expect(within(sidebar()).getByText('1')).toBeTruthy();
    expect(hideFlagged().checked).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Reset all filters' }));
    expect(await screen.findByText('3 of 3 colonies')).toBeTruthy();
    expect(router.state.location.search).toBe('');
    expect(hideFlagged().checked).toBe(false);
  });

  it('is restored from a shared address, with the other filters', async () => {
    renderApp('/map?years=2222&hideFlagged=true', api);
    // Years 2222: colonies 400 and 12; the option hides 400.
    expect(await screen.findByText('1 of 3 colonies')).toBeTruthy();
    expect(hideFlagged().checked).toBe(true);
    expect(within(sidebar()).getByText('2')).toBeTruthy();
  });

  it('ignores a value other than true in the address', async () => {
    renderApp('/map?hideFlagged=false', api);
    expect(await screen.findByText('3 of 3 colonies')).toBeTruthy();
    expect(hideFlagged().checked).toBe(false);
  });
});
