import type { TCartGroup } from '@coral/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-client';
import { useReportCartError } from './cart-errors';

/** Product-spec §7 delete group (id). */
export const deleteGroup = (groupId: number) =>
  api.delete('/api/auth/cart/', { group_id: groupId });

/**
 * Deletes a group, then reloads the cart (product-spec §4, §7). The group leaves the list at once;
 * the reload, not awaited, brings the server's state (a failed reload shows above the list).
 */
export function useDeleteGroup() {
  const queryClient = useQueryClient();
  const report = useReportCartError();
  return useMutation({
    mutationFn: (group: Pick<TCartGroup, 'id'>) => deleteGroup(group.id),
    onSuccess: (_answer, group) => {
      queryClient.setQueriesData<TCartGroup[]>({ queryKey: queryKeys.cart }, (groups) =>
        groups?.filter((candidate) => candidate.id !== group.id),
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.cart });
    },
    onError: (error) => report('delete', error),
  });
}
