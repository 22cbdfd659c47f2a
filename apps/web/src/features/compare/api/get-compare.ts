import { useQuery } from '@tanstack/react-query';
import { api, type QueryParameters } from '@/lib/api-client';

/**
 * One comparison (decision 0067): the map's filter parameters and the comparison's (groupBy,
 * factor, relative, include), or the user's cart groups (groupIds).
 */
export function useCompare(query: QueryParameters, cart: boolean, enabled = true) {
  return useQuery({
    enabled,
    queryKey: ['compare', cart ? 'cart' : 'public', query] as const,
    queryFn: ({ signal }) =>
      cart
        ? api.get('/api/auth/cart/compare/', { query, signal })
        : api.get('/api/public/compare/', { query, signal }),
    retry: false,
  });
}

/** The user's cart groups to choose from (only when logged in). */
export function useCartGroups(enabled: boolean) {
  return useQuery({
    queryKey: ['compare', 'cart-groups'] as const,
    queryFn: ({ signal }) => api.get('/api/auth/cart/', { signal }),
    enabled,
  });
}
