import { describe, expect, it, vi } from 'vitest';
import { errorResponse, mockApi } from '@/testing/mock-api';
import { ANONYMOUS, getAuthStatus, loginRedirectState, loginRedirectTarget } from './auth';

describe('getAuthStatus', () => {
  it('returns the server status', async () => {
    mockApi({ 'GET /api/auth/status/': { username: 'ana', authenticated: true } });
    await expect(getAuthStatus()).resolves.toEqual({ username: 'ana', authenticated: true });
  });

  it('counts a failed check as anonymous (product-spec §8)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockApi({ 'GET /api/auth/status/': errorResponse(500) });
    await expect(getAuthStatus()).resolves.toEqual(ANONYMOUS);
  });
});

describe('login redirect', () => {
  it.each([
    [{ from: '/projects' }, '/projects'],
    [{ from: '/project/61?tab=1#colonies' }, '/project/61?tab=1#colonies'],
    [{ from: '/login' }, '/'],
    [{ from: '/login?x=1' }, '/'],
    [{ from: '//evil.example.org' }, '/'],
    [{ from: 'https://evil.example.org' }, '/'],
    [{ from: 42 }, '/'],
    [null, '/'],
    [undefined, '/'],
  ])('state %j → %s', (state, target) => {
    expect(loginRedirectTarget(state)).toBe(target);
  });

  it('round-trips the current location', () => {
    const state = loginRedirectState({ pathname: '/cart', search: '?a=1', hash: '#x' });
    expect(loginRedirectTarget(state)).toBe('/cart?a=1#x');
  });
});
