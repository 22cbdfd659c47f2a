import { buildPath, type GetEndpoints, type PathParams, type PostEndpoints } from './api-endpoints';
import { CSRF_HEADER, forgetCsrfToken, getCsrfToken } from './csrf';
import { isApiError, sendRequest } from './http';

type HasParams<P extends string> = P extends `${string}{${string}}${string}` ? true : false;

type Options<P extends string> = { signal?: AbortSignal } & (HasParams<P> extends true
  ? { params: PathParams<P> }
  : { params?: undefined });

/** Options are required exactly when the path has `{placeholders}`. */
type OptionsArg<P extends string> = HasParams<P> extends true ? [Options<P>] : [Options<P>?];

function urlOf(path: string, options?: { params?: unknown }): string {
  return buildPath(path, (options?.params ?? {}) as Record<string, string | number>);
}

/** Unsafe calls carry a CSRF token; a CSRF rejection fetches a fresh token and retries once. */
async function sendUnsafe(method: 'POST', url: string, body: unknown, signal?: AbortSignal) {
  const attempt = async () =>
    sendRequest({
      method,
      url,
      body,
      signal,
      headers: { [CSRF_HEADER]: await getCsrfToken() },
    });
  try {
    return await attempt();
  } catch (error) {
    if (!isApiError(error, 403) || error.code !== 'CSRF_FAILED') throw error;
    forgetCsrfToken();
    return attempt();
  }
}

/**
 * The typed API client: the only way the web app talks to the server. Paths and answer types
 * come from `api-endpoints.ts`, which is built on the contract in @coral/core.
 */
export const api = {
  get<P extends keyof GetEndpoints>(path: P, ...[options]: OptionsArg<P>) {
    return sendRequest({
      method: 'GET',
      url: urlOf(path, options),
      signal: options?.signal,
    }) as Promise<GetEndpoints[P]>;
  },

  post<P extends keyof PostEndpoints>(
    path: P,
    body: PostEndpoints[P]['body'],
    ...[options]: OptionsArg<P>
  ) {
    return sendUnsafe('POST', urlOf(path, options), body, options?.signal) as Promise<
      PostEndpoints[P]['response']
    >;
  },
};
