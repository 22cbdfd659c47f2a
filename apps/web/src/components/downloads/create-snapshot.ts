import type { TCreateSnapshot, TSnapshotCreated } from '@coral/core';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/auth/snapshots/ (issue 14): freezes a map view or a cart group. */
export const createSnapshot = (request: TCreateSnapshot) =>
  api.post('/api/auth/snapshots/', request);

export function useCreateSnapshot() {
  return useMutation<TSnapshotCreated, Error, TCreateSnapshot>({ mutationFn: createSnapshot });
}
