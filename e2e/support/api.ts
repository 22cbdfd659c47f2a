import type { APIRequestContext } from '@playwright/test';
import type { TProjectDetail, TProjectListItem, TPublicConfig } from '@coral/core';

/** Reads the e2e server's own answers, so journeys assert against the real seeded data. */
async function getJson<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path);
  if (!response.ok()) throw new Error(`GET ${path}: HTTP ${response.status()}`);
  return (await response.json()) as T;
}

export const readConfig = (request: APIRequestContext) =>
  getJson<TPublicConfig>(request, '/api/public/config/');

export const readProjects = (request: APIRequestContext) =>
  getJson<TProjectListItem[]>(request, '/api/public/projects/');

export const readProject = (request: APIRequestContext, id: number) =>
  getJson<TProjectDetail>(request, `/api/public/projects/${id}/`);
