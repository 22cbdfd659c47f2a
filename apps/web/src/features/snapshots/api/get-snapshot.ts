import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** One citable snapshot; an unknown id answers 404 (shown as 'Snapshot Not Found'). */
export const getSnapshot = (snapshotId: string, signal?: AbortSignal) =>
  api.get('/api/public/snapshots/{snapshotId}/', { params: { snapshotId }, signal });

export const snapshotQueryOptions = (snapshotId: string) =>
  queryOptions({
    // A snapshot never changes once made: read it once per visit.
    queryKey: ['public', 'snapshots', snapshotId],
    queryFn: ({ signal }) => getSnapshot(snapshotId, signal),
    staleTime: Infinity,
  });

export function useSnapshot(snapshotId: string) {
  return useQuery(snapshotQueryOptions(snapshotId));
}
