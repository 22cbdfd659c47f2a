import { formatCoordinates, type TDraftColony } from '@coral/core';
import L from 'leaflet';
import { MAX_MAP_ZOOM, toMap } from '@coral/core/map-clusters';
import { addBaseTileLayers } from '@/lib/base-tile-layers';
import { addBundledLand } from '@/lib/land-layer';
import type {
  Eventually,
  MarkerMembers,
  MarkerSet,
  MarkerSource,
  SelectionFrame,
  SourceMarker,
  ViewBox,
} from '../markers/marker-source';
import type { ColorMode, ColorScale } from '../utils/color-scale';
import type { FitPadding } from '../utils/fit-padding';
import { fittedView, fitView } from './fit-view';

export interface PopupRequest {
  container: HTMLElement;
  /** The colonies of a public marker (undefined for a draft marker). */
  members?: MarkerMembers;
  /** Set for a draft marker: the user's draft colonies at that place. */
  drafts?: readonly TDraftColony[];
  /** Changes with every popup, so its content starts afresh. */
  key: number;
}

export interface ColonyMapOptions {
  tiles: { street: string; satellite: string };
  /** A marker's popup opened (render into `container`), or closed (null). */
  onPopup: (request: PopupRequest | null) => void;
  /** Room the overlays take at the map's edges when fitting bounds. */
  fitPadding?(): FitPadding;
  /**
   * The markers could not be loaded (server mode): `retry` asks again. Called with null once
   * they load again.
   */
  onMarkersError?(failure: MarkersFailure | null): void;
}

export interface MarkersFailure {
  error: unknown;
  retry: () => void;
}

export interface ColonyMapData {
  /** The markers of the colonies passing the filters; a new source is a new selection. */
  source: MarkerSource;
  colorMode: ColorMode;
  scale: ColorScale;
}

/** One round of asking the source: a newer one makes it stale (its answer is dropped). */
interface Round {
  id: number;
  signal: AbortSignal;
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
 * drawn from a marker source after every move (a few hundred DOM elements at most, whatever the
 * number of colonies). The source is the browser's clustering of the whole feed or the server's
 * answers (decision 0036); a server answer that comes after a newer request was made is dropped, and
 * the markers drawn stay until the new ones arrive. React owns everything around it and the
 * popups' content.
 */
export class ColonyMapController {
  readonly map: L.Map;
  private readonly markers: L.LayerGroup;
  /** The user's draft colonies ("Include my drafts"), one marker per place, not clustered. */
  private readonly draftMarkers: L.LayerGroup;
  private draftPlaces: { latitude: number; longitude: number; drafts: TDraftColony[] }[] = [];
  private data: ColonyMapData | null = null;
  /** The selection's frame, once known; null while a new selection's first answer is awaited. */
  private frame: SelectionFrame | null = null;
  /** The markers drawn, redrawn as they are when only the colours change. */
  private drawn: MarkerSet | null = null;
  /** The latest round of asking the source; the only one whose answer is drawn. */
  private round: Round = { id: 0, signal: new AbortController().signal };
  private abortRound: AbortController | null = null;
  /** A failure was reported and no answer has come since. */
  private failing = false;
  /** A new selection's markers are not drawn yet (its first drawing gets a performance mark). */
  private markNextDraw = false;
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
    this.landDrawn = addBundledLand(this.map, () => this.destroyed);
    addBaseTileLayers(this.map, options.tiles, MAX_MAP_ZOOM);
    this.markers = L.layerGroup().addTo(this.map);
    this.draftMarkers = L.layerGroup().addTo(this.map);
    this.map.on('moveend', () => this.onMoveEnd());
    this.map.on('popupclose', (event: L.PopupEvent) => {
      if (event.popup === this.popup) {
        this.popup = null;
        this.options.onPopup(null);
      }
    });
  }

  /**
   * New colonies or filters (a new source): close a popup that may show a colony filtered out,
   * centre on the colonies' mean at zoom 3 and fit their bounds (product-spec §2), draw. The same
   * source with other colours: redraw.
   */
  setSelection(data: ColonyMapData): void {
    const sourceChanged = data.source !== this.data?.source;
    this.data = data;
    if (!sourceChanged) {
      this.redraw();
      return;
    }
    this.map.closePopup();
    this.markNextDraw = true;
    this.loadSelection(true);
  }

  /**
   * The data changed on the server (a marker's colonies were asked for an outdated data
   * version): close the popup and ask for the markers in view again, without refitting.
   */
  refresh(): void {
    if (!this.data) return;
    this.map.closePopup();
    this.data.source.forget();
    this.loadSelection(false);
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
    this.redraw();
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
    this.abortRound?.abort();
    this.map.off();
    this.map.remove();
  }

  /** A new round: the previous one's request is aborted and its answer will be dropped. */
  private newRound(): Round {
    this.abortRound?.abort();
    this.abortRound = new AbortController();
    this.round = { id: this.round.id + 1, signal: this.abortRound.signal };
    return this.round;
  }

  private isCurrent(round: Round): boolean {
    return !this.destroyed && round.id === this.round.id;
  }

