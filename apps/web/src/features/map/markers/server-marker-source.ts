import type { TColonyClusters } from '@coral/core';
import { frameBox } from '@coral/core/map-clusters';
import { getClusterMembers, getColonyClusters, type FilterQuery } from '../api/get-colony-markers';
import type {
  MarkerMembers,
  MarkerSet,
  MarkerSource,
  SelectionFrame,
  SourceMarker,
  ViewBox,
} from './marker-source';
import { bboxParameter, covers, inFrameBox, requestBox } from './view-box';

/** 'N of M colonies': the latest answer's counts. */
export interface ServerCounts {
  matching: number;
  total: number;
}

/** Answers kept per filter set: the zoom levels a visitor goes back and forth between. */
const KEPT_ANSWERS = 8;

interface KeptAnswer {
  zoom: number;
  box: ViewBox;
  answer: TColonyClusters;
  markers: SourceMarker[];
}

/** A request on its way, which a request for a view it covers waits for instead. */
interface Flying {
  zoom: number;
  box: ViewBox;
  answer: Promise<KeptAnswer>;
}

/**
 * The server mode's markers for one filter set (decision 0039): GET /api/public/colonies/clusters/
 * for a zoom and a box around the view; answers are kept, so panning within an answer's box and
 * zooming back draw without a request. The controller aborts a request it no longer needs.
 */
export class ServerMarkerSource implements MarkerSource {
  private kept: KeptAnswer[] = [];
  private flying: Flying[] = [];
  private counts: ServerCounts | null = null;
  private readonly listeners = new Set<(counts: ServerCounts) => void>();

  constructor(private readonly filters: FilterQuery) {}

  frame(view: ViewBox, zoom: number, signal: AbortSignal) {
    // Every answer of a filter set carries the same frame.
    const any = this.kept[0];
    if (any) return frameOf(any.answer);
    return this.requestClusters(view, zoom, signal).then((kept) => frameOf(kept.answer));
  }

  markers(view: ViewBox, zoom: number, signal: AbortSignal) {
    const rounded = Math.round(zoom);
    const hit = this.kept.find((kept) => kept.zoom === rounded && covers(kept.box, view));
    if (hit) return inView(hit, view);
    const coming = this.coming(view, rounded) ?? this.requestClusters(view, rounded, signal);
    return coming.then((kept) => inView(kept, view));
  }

  prefetch(view: ViewBox, zoom: number, signal: AbortSignal): void {
    const rounded = Math.round(zoom);
    if (this.kept.some((kept) => kept.zoom === rounded && covers(kept.box, view))) return;
    if (this.coming(view, rounded)) return;
    // Its failure is the failure of the `markers` call that takes it.
    this.requestClusters(view, rounded, signal).catch(() => undefined);
  }

  forget(): void {
    this.kept = [];
    this.flying = [];
  }

  /** A request on its way whose answer will cover the view. */
  private coming(view: ViewBox, zoom: number): Promise<KeptAnswer> | undefined {
    return this.flying.find((flying) => flying.zoom === zoom && covers(flying.box, view))?.answer;
  }

  /** Calls `listener` with every answer's counts (at once with the latest); returns the unsubscribe. */
  subscribe(listener: (counts: ServerCounts) => void): () => void {
    this.listeners.add(listener);
    if (this.counts) listener(this.counts);
    return () => this.listeners.delete(listener);
  }

  /**
   * Asks for the markers of a box around the view. Until it answers, it is `flying`; once its
   * signal aborts (the map asked for something newer), no later request waits for it.
   */
  private requestClusters(view: ViewBox, zoom: number, signal: AbortSignal): Promise<KeptAnswer> {
    const box = requestBox(view);
    const flying: Flying = { zoom, box, answer: this.ask(box, zoom, signal) };
    const land = () => {
      this.flying = this.flying.filter((f) => f !== flying);
    };
    this.flying.push(flying);
    signal.addEventListener('abort', land, { once: true });
    void flying.answer.then(land, land);
    return flying.answer;
  }

  private async ask(box: ViewBox, zoom: number, signal: AbortSignal): Promise<KeptAnswer> {
    const rounded = Math.round(zoom);
    const answer = await getColonyClusters(
      this.filters,
      { zoom: rounded, bbox: bboxParameter(box) },
      signal,
    );
    const kept: KeptAnswer = {
      zoom: rounded,
      box,
      answer,
      markers: answer.markers.map((marker) => this.sourceMarker(marker, answer.data_version)),
    };
    // Answers of an older data version go: their cluster ids and counts are outdated.
    this.kept = [
      kept,
      ...this.kept.filter((k) => k.answer.data_version === answer.data_version),
    ].slice(0, KEPT_ANSWERS);
    // Told only when they change: a pan's answer has the same counts, and a render of the
    // page around the map would cost a frame for nothing.
    const { matching, total } = answer;
    if (this.counts?.matching !== matching || this.counts.total !== total) {
      this.counts = { matching, total };
      for (const listener of this.listeners) listener(this.counts);
    }
    return kept;
  }

  private sourceMarker(
    marker: TColonyClusters['markers'][number],
    dataVersion: number,
  ): SourceMarker {
    const { count, sumAbsolute, countAbsolute, sumRelative, countRelative } = marker;
    const common = {
      latitude: marker.latitude,
      frameLongitude: marker.frameLongitude,
      count,
      sumAbsolute,
      countAbsolute,
      sumRelative,
      countRelative,
    };
    if (marker.kind === 'cluster') {
      const ref = `cluster:${marker.id}`;
      return {
        kind: 'cluster',
        ...common,
        site: null,
        colonyName: null,
        expansionZoom: () => marker.expansionZoom,
        members: () => this.members(ref, dataVersion, count),
      };
    }
    const ref = `site:${marker.site.latitude},${marker.site.longitude}`;
    return {
      kind: 'site',
      ...common,
      site: marker.site,
      colonyName: marker.colony?.name ?? null,
      expansionZoom: () => Infinity,
      members: () => this.members(ref, dataVersion, count),
    };
  }

  private members(marker: string, dataVersion: number, count: number): MarkerMembers {
    return {
      count,
      load: async (offset, limit, signal) => {
        const answer = await getClusterMembers(
          this.filters,
          { marker, dataVersion, offset, limit },
          signal,
        );
        return { count: answer.count, sites: answer.sites, colonies: answer.colonies };
      },
    };
  }
}

function frameOf(answer: TColonyClusters): SelectionFrame {
  const { matching, offset, mean, bounds } = answer;
  return { count: matching, offset, mean, bounds };
}

/** The markers of an answer inside the view: those the browser would draw there. */
function inView(kept: KeptAnswer, view: ViewBox): MarkerSet {
  const { offset } = kept.answer;
  const box = frameBox(view, offset);
  return {
    offset,
    markers: kept.markers.filter((marker) =>
      inFrameBox(marker.latitude, marker.frameLongitude, box),
    ),
  };
}
