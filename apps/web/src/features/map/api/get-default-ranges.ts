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
import type { MaxMinEndpoint } from '@/lib/api-endpoints';

const maxMinEndpoint = (kind: ThresholdKind): MaxMinEndpoint =>
  `/api/public/${THRESHOLD_KIND_INFO[kind].maxMinPath}/max-min/`;

export const defaultRangesQueryKey = ['public', 'default-ranges'] as const;

/**
 * The sliders' dataset bounds (product-spec §3 "Default ranges"): the three max-min calls in
 * parallel (§7); a failed call is only logged, 'Error fetching default values' (§8), and its ranges
 * take the §9 fallbacks.
 */
export async function getDefaultRanges(signal?: AbortSignal): Promise<DefaultRanges> {
  const answers = await Promise.all(
    THRESHOLD_KINDS.map(async (kind): Promise<[ThresholdKind, MaxMinAnswer]> => {
      try {
        return [kind, await api.get(maxMinEndpoint(kind), { signal })];
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
