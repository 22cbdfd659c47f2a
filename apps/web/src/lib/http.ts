import type { TErrorResponse } from '@coral/core';

/**
 * An answer with a non-OK status. The message is the spec's 'HTTP error! status: {code}' (§8);
 * the server's own text (`{error, code}` bodies) is kept in `serverMessage` and `code`.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    readonly serverMessage: string | undefined,
    readonly code: string | undefined,
    readonly body: unknown,
  ) {
    super(`HTTP error! status: ${status}`);
  }
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

export interface HttpRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/**
 * One HTTP exchange with the server (same origin, cookies included). JSON in, JSON out; a
 * non-OK status throws ApiError. Only the API client and the CSRF helper call this.
 */
export async function sendRequest(request: HttpRequest): Promise<unknown> {
  const headers: Record<string, string> = { Accept: 'application/json', ...request.headers };
  let body: string | undefined;
  if (request.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(request.body);
  }
  const response = await fetch(request.url, {
    method: request.method,
    headers,
    body,
    credentials: 'same-origin',
    signal: request.signal,
  });
  const payload = await readJson(response);
  if (!response.ok) {
    const error = asErrorBody(payload);
    throw new ApiError(response.status, error?.error, error?.code, payload);
  }
  return payload;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function asErrorBody(payload: unknown): Partial<TErrorResponse> | undefined {
  if (typeof payload !== 'object' || payload === null) return undefined;
  const { error, code } = payload as Record<string, unknown>;
  return {
    error: typeof error === 'string' ? error : undefined,
    code: typeof code === 'string' ? (code as TErrorResponse['code']) : undefined,
  };
}
