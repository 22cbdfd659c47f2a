import type {
  TAuthResult,
  TAuthStatus,
  TCartDeleteRequest,
  TCartExportRequest,
  TCartGroup,
  TCartMessage,
  TCartRenameRequest,
  TCsrfToken,
  TLoginRequest,
  TProjectDetail,
  TProjectSummary,
  TPublicConfig,
  TStatistics,
} from '@coral/core';

/**
 * Every API call the web app makes, by method and path template (spec §7, trailing slashes
 * included), with the contract types of its body and answer. The client accepts only these, so
 * a typo in a path or a wrong response type is a compile error. Add an entry when a feature
 * needs a new call.
 */
export interface GetEndpoints {
  '/api/public/config/': TPublicConfig;
  '/api/public/statistics/': TStatistics;
  '/api/public/projects/': TProjectSummary[];
  '/api/public/projects/{projectId}/': TProjectDetail;
  '/api/auth/status/': TAuthStatus;
  '/api/auth/csrf/': TCsrfToken;
  '/api/auth/cart/': TCartGroup[];
}

export interface PostEndpoints {
  '/api/auth/login/': { body: TLoginRequest; response: TAuthResult };
  '/api/auth/logout/': { body: undefined; response: TAuthResult };
}

export interface PutEndpoints {
  '/api/auth/cart/group/{groupId}/': { body: TCartRenameRequest; response: TCartMessage };
}

export interface DeleteEndpoints {
  '/api/auth/cart/': { body: TCartDeleteRequest; response: TCartMessage };
}

/** POST calls whose answer is a file download rather than JSON. */
export interface DownloadEndpoints {
  '/api/auth/cart/export/': { body: TCartExportRequest };
}

/** The `{name}` placeholders of a path template, as an object type. */
export type PathParams<Path extends string> = Path extends `${string}{${infer Name}}${infer Rest}`
  ? { [K in Name]: string | number } & PathParams<Rest>
  : unknown;

/** Fills a path template: ('/api/public/projects/{projectId}/', {projectId: 61}). */
export function buildPath(template: string, params: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${template}`);
    return encodeURIComponent(String(value));
  });
}
