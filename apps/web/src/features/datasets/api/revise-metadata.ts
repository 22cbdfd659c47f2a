import type { TMetadataRevisionRequestInput } from '@coral/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * A curator's metadata revision of a published version (docs/decisions/0064-metadata-revisions.md).
 * Afterwards every view of datasets is read again: the page, its citation and the lists.
 */
export function useReviseMetadata(datasetId: number, version: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TMetadataRevisionRequestInput) =>
      api.post('/api/auth/datasets/{datasetId}/versions/{version}/revisions/', body, {
        params: { datasetId, version },
      }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['datasets'] });
      await queryClient.invalidateQueries({ queryKey: ['public', 'datasets'] });
    },
  });
}
