import type { FastifyInstance } from 'fastify';
import {
  compileColonyFilter,
  defaultRangesFromMaxMin,
  isEmptyFilterSet,
  normalizeFilterSet,
  THRESHOLD_KIND_INFO,
  THRESHOLD_KINDS,
  type DefaultRanges,
  type FilterSet,
  type TColony,
} from '@coral/core';
import {
  buildClusterIndex,
  buildMapModel,
  selectColonies,
  type ClusterIndex,
  type MapModel,
  type MapSelection,
} from '@coral/core/map-clusters';

/**
 * What the map computes in the browser today, for tests that compare the server's map answers
 * with it: the whole feed, the filters' defaults from the three max-min answers, core's model,
 * and per filter set its selection and cluster index.
 */
export interface BrowserMap {
  feed: TColony[];
  defaults: DefaultRanges;
  model: MapModel;
  select(filters: FilterSet): { selection: MapSelection; index: ClusterIndex };
}

export async function loadBrowserMap(app: FastifyInstance): Promise<BrowserMap> {
  const feed = (await app.inject({ method: 'GET', url: '/api/public/colonies/' })).json<
    TColony[]
  >();
  const answers = await Promise.all(
    THRESHOLD_KINDS.map(async (kind) => {
      const url = `/api/public/${THRESHOLD_KIND_INFO[kind].maxMinPath}/max-min/`;
      return [kind, (await app.inject({ method: 'GET', url })).json()] as const;
    }),
  );
  const defaults = defaultRangesFromMaxMin(Object.fromEntries(answers));
  const model = buildMapModel(feed);
  return {
    feed,
    defaults,
    model,
    select(filters) {
      const applied = normalizeFilterSet(filters, defaults);
      const passes = isEmptyFilterSet(applied) ? null : compileColonyFilter(applied, defaults);
      const selection = selectColonies(model, passes);
      return { selection, index: buildClusterIndex(selection) };
    },
  };
}
