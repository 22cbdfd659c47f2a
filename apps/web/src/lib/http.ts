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

/** Sends a request (same origin, cookies included; a body goes as JSON). */
function exchange(request: HttpRequest, accept: string): Promise<Response> {
  const headers: Record<string, string> = { Accept: accept, ...request.headers };
  let body: string | undefined;
  if (request.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(request.body);
  }
  return fetch(request.url, {
    method: request.method,
    headers,
    body,
    credentials: 'same-origin',
    signal: request.signal,
  });
}

/**
 * One HTTP exchange with the server (same origin, cookies included). JSON in, JSON out; a
 * non-OK status throws ApiError. Only the API client and the CSRF helper call this.
 */
export async function sendRequest(request: HttpRequest): Promise<unknown> {
  const response = await exchange(request, 'application/json');
  const payload = await readJson(response);
  if (!response.ok) throw apiErrorOf(response.status, payload);
  return payload;
}

/** A file the server sent as an attachment. */
export interface DownloadedFile {
  blob: Blob;
  /** The name from Content-Disposition, when the server gave one. */
  filename: string | undefined;
}

/**
 * An exchange whose answer is a file (e.g. the cart's CSV export): JSON in, the body as a Blob
 * out. A non-OK status throws ApiError with the server's JSON error text, as `sendRequest` does.
 */
export async function sendRequestForFile(request: HttpRequest): Promise<DownloadedFile> {
  const response = await exchange(request, '*/*');
  if (!response.ok) throw apiErrorOf(response.status, await readJson(response));
  return {
    blob: await response.blob(),
    filename: filenameOf(response.headers.get('Content-Disposition')),
  };
}

/** `attachment; filename="x.csv"` (or `filename*=UTF-8''x.csv`) → "x.csv". */
export function filenameOf(disposition: string | null): string | undefined {
  if (!disposition) return undefined;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // fall back to the plain parameter
    }
  }
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;]+))/.exec(disposition);
  const name = (plain?.[1] ?? plain?.[2])?.trim();
  return name ? name : undefined;
}

export function apiErrorOf(status: number, payload: unknown): ApiError {
  const error = asErrorBody(payload);
  return new ApiError(status, error?.error, error?.code, payload);
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

/** What the user reads when a call fails: the server's own text, else why it failed. */
export function failureText(error: unknown): string {
  if (isApiError(error, 401)) return 'Your session has ended. Please log in again.';
  if (isApiError(error)) return error.serverMessage ?? error.message;
  return 'The server could not be reached. Check your connection and try again.';
}
