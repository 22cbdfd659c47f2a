import {
  compileColonyFilter,
  isEmptyFilterSet,
  type DefaultRanges,
  type FilterSet,
} from '@coral/core';
import { useCallback, useMemo } from 'react';
import { useColonies } from '../api/get-colonies';
import { browserMarkerSource } from '../markers/browser-marker-source';
import { buildMapModel, selectColonies } from '@coral/core/map-clusters';
import type { MapMarkers } from './map-markers';

/**
 * The browser mode (fewer public colonies than the configured threshold): the whole colonies
 * feed, filtered in the browser with the engine the server uses (packages/core/src/filters) and
 * clustered with core's model and supercluster.
 */
export function useBrowserMarkers(
  enabled: boolean,
  applied: FilterSet,
  defaults: DefaultRanges | undefined,
): MapMarkers {
  const colonies = useColonies(enabled);
  const model = useMemo(
    () => (colonies.data ? buildMapModel(colonies.data) : null),
    [colonies.data],
  );
  const selection = useMemo(() => {
    if (!model || !defaults) return null;
    const passes = isEmptyFilterSet(applied) ? null : compileColonyFilter(applied, defaults);
    return selectColonies(model, passes);
  }, [model, applied, defaults]);
  const source = useMemo(
    () => (model && selection ? browserMarkerSource(model, selection) : null),
    [model, selection],
  );
  const colonyIds = useCallback(
    () =>
      model && selection ? Array.from(selection.colonyIndices, (i) => model.colonies[i]!.id) : [],
    [model, selection],
  );
  const { refetch } = colonies;
  const retry = useCallback(() => void refetch(), [refetch]);
  return {
    source,
    choices: model,
    counts: model && selection ? { matching: selection.count, total: model.colonies.length } : null,
    colonyIds,
    loading: colonies.isPending,
    failed: colonies.isError,
    retry,
  };
}
