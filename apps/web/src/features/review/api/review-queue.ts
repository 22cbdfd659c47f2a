import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';

/** Private data (dropped at logout with every non-public query). */
export const reviewQueueQueryKey = ['review-queue'] as const;

/** GET /api/auth/review/: the versions waiting for a curator (403 for everyone else). */
export function useReviewQueue() {
  const auth = useAuth();
  const query = useQuery({
    queryKey: reviewQueueQueryKey,
    queryFn: ({ signal }) => api.get('/api/auth/review/', { signal }),
    staleTime: 0,
    enabled: auth.isAuthenticated,
  });
  return { auth, query };
}

export interface Decision {
  datasetId: number;
  version: number;
  decision: 'approve' | 'reject';
  /** Optional for an approval (sent only when given), required for a rejection. */
  message: string;
}

export function decide({ datasetId, version, decision, message }: Decision) {
  const options = { params: { datasetId, version } };
  return decision === 'approve'
    ? api.post(
        '/api/auth/datasets/{datasetId}/versions/{version}/approve/',
        message ? { message } : {},
        options,
      )
    : api.post('/api/auth/datasets/{datasetId}/versions/{version}/reject/', { message }, options);
}

/** Approve or reject; the queue is read again either way (another curator may have decided). */
export function useDecide() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decide,
    onSettled: () => queryClient.invalidateQueries({ queryKey: reviewQueueQueryKey }),
  });
}
