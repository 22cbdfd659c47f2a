import type { TCartGroup } from '@coral/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-client';
import { useReportCartError } from './cart-errors';

/** Product-spec §7 rename group (id, name); the caller has trimmed and checked the name (§5). */
export const renameGroup = (groupId: number, name: string) =>
  api.put('/api/auth/cart/group/{groupId}/', { name }, { params: { groupId } });

/**
 * Renames a group and updates its name in place, without reloading the cart (product-spec §4, §7).
 */
export function useRenameGroup() {
  const queryClient = useQueryClient();
  const report = useReportCartError();
  return useMutation({
    mutationFn: ({ id, name }: Pick<TCartGroup, 'id' | 'name'>) => renameGroup(id, name),
    onSuccess: (answer, { id, name }) => {
      const newName = answer.name ?? name;
      queryClient.setQueriesData<TCartGroup[]>({ queryKey: queryKeys.cart }, (groups) =>
        groups?.map((group) => (group.id === id ? { ...group, name: newName } : group)),
      );
    },
    onError: (error) => report('rename', error),
  });
}
