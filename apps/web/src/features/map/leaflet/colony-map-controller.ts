import { formatCoordinates, type TDraftColony } from '@coral/core';
import L from 'leaflet';
import { toMap } from '@/lib/antimeridian';
import { addBaseTileLayers } from '@/lib/base-tile-layers';
import {
  buildClusterIndex,
  frameBox,
  MAX_MAP_ZOOM,
  type ClusterIndex,
  type MapMarker,
} from '../utils/cluster-index';
import type { ColorMode, ColorScale } from '../utils/color-scale';
import type { MapModel, MapSelection } from '../utils/map-model';
import { LAND_PANE, landLayer, loadLand } from './land-layer';

/**
 * The map's zoom when it first centres on the colonies (product-spec §9), before fitting their
 * bounds.
 */
export const INITIAL_ZOOM = 3;
/** Fitting the bounds of one site would zoom in to the street; this is close enough. */
const FIT_MAX_ZOOM = 10;

export interface PopupRequest {
  container: HTMLElement;
  colonyIndices: number[];
  /** Set for a draft marker: the user's draft colonies at that place (colonyIndices is empty). */
  drafts?: readonly TDraftColony[];
  /** Changes with every popup, so its content starts afresh. */
  key: number;
}

export interface ColonyMapOptions {
  tiles: { street: string; satellite: string };
  /** A marker's popup opened (render into `container`), or closed (null). */
  onPopup: (request: PopupRequest | null) => void;
  /** Room the overlays take at the map's edges when fitting bounds. */
  fitPadding?(): { topLeft: [number, number]; bottomRight: [number, number] };
}

export interface ColonyMapData {
  model: MapModel;
  selection: MapSelection;
  colorMode: ColorMode;
  scale: ColorScale;
}

/** 1234 → '1.2k', 12345 → '12k' (the exact number is in the marker's name). */
function shortCount(count: number): string {
  if (count < 1000) return String(count);
  if (count < 10_000) return `${(Math.floor(count / 100) / 10).toFixed(1)}k`;
  return `${Math.floor(count / 1000)}k`;
}

const plural = (count: number, one: string, many: string) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

/**
 * The Leaflet map, driven imperatively: base layers, and the markers of the clusters in view,
 * redrawn from a supercluster index after every move (a few hundred DOM elements at most,
 * whatever the number of colonies). React owns everything around it and the popups' content.
 */
export class ColonyMapController {
  readonly map: L.Map;
  private readonly markers: L.LayerGroup;
  /** The user's draft colonies ("Include my drafts"), one marker per place, not clustered. */
  private readonly draftMarkers: L.LayerGroup;
  private draftPlaces: { latitude: number; longitude: number; drafts: TDraftColony[] }[] = [];
  private data: ColonyMapData | null = null;
  private index: ClusterIndex | null = null;
  /** Indexes by selection: the unfiltered one is kept, so a reset does not re-cluster. */
  private readonly indexes = new WeakMap<MapSelection, ClusterIndex>();
  private popup: L.Popup | null = null;
  private popupKey = 0;
  private popupIsDraft = false;
  /** Set while the view is being fitted: its moves are drawn once, at the end. */
  private fitting = false;
  private destroyed = false;
  /** Settles once the bundled land is drawn (or could not be loaded). */
  readonly landDrawn: Promise<void>;

  constructor(
    container: HTMLElement,
    private readonly options: ColonyMapOptions,
  ) {
    this.map = L.map(container, {
      center: [0, 160],
      zoom: 2,
      minZoom: 0,
      maxZoom: MAX_MAP_ZOOM,
      worldCopyJump: false,
      // The filter sidebar covers the left edge.
      zoomControl: false,
    });
    L.control.zoom({ position: 'topright' }).addTo(this.map);
    // Bundled coastlines under the tiles: when tiles cannot load (offline, a firewall), the land
    // still orients the map; with tiles they are hidden under them (decision 0018).
    this.map.createPane(LAND_PANE).style.zIndex = '150';
    this.landDrawn = loadLand().then(
      (land) => {
        if (!this.destroyed) landLayer(land).addTo(this.map);
      },
      (error: unknown) => console.warn('The bundled land layer could not be loaded.', error),
    );
    addBaseTileLayers(this.map, options.tiles, MAX_MAP_ZOOM);
    this.markers = L.layerGroup().addTo(this.map);
    this.draftMarkers = L.layerGroup().addTo(this.map);
    this.map.on('moveend', () => this.render());
    this.map.on('popupclose', (event: L.PopupEvent) => {
      if (event.popup === this.popup) {
        this.popup = null;
        this.options.onPopup(null);
      }
    });
  }

