import { vi } from 'vitest';
import type {
  DeleteEndpoints,
  DownloadEndpoints,
  GetEndpoints,
  PostEndpoints,
  PutEndpoints,
} from '@/lib/api-endpoints';
import { buildConfig, buildDataSummary } from './data';

/** An answer: the typed body (status 200), or a full Response for errors and delays. */
type Answer<T> = T | Response | Promise<T | Response>;
type Handler<T> = Answer<T> | ((request: Request, url: URL) => Answer<T>);

/** Handlers by 'METHOD path' where path is an endpoint template of the typed client. */
export type ApiHandlers = {
  [P in keyof GetEndpoints as `GET ${P}`]?: Handler<GetEndpoints[P]>;
} & {
  [P in keyof PostEndpoints as `POST ${P}`]?: Handler<PostEndpoints[P]['response']>;
} & {
  [P in keyof PutEndpoints as `PUT ${P}`]?: Handler<PutEndpoints[P]['response']>;
} & {
  [P in keyof DeleteEndpoints as `DELETE ${P}`]?: Handler<DeleteEndpoints[P]['response']>;
} & {
  /** A file answer: give a full Response (body, Content-Type, Content-Disposition). */
  [P in keyof DownloadEndpoints as `POST ${P}`]?: Handler<Response>;
};

export const jsonResponse = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

export const errorResponse = (status: number, error = 'Failed', code = 'INTERNAL_ERROR') =>
  jsonResponse({ error, code }, status);

function matches(template: string, pathname: string): boolean {
  const literal = (text: string) => text.replace(/[.*+?^$()|[\]\\{}]/g, '\\$&');
  const pattern = template
    .split(/\{\w+\}/)
    .map(literal)
    .join('[^/]+');
  return new RegExp(`^${pattern}$`).test(pathname);
}

/**
 * Answers the public config, the footer's data summary, anonymous status and CSRF unless a test
 * says otherwise.
 */
const defaults: ApiHandlers = {
  'GET /api/public/config/': buildConfig(),
  'GET /api/public/data-summary/': buildDataSummary(),
  'GET /api/auth/status/': { username: '', authenticated: false },
  'GET /api/auth/csrf/': { csrfToken: 'test-token' },
};

/**
 * Replaces fetch with a stub that answers the given handlers (like a tiny MSW typed by the
 * client's endpoint table). Unhandled calls fail the test loudly. Returns the fetch mock, whose
 * calls tests can inspect.
 */
export function mockApi(handlers: ApiHandlers = {}) {
  const all: Record<string, unknown> = { ...defaults, ...handlers };
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const href = input instanceof Request ? input.url : input.toString();
    const request = new Request(new URL(href, 'http://localhost'), init);
    const url = new URL(request.url);
    const key = Object.keys(all).find((candidate) => {
      const [method, template] = candidate.split(' ');
      return method === request.method && template !== undefined && matches(template, url.pathname);
    });
    if (!key) throw new Error(`Unexpected API call ${request.method} ${url.pathname}`);
    const handler = all[key];
    const answer: unknown = await (typeof handler === 'function'
      ? (handler as (r: Request, u: URL) => unknown)(request, url)
      : handler);
    return answer instanceof Response ? answer : jsonResponse(answer);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
