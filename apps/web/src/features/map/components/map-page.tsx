import 'leaflet/dist/leaflet.css';
import '../map.css';
import {
  compileColonyFilter,
  EMPTY_FILTER_SET,
  isEmptyFilterSet,
  normalizeFilterSet,
  type FilterSet,
} from '@coral/core';
import { useCallback, useMemo, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { Loading } from '@/components/loading';
import { PageTitle } from '@/components/page-title';
import { useAuth } from '@/lib/auth';
import { usePublicConfig } from '@/lib/public-config';
import { useColonies } from '../api/get-colonies';
import { useDraftColonies } from '../api/get-draft-colonies';
import { useDefaultRanges } from '../api/get-default-ranges';
import { useUrlFilters } from '../hooks/use-url-filters';
import { colorScale, type ColorMode } from '../utils/color-scale';
import { fitPaddingFor, type FitPadding } from '../utils/fit-padding';
import { buildMapModel, selectColonies } from '../utils/map-model';
import { isNarrowScreen } from '../utils/screen';
import { AddToCart } from './add-to-cart';
import { AdvancedFiltersModal } from './advanced-filters-modal';
import { ColonyMap } from './colony-map';
import { FilterSidebar } from './filter-sidebar';
import { IncludeDrafts } from './include-drafts';
import { MapDownloads } from './map-downloads';
import { MapLegend } from './map-legend';

export const LOADING_COLONIES = 'Loading colonies...';

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
 * /map (product-spec §2): the clustered colony map with the filter sidebar, the advanced
 * temperature filters and add-to-cart. The applied filters live in the address; filtering runs in
 * the browser on the whole feed with the engine the server uses (packages/core/src/filters).
 */
export function MapPage() {
  const config = usePublicConfig();
  const colonies = useColonies();
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

  const model = useMemo(
    () => (colonies.data ? buildMapModel(colonies.data) : null),
    [colonies.data],
  );
  const applied = useMemo(
    () => (defaults ? normalizeFilterSet(urlFilters, defaults) : EMPTY_FILTER_SET),
    [urlFilters, defaults],
  );
  const selection = useMemo(() => {
    if (!model || !defaults) return null;
    const passes = isEmptyFilterSet(applied) ? null : compileColonyFilter(applied, defaults);
    return selectColonies(model, passes);
  }, [model, applied, defaults]);
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
    () => (model && selection ? { model, selection, colorMode, scale } : null),
    [model, selection, colorMode, scale],
  );
  const page = useRef<HTMLDivElement>(null);
  const fitPadding = useCallback(() => measureFitPadding(page.current), []);
  const colonyIds = useCallback(
    () =>
      model && selection ? Array.from(selection.colonyIndices, (i) => model.colonies[i]!.id) : [],
    [model, selection],
  );
  const apply = useCallback(
    (filters: FilterSet) => {
      performance.mark('map:filters-applied');
      setUrlFilters(filters);
    },
    [setUrlFilters],
  );

  const loading = colonies.isPending || defaultsQuery.isPending;
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
      />
      {loading && (
        <div className="map-loading">
          <Loading text={LOADING_COLONIES} className="bg-white rounded px-3 shadow-sm" />
        </div>
      )}
      {colonies.isError && (
        <div className="map-loading">
          <Alert variant="danger" className="shadow">
            <p>The colonies could not be loaded.</p>
            <Button variant="outline-danger" onClick={() => void colonies.refetch()}>
              Try again
            </Button>
          </Alert>
        </div>
      )}
      {model && selection && defaults && (
        <>
          <div className="map-count" role="status">
            {selection.count.toLocaleString('en-US')} of{' '}
            {model.colonies.length.toLocaleString('en-US')} colonies
          </div>
          <MapDownloads filters={applied} />
          <FilterSidebar
            choices={model}
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
            <AddToCart filters={applied} colonyIds={colonyIds} colonyCount={selection.count} />
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
