import type { TColony } from '@coral/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const coloniesQueryKey = ['public', 'colonies'] as const;

/**
 * Every colony (the feed is one gzipped snapshot, 8–12 MB at 100,000 colonies); the map's
 * browser mode filters in the browser. The mark lets the benchmark time from data arrival to clusters on screen.
 */
export async function getColonies(signal?: AbortSignal): Promise<TColony[]> {
  const colonies = await api.get('/api/public/colonies/', { signal });
  performance.mark('map:colonies-loaded', { detail: { colonies: colonies.length } });
  return colonies;
}

export const coloniesQueryOptions = () =>
  queryOptions({
    queryKey: coloniesQueryKey,
    queryFn: ({ signal }) => getColonies(signal),
    staleTime: 5 * 60_000,
    // Comparing 100,000 colonies with the previous answer costs more than it saves.
    structuralSharing: false,
  });

/** Asked for only in the browser mode (decision 0042: the server mode never loads the feed). */
export function useColonies(enabled = true) {
  return useQuery({ ...coloniesQueryOptions(), enabled });
}
