import { useQuery } from '@tanstack/react-query';
import { api, type QueryParameters } from '@/lib/api-client';

/** The query without its choice of groups: two queries of the same selection and grouping. */
const selectionOf = ({ include: _include, ...rest }: QueryParameters) => JSON.stringify(rest);

/**
 * One comparison (decision 0067): the map's filter parameters and the comparison's (groupBy,
 * factor, relative, include), or the user's cart groups (groupIds). Its answer lists every group
 * of the selection (`selectionGroups`), so the groups to choose from need no second request.
 * While groups are included or left out, the previous answer of the same selection stays as
 * placeholder (`isPlaceholderData`), so the list of groups stays put under the user's pointer.
 */
export function useCompare(query: QueryParameters, cart: boolean, enabled = true) {
  return useQuery({
    enabled,
    queryKey: ['compare', cart ? 'cart' : 'public', query] as const,
    queryFn: ({ signal }) =>
      cart
        ? api.get('/api/auth/cart/compare/', { query, signal })
        : api.get('/api/public/compare/', { query, signal }),
    placeholderData: (previous, previousQuery) =>
      previousQuery &&
      previousQuery.queryKey[1] === (cart ? 'cart' : 'public') &&
      selectionOf(previousQuery.queryKey[2]) === selectionOf(query)
        ? previous
        : undefined,
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
