import type { TClusterMembers, TColonyClusters } from '@coral/core';
import { api } from '@/lib/api-client';
import { isApiError } from '@/lib/http';

/** The applied filter set as the API's query parameters (`filterSetToQueryEntries`). */
export type FilterQuery = Readonly<Record<string, string>>;

/** The markers of a filter set at a zoom in a view (`bbox`: west,south,east,north). */
export function getColonyClusters(
  filters: FilterQuery,
  view: { zoom: number; bbox: string },
  signal: AbortSignal,
): Promise<TColonyClusters> {
  return api.get('/api/public/colonies/clusters/', {
    query: { ...filters, zoom: String(view.zoom), bbox: view.bbox },
    signal,
  });
}

/**
 * A page of a marker's colonies (`marker`: `site:<latitude>,<longitude>` or `cluster:<id>`), for
 * the clusters answer of `dataVersion` the marker came from.
 */
export function getClusterMembers(
  filters: FilterQuery,
  page: { marker: string; dataVersion: number; offset: number; limit: number },
  signal: AbortSignal,
): Promise<TClusterMembers> {
  return api.get('/api/public/colonies/clusters/members/', {
    query: {
      ...filters,
      marker: page.marker,
      data_version: String(page.dataVersion),
      offset: String(page.offset),
      limit: String(page.limit),
    },
    signal,
  });
}

/** The ids of the public colonies passing the filters (Add to Cart), in ascending order. */
export async function getColonyIds(filters: FilterQuery, signal?: AbortSignal): Promise<number[]> {
  const answer = await api.get('/api/public/colonies/ids/', { query: { ...filters }, signal });
  return answer.ids;
}

/**
 * 409 from the members call: the data changed since the marker's clusters answer (an upload was
 * published); the map asks for its markers again instead of showing an error.
 */
export function isStaleDataVersion(error: unknown): boolean {
  return isApiError(error, 409) && error.code === 'STALE_DATA_VERSION';
}