  /**
   * New colonies or filters: re-cluster, close a popup that may show a colony filtered out,
   * centre on the colonies' mean at zoom 3 and fit their bounds (product-spec §2), draw.
   */
  setSelection(data: ColonyMapData): void {
    const selectionChanged = data.selection !== this.data?.selection;
    this.data = data;
    if (!selectionChanged) {
      this.render();
      return;
    }
    let index = this.indexes.get(data.selection);
    if (!index) {
      index = buildClusterIndex(data.selection);
      this.indexes.set(data.selection, index);
    }
    this.index = index;
    this.map.closePopup();
    this.fitting = true;
    try {
      this.fitView();
    } finally {
      this.fitting = false;
    }
    this.render();
    performance.mark('map:clusters-rendered', {
      detail: { colonies: data.selection.count, markers: this.markers.getLayers().length },
    });
  }

  /**
   * The user's draft colonies (empty: none shown). Drafts at the same place share a marker;
   * they are few (one user's uploads), so they are drawn without clustering.
   */
  setDrafts(drafts: readonly TDraftColony[]): void {
    const places = new Map<
      string,
      { latitude: number; longitude: number; drafts: TDraftColony[] }
    >();
    for (const draft of drafts) {
      const key = `${draft.latitude},${draft.longitude}`;
      const place = places.get(key);
      if (place) place.drafts.push(draft);
      else {
        places.set(key, { latitude: draft.latitude, longitude: draft.longitude, drafts: [draft] });
      }
    }
    this.draftPlaces = [...places.values()];
    if (this.popup && this.popupIsDraft) this.map.closePopup();
    this.renderDrafts();
  }

  /** Marker colours only. */
  setColors(colorMode: ColorMode, scale: ColorScale): void {
    if (!this.data) return;
    this.data = { ...this.data, colorMode, scale };
    this.render();
  }

  closePopup(): void {
    this.map.closePopup();
  }

  /** Re-places the open popup after its content changed size. */
  updatePopup(): void {
    this.popup?.update();
  }

  invalidateSize(): void {
    this.map.invalidateSize();
  }

  destroy(): void {
    this.destroyed = true;
    this.map.off();
    this.map.remove();
  }

  private fitView(): void {
    const { selection } = this.data!;
    if (!selection.mean || !selection.bounds) return;
    const { offset, mean, bounds } = selection;
    this.map.setView([mean.latitude, toMap(mean.frameLongitude, offset)], INITIAL_ZOOM, {
      animate: false,
    });
    const padding = this.options.fitPadding?.() ?? { topLeft: [20, 20], bottomRight: [20, 20] };
    this.map.fitBounds(
      [
        [bounds.south, toMap(bounds.west, offset)],
        [bounds.north, toMap(bounds.east, offset)],
      ],
      {
        paddingTopLeft: padding.topLeft,
        paddingBottomRight: padding.bottomRight,
        maxZoom: FIT_MAX_ZOOM,
        animate: false,
      },
    );
  }

  private render(): void {
    if (this.fitting) return;
    this.renderDrafts();
    if (!this.data || !this.index) return;
    const { selection } = this.data;
    const view = this.map.getBounds();
    const bbox = frameBox(
      {
        west: view.getWest(),
        south: view.getSouth(),
        east: view.getEast(),
        north: view.getNorth(),
      },
      selection.offset,
    );
    const near = this.map.getCenter().lng;
    const layers = this.index
      .markers(bbox, this.map.getZoom())
      .map((marker) =>
        this.markerLayer(marker, toMap(marker.frameLongitude, selection.offset, near)),
      );
    this.markers.clearLayers();
    for (const layer of layers) this.markers.addLayer(layer);
    for (const layer of layers) {
      const element = layer.getElement();
      if (element) element.setAttribute('aria-label', layer.options.title ?? '');
    }
  }

