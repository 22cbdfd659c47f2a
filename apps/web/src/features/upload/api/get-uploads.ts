import type { TUploadSummary } from '@coral/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';

/** Private data (dropped at logout with every non-public query). */
export const uploadsQueryKey = ['uploads'] as const;
const uploadQueryKey = (uploadId: string) => ['uploads', uploadId] as const;

/** While an upload waits or runs, its status is asked for again this often. */
export const STATUS_POLL_MS = 2000;

export const isInProgress = (upload: Pick<TUploadSummary, 'status'>) =>
  upload.status === 'queued' || upload.status === 'processing';

export const uploadsQueryOptions = () =>
  queryOptions({
    queryKey: uploadsQueryKey,
    queryFn: ({ signal }) => api.get('/api/auth/uploads/', { signal }),
    refetchInterval: (query) => (query.state.data?.some(isInProgress) ? STATUS_POLL_MS : false),
    staleTime: 0,
  });

export function useUploads() {
  const auth = useAuth();
  const query = useQuery({ ...uploadsQueryOptions(), enabled: auth.isAuthenticated });
  return { auth, query };
}

export function useUpload(uploadId: string) {
  const auth = useAuth();
  const query = useQuery({
    queryKey: uploadQueryKey(uploadId),
    queryFn: ({ signal }) =>
      api.get('/api/auth/uploads/{uploadId}/', { params: { uploadId }, signal }),
    refetchInterval: (q) => (q.state.data && isInProgress(q.state.data) ? STATUS_POLL_MS : false),
    staleTime: 0,
    enabled: auth.isAuthenticated,
  });
  return { auth, query };
}

export const getUpload = (uploadId: number) =>
  api.get('/api/auth/uploads/{uploadId}/', { params: { uploadId } });
