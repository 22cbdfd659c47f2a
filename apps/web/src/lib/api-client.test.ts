import { describe, expect, it } from 'vitest';
import { errorResponse, jsonResponse, mockApi } from '@/testing/mock-api';
import { buildStatistics } from '@/testing/data';
import { api } from './api-client';
import { buildPath } from './api-endpoints';
import { forgetCsrfToken } from './csrf';
import { ApiError, filenameOf } from './http';

describe('api.get', () => {
  it('returns the JSON answer of a typed endpoint', async () => {
    mockApi({ 'GET /api/public/statistics/': buildStatistics({ coral_colonies: 5 }) });
    const statistics = await api.get('/api/public/statistics/');
    expect(statistics.coral_colonies).toBe(5);
  });

  it('fills path parameters', async () => {
    const fetchMock = mockApi({
      'GET /api/public/projects/{projectId}/': errorResponse(
        404,
        'Project 7 not found',
        'NOT_FOUND',
      ),
    });
    await expect(
      api.get('/api/public/projects/{projectId}/', { params: { projectId: 7 } }),
    ).rejects.toThrow(ApiError);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/public/projects/7/');
  });

  it('adds query parameters, leaving out empty ones', async () => {
    const fetchMock = mockApi({ 'GET /api/public/datasets/': [] });
    await api.get('/api/public/datasets/', { query: { q: 'Porites & co', project: '' } });
    await api.get('/api/public/datasets/', { query: { q: undefined } });
    expect(fetchMock.mock.calls.map(([url]) => url as string)).toEqual([
      '/api/public/datasets/?q=Porites+%26+co',
      '/api/public/datasets/',
    ]);
  });

  it("turns a non-OK answer into 'HTTP error! status: {code}' keeping the server's text", async () => {
    mockApi({ 'GET /api/public/statistics/': errorResponse(500, 'Database down') });
    const error = (await api.get('/api/public/statistics/').catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe('HTTP error! status: 500');
    expect(error.status).toBe(500);
    expect(error.serverMessage).toBe('Database down');
    expect(error.code).toBe('INTERNAL_ERROR');
  });

  it('copes with an error answer that is not JSON', async () => {
    mockApi({ 'GET /api/public/statistics/': new Response('Bad gateway', { status: 502 }) });
    const error = (await api.get('/api/public/statistics/').catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe('HTTP error! status: 502');
    expect(error.serverMessage).toBeUndefined();
  });
});

describe('api.post', () => {
  it('sends JSON with a CSRF token fetched once and reused', async () => {
    forgetCsrfToken();
    const fetchMock = mockApi({
      'GET /api/auth/csrf/': { csrfToken: 'token-1' },
      'POST /api/auth/login/': { success: true, message: 'ok' },
    });
    await api.post('/api/auth/login/', { username: 'ana', password: 'secret' });
    await api.post('/api/auth/login/', { username: 'ana', password: 'secret' });
    const calls = fetchMock.mock.calls.map(([url, init]) => `${init?.method} ${url as string}`);
    expect(calls).toEqual([
      'GET /api/auth/csrf/',
      'POST /api/auth/login/',
      'POST /api/auth/login/',
    ]);
    const init = fetchMock.mock.calls[1]?.[1];
    expect((init?.headers as Record<string, string>)['X-CSRFToken']).toBe('token-1');
    expect(init?.body).toBe('{"username":"ana","password":"secret"}');
    expect(init?.credentials).toBe('same-origin');
  });

  it('fetches a fresh token and retries once when the server rejects the token', async () => {
    forgetCsrfToken();
    let token = 0;
    let attempts = 0;
    mockApi({
      'GET /api/auth/csrf/': () => ({ csrfToken: `token-${++token}` }),
      'POST /api/auth/logout/': (request) => {
        attempts++;
        return request.headers.get('X-CSRFToken') === 'token-2'
          ? { success: true }
          : jsonResponse({ error: 'CSRF token missing or incorrect', code: 'CSRF_FAILED' }, 403);
      },
    });
    await expect(api.post('/api/auth/logout/', undefined)).resolves.toEqual({ success: true });
    expect(attempts).toBe(2);
  });
});

describe('buildPath', () => {
  it('encodes parameters', () => {
    expect(buildPath('/api/public/projects/{projectId}/', { projectId: 'a b/c' })).toBe(
      '/api/public/projects/a%20b%2Fc/',
    );
  });
  it('refuses a missing parameter', () => {
    expect(() => buildPath('/api/public/projects/{projectId}/')).toThrow(/projectId/);
  });
});

describe('api.put and api.delete', () => {
  it('send JSON bodies with the CSRF token', async () => {
    forgetCsrfToken();
    const fetchMock = mockApi({
      'GET /api/auth/csrf/': { csrfToken: 'token-9' },
      'PUT /api/auth/cart/group/{groupId}/': { message: 'Group renamed', group_id: 4, name: 'B' },
      'DELETE /api/auth/cart/': { message: 'Group deleted', group_id: 4 },
    });
    await expect(
      api.put('/api/auth/cart/group/{groupId}/', { name: 'B' }, { params: { groupId: 4 } }),
    ).resolves.toMatchObject({ name: 'B' });
    await expect(api.delete('/api/auth/cart/', { group_id: 4 })).resolves.toMatchObject({
      group_id: 4,
    });
    const calls = fetchMock.mock.calls.slice(1).map(([url, init]) => ({
      call: `${init?.method} ${url as string}`,
      body: init?.body,
      token: (init?.headers as Record<string, string>)['X-CSRFToken'],
    }));
    expect(calls).toEqual([
      { call: 'PUT /api/auth/cart/group/4/', body: '{"name":"B"}', token: 'token-9' },
      { call: 'DELETE /api/auth/cart/', body: '{"group_id":4}', token: 'token-9' },
    ]);
  });
});

describe('api.download', () => {
  it('returns the body as a Blob with the file name of Content-Disposition', async () => {
    forgetCsrfToken();
    mockApi({
      'POST /api/auth/cart/export/': new Response('\ufeffgroup_name\r\nA\r\n', {
        headers: {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': 'attachment; filename="coral_cart_export.csv"',
        },
      }),
    });
    const file = await api.download('/api/auth/cart/export/', {
      group_ids: [1],
      export_all: false,
    });
    expect(file.filename).toBe('coral_cart_export.csv');
    expect(await file.blob.text()).toContain('group_name\r\nA\r\n');
  });

  it("turns an error answer into ApiError with the server's text", async () => {
    forgetCsrfToken();
    mockApi({
      'POST /api/auth/cart/export/': errorResponse(401, 'Not logged in', 'UNAUTHENTICATED'),
    });
    const error = (await api
      .download('/api/auth/cart/export/', { export_all: true })
      .catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(401);
    expect(error.serverMessage).toBe('Not logged in');
  });
});

describe('filenameOf', () => {
  it.each([
    ['attachment; filename="coral_cart_export.csv"', 'coral_cart_export.csv'],
    ['attachment; filename=plain.csv', 'plain.csv'],
    ['attachment; filename*=UTF-8\'\'caf%C3%A9.csv; filename="cafe.csv"', 'café.csv'],
    ['attachment', undefined],
    [null, undefined],
  ])('%j → %j', (header, name) => {
    expect(filenameOf(header)).toBe(name);
  });
});