  /** Draft markers in view, each in the world copy nearest the map's centre. */
  private renderDrafts(): void {
    this.draftMarkers.clearLayers();
    if (this.draftPlaces.length === 0) return;
    const view = this.map.getBounds().pad(0.1);
    const near = this.map.getCenter().lng;
    for (const place of this.draftPlaces) {
      const longitude = place.longitude + 360 * Math.round((near - place.longitude) / 360);
      const at = L.latLng(place.latitude, longitude);
      if (!view.contains(at)) continue;
      const title =
        place.drafts.length === 1
          ? `Draft colony ${place.drafts[0]!.name}`
          : `${plural(place.drafts.length, 'draft colony', 'draft colonies')} at ${formatCoordinates(place.latitude, place.longitude)}`;
      const layer = L.marker(at, {
        icon: L.divIcon({
          className: 'colony-marker colony-marker--draft',
          html: '<span></span>',
          iconSize: [18, 18],
        }),
        title,
        keyboard: true,
        // Above the public markers: a draft at a published colony's place stays reachable.
        zIndexOffset: 1000,
      });
      layer.on('click', () => this.openPopup(layer.getLatLng(), [], place.drafts));
      this.draftMarkers.addLayer(layer);
      layer.getElement()?.setAttribute('aria-label', title);
    }
  }

  private markerLayer(marker: MapMarker, longitude: number): L.Marker {
    const { colorMode, scale, model } = this.data!;
    const [sum, n] =
      colorMode === 'absolute'
        ? [marker.sumAbsolute, marker.countAbsolute]
        : [marker.sumRelative, marker.countRelative];
    const color = scale.colorOf(n === 0 ? Number.NaN : sum / n);
    const single = marker.kind === 'site' && marker.count === 1;
    let title: string;
    let icon: L.DivIcon;
    if (single) {
      const colony = model.colonies[marker.site.colonies[0]!]!;
      title = `Colony ${colony.name}`;
      icon = L.divIcon({
        className: 'colony-marker colony-marker--colony',
        html: `<span style="background:${color}"></span>`,
        iconSize: [18, 18],
      });
    } else {
      const size = marker.count < 10 ? 30 : marker.count < 100 ? 36 : marker.count < 1000 ? 42 : 48;
      title =
        marker.kind === 'cluster'
          ? `Cluster of ${plural(marker.count, 'colony', 'colonies')}`
          : `${plural(marker.count, 'colony', 'colonies')} at ${formatCoordinates(
              model.siteLatitude[marker.site.site]!,
              model.siteLongitude[marker.site.site]!,
            )}`;
      icon = L.divIcon({
        className: `colony-marker colony-marker--${marker.kind}`,
        html: `<span style="border-color:${color}">${shortCount(marker.count)}</span>`,
        iconSize: [size, size],
      });
    }
    const layer = L.marker([marker.latitude, longitude], { icon, title, keyboard: true });
    layer.on('click', () => this.onMarkerClick(marker, layer.getLatLng()));
    return layer;
  }

  private onMarkerClick(marker: MapMarker, at: L.LatLng): void {
    if (marker.kind === 'site') {
      this.openPopup(at, marker.site.colonies);
      return;
    }
    const zoom = this.index!.expansionZoom(marker.clusterId);
    if (zoom <= this.map.getMaxZoom()) this.map.setView(at, zoom);
    else this.openPopup(at, this.index!.colonies(marker.clusterId));
  }

  private openPopup(at: L.LatLng, colonyIndices: number[], drafts?: readonly TDraftColony[]): void {
    const container = document.createElement('div');
    // React handles the content's clicks on this node (the portal's root) and may re-render
    // before the click reaches the map, which would then take a click on a button that is gone
    // for a click on the map and close the popup.
    container.addEventListener('click', (event) => event.stopPropagation());
    // Auto-pan keeps the popup clear of the sidebar and the count at the top.
    const [left] = this.options.fitPadding?.().topLeft ?? [24];
    const popup = L.popup({
      maxWidth: 300,
      minWidth: 220,
      autoPanPaddingTopLeft: [left, 72],
      autoPanPaddingBottomRight: [24, 24],
    })
      .setLatLng(at)
      .setContent(container);
    popup.openOn(this.map);
    this.popup = popup;
    this.popupIsDraft = drafts !== undefined;
    this.options.onPopup({ container, colonyIndices, drafts, key: ++this.popupKey });
  }
}
