import type { TCreateSnapshot, TSnapshotCreated } from '@coral/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { isApiError } from '@/lib/http';
import { queryKeys } from '@/lib/query-client';

/** POST /api/auth/snapshots/ (decision 0015): freezes a map view or a cart group. */
export const createSnapshot = (request: TCreateSnapshot) =>
  api.post('/api/auth/snapshots/', request);

export function useCreateSnapshot() {
  const queryClient = useQueryClient();
  return useMutation<TSnapshotCreated, Error, TCreateSnapshot>({
    mutationFn: createSnapshot,
    // The session ended: check the status again, so the button turns into the login link.
    onError: (error) => {
      if (isApiError(error, 401)) {
        void queryClient.invalidateQueries({ queryKey: queryKeys.authStatus });
      }
    },
  });
}
