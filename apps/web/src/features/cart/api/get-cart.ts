import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { queryKeys } from '@/lib/query-client';
import { CART_ERROR_MESSAGES, recheckSessionOn401 } from './cart-errors';

/**
 * The signed-in user's cart groups, newest first, with their colonies (product-spec §7 refresh).
 */
export async function getCart(signal?: AbortSignal) {
  try {
    return await api.get('/api/auth/cart/', { signal });
  } catch (error) {
    if (!signal?.aborted) console.error(CART_ERROR_MESSAGES.fetch, error);
    throw error;
  }
}

/**
 * Keyed by user under `queryKeys.cart`, so invalidating that key (the map after an add, this
 * page after a delete) reloads it, and a new login never sees another user's groups.
 */
export const cartQueryKey = (username: string) => [...queryKeys.cart, username] as const;

export const cartQueryOptions = (username: string) =>
  queryOptions({
    queryKey: cartQueryKey(username),
    queryFn: ({ signal }) => getCart(signal),
    // Every visit reloads (groups may have been added on the map); the cached list shows meanwhile.
    staleTime: 0,
  });

/** Product-spec §4 Cart: loads on start when the user is authenticated. */
export function useCart() {
  const auth = useAuth();
  const queryClient = useQueryClient();
  const query = useQuery({
    ...cartQueryOptions(auth.username),
    enabled: auth.isAuthenticated,
  });
  const { error } = query;
  useEffect(() => recheckSessionOn401(queryClient, error), [queryClient, error]);
  return { auth, query };
}
