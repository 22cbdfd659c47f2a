import {
  buildPath,
  type DeleteEndpoints,
  type DownloadEndpoints,
  type GetEndpoints,
  type PathParams,
  type PostEndpoints,
  type PutEndpoints,
  type UploadEndpoints,
} from './api-endpoints';
import { CSRF_HEADER, forgetCsrfToken, getCsrfToken } from './csrf';
import { isApiError, sendRequest, sendRequestForFile, type HttpRequest } from './http';
import { sendMultipart, type UploadProgress } from './http-upload';

type HasParams<P extends string> = P extends `${string}{${string}}${string}` ? true : false;

/** Query-string parameters: a list (e.g. Compare's repeatable `include`) repeats the name. */
export type QueryParameters = Record<string, string | readonly string[] | undefined>;

type Options<P extends string> = {
  signal?: AbortSignal;
  /** Query-string parameters; undefined and empty values are left out; a list repeats its name. */
  query?: QueryParameters;
} & (HasParams<P> extends true ? { params: PathParams<P> } : { params?: undefined });

/** Options are required exactly when the path has `{placeholders}`. */
type OptionsArg<P extends string> = HasParams<P> extends true ? [Options<P>] : [Options<P>?];

function urlOf(path: string, options?: { params?: unknown; query?: QueryParameters }): string {
  const url = buildPath(path, (options?.params ?? {}) as Record<string, string | number>);
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(options?.query ?? {})) {
    for (const one of typeof value === 'string' ? [value] : (value ?? [])) {
      if (one !== '') query.append(name, one);
    }
  }
  const search = query.toString();
  return search === '' ? url : `${url}?${search}`;
}

/** Unsafe calls carry a CSRF token; a CSRF rejection fetches a fresh token and retries once. */
async function sendUnsafe<T = unknown>(
  request: Omit<HttpRequest, 'headers'> & { method: 'POST' | 'PUT' | 'DELETE' },
  send: (request: HttpRequest) => Promise<T> = sendRequest as (r: HttpRequest) => Promise<T>,
): Promise<T> {
  const attempt = async () =>
    send({ ...request, headers: { [CSRF_HEADER]: await getCsrfToken() } });
  try {
    return await attempt();
  } catch (error) {
    if (!isApiError(error, 403) || error.code !== 'CSRF_FAILED') throw error;
    forgetCsrfToken();
    return attempt();
  }
}

type JsonBodyEndpoints<E> = { [P in keyof E]: { body: unknown; response: unknown } };

/** A JSON-body call (POST/PUT/DELETE) typed by its endpoint table. */
function jsonBodyMethod<E extends JsonBodyEndpoints<E>>(method: 'POST' | 'PUT' | 'DELETE') {
  return <P extends keyof E & string>(path: P, body: E[P]['body'], ...[options]: OptionsArg<P>) =>
    sendUnsafe<E[P]['response']>({
      method,
      url: urlOf(path, options),
      body,
      signal: options?.signal,
    });
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

  post: jsonBodyMethod<PostEndpoints>('POST'),
  put: jsonBodyMethod<PutEndpoints>('PUT'),
  delete: jsonBodyMethod<DeleteEndpoints>('DELETE'),

  /** A POST whose answer is a file (Blob and the server's file name), not JSON. */
  download<P extends keyof DownloadEndpoints>(
    path: P,
    body: DownloadEndpoints[P]['body'],
    ...[options]: OptionsArg<P>
  ) {
    return sendUnsafe(
      { method: 'POST', url: urlOf(path, options), body, signal: options?.signal },
      sendRequestForFile,
    );
  },

  /**
   * A multipart file upload with progress (XMLHttpRequest), CSRF like every unsafe call; text
   * fields, when given, go with the files.
   */
  upload<P extends keyof UploadEndpoints>(
    path: P,
    files: UploadEndpoints[P]['files'],
    options: {
      signal?: AbortSignal;
      onProgress?: (progress: UploadProgress) => void;
      fields?: UploadEndpoints[P]['fields'];
    } = {},
  ) {
    return sendUnsafe<UploadEndpoints[P]['response']>(
      { method: 'POST', url: path, body: files, signal: options.signal },
      (request) =>
        sendMultipart({
          ...request,
          body: files,
          fields: options.fields,
          onProgress: options.onProgress,
        }) as Promise<UploadEndpoints[P]['response']>,
    );
  },
};
