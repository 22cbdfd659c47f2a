import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * The colonies of the signed-in user's versions in preparation (drafts, in review, rejected).
 * Private: its key is not under 'public', so logging out drops it.
 */
export const draftColoniesQueryOptions = () =>
  queryOptions({
    queryKey: ['drafts', 'colonies'] as const,
    queryFn: ({ signal }) => api.get('/api/auth/colonies/drafts/', { signal }),
  });

/** Asked for only while "Include my drafts" is ticked by a signed-in user. */
export function useDraftColonies(enabled: boolean) {
  return useQuery({ ...draftColoniesQueryOptions(), enabled });
}
