import 'leaflet/dist/leaflet.css';
import '../map.css';
import {
  clampRangesToBounds,
  EMPTY_FILTER_SET,
  normalizeFilterSet,
  type FilterSet,
} from '@coral/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Loading } from '@/components/loading';
import { PageTitle } from '@/components/page-title';
import { useAuth } from '@/lib/auth';
import { usePublicConfig } from '@/lib/public-config';
import { colonyChoicesQueryKey, useColonyChoices } from '../api/get-colony-choices';
import { useDraftColonies } from '../api/get-draft-colonies';
import { defaultRangesQueryKey, useDefaultRanges } from '../api/get-default-ranges';
import { useBrowserMarkers } from '../hooks/use-browser-markers';
import { useServerMarkers } from '../hooks/use-server-markers';
import { filterSearch, useUrlFilters } from '../hooks/use-url-filters';
import { colorScale, type ColorMode } from '../utils/color-scale';
import { fitPaddingFor, type FitPadding } from '../utils/fit-padding';
import { isNarrowScreen } from '../utils/screen';
import { AddToCart } from './add-to-cart';
import { AdvancedFiltersModal } from './advanced-filters-modal';
import { ColoniesFailed, LOADING_COLONIES } from './colonies-failed';
import { ColonyMap } from './colony-map';
import { FilterSidebar } from './filter-sidebar';
import { IncludeDrafts } from './include-drafts';
import { MapDownloads } from './map-downloads';
import { MapLegend } from './map-legend';
import { NoMatches } from './no-matches';

export { LOADING_COLONIES };

/** Overlays the fitted colonies keep clear of (the legend and Leaflet's controls sit in corners). */
const FIT_OVERLAYS = '.map-sidebar, .map-sidebar-toggle, .map-count, .map-downloads';

/** The fit padding for the overlays on the page now (they move with the screen's width). */
function measureFitPadding(page: HTMLElement | null): FitPadding {
  if (!page) return fitPaddingFor({ width: 0, height: 0 }, []);
  const frame = page.getBoundingClientRect();
  const overlays = Array.from(page.querySelectorAll<HTMLElement>(FIT_OVERLAYS), (element) => {
    const box = element.getBoundingClientRect();
    return {
      left: box.left - frame.left,
      top: box.top - frame.top,
      right: box.right - frame.left,
      bottom: box.bottom - frame.top,
    };
  });
  return fitPaddingFor({ width: frame.width, height: frame.height }, overlays);
}

/**
 * Where the markers come from: the browser clusters the whole feed below the configured number
 * of public colonies, the server answers them from it on (decision 0036; 0: always the server).
 */
export function mapMode(total: number, serverFrom: number): 'browser' | 'server' {
  return total >= serverFrom ? 'server' : 'browser';
}

/**
 * /map (product-spec §2): the clustered colony map with the filter sidebar, the advanced
 * temperature filters and add-to-cart. The applied filters live in the address. The sidebar's
 * choices and the public total come first; the total decides the mode: the whole feed filtered
 * and clustered in the browser, or the server's markers for the view (decision 0039). Both draw the
 * same markers the same way.
 */
