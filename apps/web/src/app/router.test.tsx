import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { errorResponse } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { lazyRoute } from './lazy-route';

describe('router', () => {
  it('shows a not-found page for unknown paths', async () => {
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeTruthy();
    expect(screen.getByText('/no/such/page')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Page Not Found · Coral Thermal Tolerance'));
  });

  it('draws the navbar at once while the configuration loads (decision 0004)', async () => {
    renderApp('/', { 'GET /api/public/config/': new Promise(() => undefined) });
    expect(await screen.findByRole('link', { name: 'Coral Thermal Tolerance' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Map' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Toggle navigation' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Loading...');
    // Links that come from the configuration wait for it.
    expect(screen.queryByRole('link', { name: /Get Help/ })).toBeNull();
  });

  it("shows 'Unexpected Application Error!' when the app cannot start", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderApp('/', { 'GET /api/public/config/': errorResponse(500) });
    expect(
      await screen.findByRole('heading', { name: 'Unexpected Application Error!' }),
    ).toBeTruthy();
    expect(screen.getByText('HTTP error! status: 500')).toBeTruthy();
  });
});

describe('lazyRoute', () => {
  it('fails a page load that takes too long', async () => {
    vi.useFakeTimers();
    const load = lazyRoute(() => new Promise(() => undefined), 120_000);
    const result = load();
    vi.advanceTimersByTime(120_000);
    await expect(result).rejects.toThrow('timed out after 120 s');
  });

  it('passes a loaded module through', async () => {
    await expect(lazyRoute(() => Promise.resolve({ a: 1 }))()).resolves.toEqual({ a: 1 });
  });
});
