import { QueryClient } from '@tanstack/react-query';

/**
 * Query keys. Public data lives under 'public'; everything else belongs to the signed-in user
 * and is dropped at logout (see `clearPrivateQueries`).
 */
export const queryKeys = {
  config: ['public', 'config'] as const,
  statistics: ['public', 'statistics'] as const,
  dataSummary: ['public', 'data-summary'] as const,
  projects: ['public', 'projects'] as const,
  project: (projectId: string) => ['public', 'projects', projectId] as const,
  species: (name: string) => ['public', 'species', name] as const,
  colony: (colonyId: string) => ['public', 'colony', colonyId] as const,
  authStatus: ['auth', 'status'] as const,
  /** The signed-in user's research cart (private: dropped at logout). */
  cart: ['cart'] as const,
};

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // The spec shows failures at once (zeros, 'Error Loading Project'): no silent retries.
        retry: false,
        refetchOnWindowFocus: false,
        staleTime: 60_000,
      },
      mutations: { retry: false },
    },
  });
}

/** Logout: forget every query that is not public data. */
export function clearPrivateQueries(queryClient: QueryClient): void {
  queryClient.removeQueries({
    predicate: (query) => query.queryKey[0] !== 'public' && query.queryKey[0] !== 'auth',
  });
}
