import type { TDatasetDetail } from '@coral/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { isApiError } from '@/lib/http';

export interface DatasetRef {
  datasetId: string;
  /** A version number; undefined for the dataset's latest shown version. */
  version?: string;
}

/** The public view: published and embargoed versions, and tombstones. 404 for anything else. */
export function getPublicDataset({ datasetId, version }: DatasetRef, signal?: AbortSignal) {
  return version === undefined
    ? api.get('/api/public/datasets/{datasetId}/', { params: { datasetId }, signal })
    : api.get('/api/public/datasets/{datasetId}/versions/{version}/', {
        params: { datasetId, version },
        signal,
      });
}

/**
 * A logged-in reader asks the private view first: the owner and curators see drafts there (and
 * the full history). It answers 404 to everyone else, who then get the public view.
 */
export async function getDatasetAsUser(
  ref: DatasetRef,
  signal?: AbortSignal,
): Promise<TDatasetDetail> {
  const { datasetId, version } = ref;
  try {
    return version === undefined
      ? await api.get('/api/auth/datasets/{datasetId}/', { params: { datasetId }, signal })
      : await api.get('/api/auth/datasets/{datasetId}/versions/{version}/', {
          params: { datasetId, version },
          signal,
        });
  } catch (error) {
    // 401: the session ended since the status check; the public view is still right.
    if (isApiError(error, 404) || isApiError(error, 401)) return getPublicDataset(ref, signal);
    throw error;
  }
}

export const datasetQueryOptions = (ref: DatasetRef, asUser: boolean) =>
  queryOptions({
    // The private view belongs to the user (not under 'public': dropped at logout).
    queryKey: [
      asUser ? 'datasets' : 'public',
      'datasets',
      'detail',
      ref.datasetId,
      ref.version ?? 'latest',
    ],
    queryFn: ({ signal }) =>
      asUser ? getDatasetAsUser(ref, signal) : getPublicDataset(ref, signal),
  });

/** The dataset as the current reader may see it; waits for the login status first. */
export function useDataset(ref: DatasetRef) {
  const auth = useAuth();
  return useQuery({
    ...datasetQueryOptions(ref, auth.isAuthenticated),
    enabled: !auth.isLoading,
  });
}