  /**
   * Calls `then` with the value, at once when the source has it (the browser mode stays
   * synchronous, as before the server mode), or when it arrives if the round is still current.
   * A failure of a current round is reported with a way to try again.
   */
  private settle<T>(
    value: Eventually<T>,
    round: Round,
    then: (value: T) => void,
    retry: () => void,
  ): void {
    if (!(value instanceof Promise)) {
      this.setBusy(false);
      this.reportFailure(null);
      then(value);
      return;
    }
    this.setBusy(true);
    value.then(
      (result) => {
        if (!this.isCurrent(round)) return;
        this.setBusy(false);
        this.reportFailure(null);
        then(result);
      },
      (error: unknown) => {
        if (!this.isCurrent(round) || round.signal.aborted) return;
        this.setBusy(false);
        this.reportFailure({ error, retry });
      },
    );
  }

  /** While markers are awaited, the map says so (aria-busy): they change when the answer comes. */
  private setBusy(busy: boolean): void {
    const container = this.map.getContainer();
    if (busy) container.setAttribute('aria-busy', 'true');
    else container.removeAttribute('aria-busy');
  }

  private reportFailure(failure: MarkersFailure | null): void {
    if (failure === null && !this.failing) return;
    this.failing = failure !== null;
    this.options.onMarkersError?.(failure);
  }

  /** The selection's frame (fitting the view to it when `fit`), then the markers in view. */
  private loadSelection(fit: boolean): void {
    const { source } = this.data!;
    const round = this.newRound();
    this.frame = null;
    this.settle(
      source.frame(this.view(), this.map.getZoom(), round.signal),
      round,
      (frame) => {
        if (fit) {
          // Asked for first: the server's answer is on its way while Leaflet redraws the view.
          const target = fittedView(this.map, frame, this.fitPadding());
          if (target) source.prefetch?.(target.view, target.zoom, round.signal);
          this.fitting = true;
          try {
            fitView(this.map, frame, this.fitPadding());
          } finally {
            this.fitting = false;
          }
          // The fit's moves were not drawn: the drafts in the fitted view now.
          this.renderDrafts();
        }
        this.frame = frame;
        this.loadMarkers(round);
      },
      () => this.loadSelection(fit),
    );
  }

  /** The markers in view. */
  private loadMarkers(round: Round): void {
    const { source } = this.data!;
    this.settle(
      source.markers(this.view(), this.map.getZoom(), round.signal),
      round,
      (set) => {
        this.drawn = set;
        this.redraw();
        // The first drawing of a selection, for the benchmark and the journeys.
        if (this.markNextDraw) {
          this.markNextDraw = false;
          performance.mark('map:clusters-rendered', {
            detail: { colonies: this.frame?.count, markers: this.markers.getLayers().length },
          });
        }
      },
      () => this.loadMarkers(this.newRound()),
    );
  }

  private onMoveEnd(): void {
    if (this.fitting) return;
    this.renderDrafts();
    // While a selection's frame is awaited, its answer draws the view as it then is.
    if (!this.data || !this.frame) return;
    this.loadMarkers(this.newRound());
  }

  private view(): ViewBox {
    const view = this.map.getBounds();
    return {
      west: view.getWest(),
      south: view.getSouth(),
      east: view.getEast(),
      north: view.getNorth(),
    };
  }

  private fitPadding(): FitPadding {
    return this.options.fitPadding?.() ?? { topLeft: [20, 20], bottomRight: [20, 20] };
  }

  /** The markers drawn, each in the world copy nearest the map's centre. */
  private redraw(): void {
    if (!this.data || !this.drawn) return;
    const { offset, markers } = this.drawn;
    const near = this.map.getCenter().lng;
    const layers = markers.map((marker) =>
      this.markerLayer(marker, toMap(marker.frameLongitude, offset, near)),
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
      layer.on('click', () => this.openPopup(layer.getLatLng(), { drafts: place.drafts }));
      this.draftMarkers.addLayer(layer);
      layer.getElement()?.setAttribute('aria-label', title);
    }
  }

  private markerLayer(marker: SourceMarker, longitude: number): L.Marker {
    const { colorMode, scale } = this.data!;
    const [sum, n] =
      colorMode === 'absolute'
        ? [marker.sumAbsolute, marker.countAbsolute]
        : [marker.sumRelative, marker.countRelative];
    const color = scale.colorOf(n === 0 ? Number.NaN : sum / n);
    let title: string;
    let icon: L.DivIcon;
    if (marker.kind === 'site' && marker.count === 1 && marker.colonyName !== null) {
      title = `Colony ${marker.colonyName}`;
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
              marker.site!.latitude,
              marker.site!.longitude,
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

  /** A site opens its popup; a cluster zooms in to where it falls apart, or opens as a list. */
  private onMarkerClick(marker: SourceMarker, at: L.LatLng): void {
    if (marker.kind === 'cluster') {
      const zoom = marker.expansionZoom();
      if (zoom <= this.map.getMaxZoom()) {
        this.map.setView(at, zoom);
        return;
      }
    }
    this.openPopup(at, { members: marker.members() });
  }

  private openPopup(at: L.LatLng, content: Pick<PopupRequest, 'members' | 'drafts'>): void {
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
    this.popupIsDraft = content.drafts !== undefined;
    this.options.onPopup({ container, ...content, key: ++this.popupKey });
  }
}