export function MapPage() {
  const config = usePublicConfig();
  const queryClient = useQueryClient();
  const choices = useColonyChoices();
  const defaultsQuery = useDefaultRanges();
  const defaults = defaultsQuery.data;
  const [urlFilters, setUrlFilters] = useUrlFilters();
  // On a phone the sidebar would cover the whole map: it starts folded to its funnel button.
  const [collapsed, setCollapsed] = useState(isNarrowScreen);
  const [showAdvanced, setShowAdvanced] = useState(false);
  const [colorMode, setColorMode] = useState<ColorMode>('absolute');
  // "Include my drafts" is a personal view, not part of a shareable address.
  const { isAuthenticated } = useAuth();
  const [includeDrafts, setIncludeDrafts] = useState(false);
  const showDrafts = isAuthenticated && includeDrafts;
  const drafts = useDraftColonies(showDrafts);

  // A range from the address that reaches beyond the data is narrowed to it (decision 0056).
  const clamped = useMemo(
    () => (defaults ? clampRangesToBounds(urlFilters, defaults) : null),
    [urlFilters, defaults],
  );
  const applied = useMemo(
    () => (defaults && clamped ? normalizeFilterSet(clamped.filters, defaults) : EMPTY_FILTER_SET),
    [clamped, defaults],
  );
  const replaceSearch = useNavigate();
  useEffect(() => {
    // The address then says what the map shows: the narrowed ranges, in place of the old entry.
    if (clamped && clamped.clamped.length > 0) {
      void replaceSearch({ search: filterSearch(applied) }, { replace: true });
    }
  }, [clamped, applied, replaceSearch]);
  const mode = choices.data && mapMode(choices.data.total, config.mapServerClusteringFrom);
  const browser = useBrowserMarkers(mode === 'browser', applied, defaults);
  const server = useServerMarkers(mode === 'server', applied, !!defaults, choices.data);
  const markers = mode === 'server' ? server : browser;
  const { source, counts } = markers;
  const scale = useMemo(
    () =>
      colorScale(
        defaults?.[colorMode === 'absolute' ? 'absThermalTolerance' : 'relThermalTolerance'] ?? {
          min: 0,
          max: 1,
        },
      ),
    [defaults, colorMode],
  );
  const mapData = useMemo(
    () => (source ? { source, colorMode, scale } : null),
    [source, colorMode, scale],
  );
  const page = useRef<HTMLDivElement>(null);
  const fitPadding = useCallback(() => measureFitPadding(page.current), []);
  const apply = useCallback(
    (filters: FilterSet) => {
      performance.mark('map:filters-applied');
      setUrlFilters(filters);
    },
    [setUrlFilters],
  );
  // A marker's colonies were asked for an outdated data version: the data changed.
  const dataChanged = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: colonyChoicesQueryKey });
    void queryClient.invalidateQueries({ queryKey: defaultRangesQueryKey });
  }, [queryClient]);

  const failed = choices.isError || (mode !== undefined && markers.failed);
  const retry = choices.isError ? () => void choices.refetch() : markers.retry;
  const loading =
    !failed && (choices.isPending || defaultsQuery.isPending || !mode || markers.loading);
  return (
    <div className="map-page" ref={page}>
      <PageTitle title="Map" />
      <h1 className="visually-hidden">Colony Map</h1>
      <ColonyMap
        tiles={config.tiles}
        data={mapData}
        drafts={showDrafts ? drafts.data : undefined}
        hideFlagged={applied.hideFlagged === true}
        fitPadding={fitPadding}
        sidebarOpen={!collapsed}
        onMarkersError={mode === 'server' ? server.onMarkersError : undefined}
        onDataChanged={dataChanged}
      />
      {loading && (
        <div className="map-loading">
          <Loading text={LOADING_COLONIES} className="bg-white rounded px-3 shadow-sm" />
        </div>
      )}
      {failed && (
        <div className="map-loading">
          <ColoniesFailed className="shadow" onRetry={retry} />
        </div>
      )}
      {counts && markers.choices && defaults && (
        <>
          <div className="map-count" role="status">
            {counts.matching.toLocaleString('en-US')} of {counts.total.toLocaleString('en-US')}{' '}
            colonies
          </div>
          {counts.matching === 0 && counts.total > 0 && (
            <NoMatches applied={applied} defaults={defaults} onApply={apply} />
          )}
          <MapDownloads filters={applied} />
          <FilterSidebar
            choices={markers.choices}
            defaults={defaults}
            applied={applied}
            collapsed={collapsed}
            onCollapsedChange={setCollapsed}
            onApply={apply}
            onReset={() => apply(EMPTY_FILTER_SET)}
            onOpenAdvanced={() => setShowAdvanced(true)}
          >
            {isAuthenticated && (
              <IncludeDrafts
                checked={includeDrafts}
                onChange={setIncludeDrafts}
                status={drafts.isError ? 'error' : drafts.isPending ? 'loading' : 'ready'}
                count={drafts.data?.length ?? 0}
              />
            )}
            <AddToCart
              filters={applied}
              colonyIds={markers.colonyIds}
              colonyCount={counts.matching}
            />
          </FilterSidebar>
          <AdvancedFiltersModal
            show={showAdvanced}
            onHide={() => setShowAdvanced(false)}
            defaults={defaults}
            applied={applied}
            onApply={apply}
          />
          <MapLegend mode={colorMode} scale={scale} onModeChange={setColorMode} />
        </>
      )}
    </div>
  );
}
