import type { FilterSet, TCartAddResponse } from '@coral/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-client';

export interface AddToCartInput {
  colonyIds: number[];
  /** The applied filter set (normalised: only what filters), stored with the group. */
  filters: FilterSet;
  name: string;
}

/**
 * POST /api/auth/cart/ (product-spec §7): a new cart group; the cart is reloaded afterwards (§4).
 */
export const addToCart = ({ colonyIds, filters, name }: AddToCartInput) =>
  api.post('/api/auth/cart/', {
    colony_ids: colonyIds,
    filter_params: { ...filters },
    name: name.trim(),
  });

export function useAddToCart() {
  const queryClient = useQueryClient();
  return useMutation<TCartAddResponse, Error, AddToCartInput>({
    mutationFn: addToCart,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.cart }),
  });
}
