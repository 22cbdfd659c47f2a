import { filterSetToQueryString, type FilterSet, type TColonyChoices } from '@coral/core';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { getColonyIds } from '../api/get-colony-markers';
import type { MarkersFailure } from '../leaflet/colony-map-controller';
import { ServerMarkerSource, type ServerCounts } from '../markers/server-marker-source';
import type { MapMarkers } from './map-markers';

/**
 * The server mode (decision 0042: from the configured number of public colonies on): the markers of
 * the applied filters come from the server view by view, the sidebar's choices from
 * GET /api/public/colonies/choices/, Add to Cart's ids from GET /api/public/colonies/ids/; the
 * colonies feed is never loaded. `ready`: the filters are known (normalised with the defaults).
 */
export function useServerMarkers(
  enabled: boolean,
  applied: FilterSet,
  ready: boolean,
  choices: TColonyChoices | undefined,
): MapMarkers & { onMarkersError: (failure: MarkersFailure | null) => void } {
  // The same filters give the same source (and no refit), however the filter set was made.
  const query = filterSetToQueryString(applied);
  const filters = useMemo(() => Object.fromEntries(new URLSearchParams(query)), [query]);
  const source = useMemo(
    () => (enabled && ready ? new ServerMarkerSource(filters) : null),
    [enabled, ready, filters],
  );
  // The count of the last answer stays until the new filters' first answer replaces it.
  const [counts, setCounts] = useState<ServerCounts | null>(null);
  useEffect(() => source?.subscribe(setCounts), [source]);
  const [failure, setFailure] = useState<MarkersFailure | null>(null);
  const colonyIds = useCallback(() => getColonyIds(filters), [filters]);
  const retry = useCallback(() => failure?.retry(), [failure]);
  return {
    source,
    choices: choices ?? null,
    counts,
    colonyIds,
    loading: counts === null,
    failed: failure !== null,
    retry,
    onMarkersError: setFailure,
  };
}
