import {
  defaultRangesFromMaxMin,
  THRESHOLD_KIND_INFO,
  THRESHOLD_KINDS,
  type DefaultRanges,
  type MaxMinAnswer,
  type ThresholdKind,
} from '@coral/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const defaultRangesQueryKey = ['public', 'default-ranges'] as const;

const maxMinPaths = {
  ed50: '/api/public/thermal-tolerances/max-min/',
  ed5: '/api/public/breakpoint-temperatures/max-min/',
  ed95: '/api/public/thermal-limits/max-min/',
} as const satisfies Record<ThresholdKind, `/api/public/${string}/max-min/`>;

/**
 * The sliders' dataset bounds (spec §3 "Default ranges"): the three max-min calls in parallel
 * (§7); a failed call is only logged, 'Error fetching default values' (§8), and its ranges take
 * the §9 fallbacks.
 */
export async function getDefaultRanges(signal?: AbortSignal): Promise<DefaultRanges> {
  const answers = await Promise.all(
    THRESHOLD_KINDS.map(async (kind): Promise<[ThresholdKind, MaxMinAnswer]> => {
      try {
        return [kind, await api.get(maxMinPaths[kind], { signal })];
      } catch (error) {
        if (signal?.aborted) throw error;
        console.error('Error fetching default values', THRESHOLD_KIND_INFO[kind].maxMinPath, error);
        return [kind, null];
      }
    }),
  );
  return defaultRangesFromMaxMin(Object.fromEntries(answers));
}

export const defaultRangesQueryOptions = () =>
  queryOptions({
    queryKey: defaultRangesQueryKey,
    queryFn: ({ signal }) => getDefaultRanges(signal),
    staleTime: 5 * 60_000,
  });

export function useDefaultRanges() {
  return useQuery(defaultRangesQueryOptions());
}
