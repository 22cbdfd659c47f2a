import type { TPublicConfig } from '@coral/core';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { api } from './api-client';
import { queryKeys } from './query-client';

/**
 * Deployment values (links, tiles, limits) read from the server at start: the build holds no
 * addresses. The root route's loader fetches them before the first screen, so components read
 * them synchronously with `usePublicConfig()`.
 */
export const getPublicConfig = (signal?: AbortSignal) => api.get('/api/public/config/', { signal });

export const publicConfigQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.config,
    queryFn: ({ signal }) => getPublicConfig(signal),
    staleTime: Infinity,
    gcTime: Infinity,
  });

export function usePublicConfig(): TPublicConfig {
  return useSuspenseQuery(publicConfigQueryOptions()).data;
}

/**
 * The navbar's ED50 Calculator address: the configured one, otherwise this host on the
 * calculator port (product-spec §2, 3838 by default).
 */
export function ed50CalculatorUrl(
  config: Pick<TPublicConfig, 'links' | 'ed50CalculatorPort'>,
  location: Pick<Location, 'protocol' | 'hostname'> = window.location,
): string {
  if (config.links.ed50Calculator) return config.links.ed50Calculator;
  const host = location.hostname.includes(':') ? `[${location.hostname}]` : location.hostname;
  return `${location.protocol}//${host}:${config.ed50CalculatorPort}/`;
}
