import type { TColony } from '@coral/core';
import type { MarkerTotals, SiteSummary } from '@coral/core/map-clusters';

/**
 * Where the map's markers come from (decision 0036): the browser, which has the whole colonies feed
 * and clusters it with core's model and supercluster, or the server, which runs the same
 * clustering and answers the markers of a view. The controller draws from either through this
 * interface and cannot tell them apart; so the markers, titles, colours, fit and popups are the
 * same in both modes.
 */

/** The map's view as Leaflet reports it: longitudes may pass ±180 in other world copies. */
export interface ViewBox {
  west: number;
  south: number;
  east: number;
  north: number;
}

/** A value at once (the browser has everything) or later (the server answers). */
export type Eventually<T> = T | Promise<T>;

/**
 * The colonies passing the filters, for fitting the view: the longitude rotation of their frame
 * (decision 0008, the antimeridian), their mean position and their sites' bounding box.
 */
export interface SelectionFrame {
  /** Colonies passing the filters. */
  count: number;
  offset: number;
  mean: { latitude: number; frameLongitude: number } | null;
  bounds: { south: number; west: number; north: number; east: number } | null;
}

/** One marker to draw: a cluster of sites or a site (colonies at one coordinate). */
export interface SourceMarker extends MarkerTotals {
  kind: 'cluster' | 'site';
  latitude: number;
  frameLongitude: number;
  /** A site's coordinates, as stored (its title shows them); null for a cluster. */
  site: { latitude: number; longitude: number } | null;
  /** The name of a site's only colony: the marker is then that colony. */
  colonyName: string | null;
  /** A cluster's zoom at which it falls apart; above the map's highest zoom it never does. */
  expansionZoom(): number;
  /** The colonies under the marker, for its popup. */
  members(): MarkerMembers;
}

/** The markers in a view, with the rotation of the frame their longitudes are in. */
export interface MarkerSet {
  offset: number;
  markers: SourceMarker[];
}

export interface MarkerSource {
  /** The selection's frame (the server's comes with an answer for some view). */
  frame(view: ViewBox, zoom: number, signal: AbortSignal): Eventually<SelectionFrame>;
  /** The markers in a view at a zoom (rounded, as the clustering does). */
  markers(view: ViewBox, zoom: number, signal: AbortSignal): Eventually<MarkerSet>;
  /** Starts asking for a view the map is about to show (the server's), for `markers` to take. */
  prefetch?(view: ViewBox, zoom: number, signal: AbortSignal): void;
  /** Forgets what was fetched (the server's data changed); answers come afresh. */
  forget(): void;
}

/** A page of a marker's colonies and the summaries of its sites (decision 0018). */
export interface MembersPage {
  /** Colonies under the marker. */
  count: number;
  sites: readonly SiteSummary[];
  colonies: readonly TColony[];
}

/**
 * A marker's colonies, page by page, as its popup lists them: at hand in the browser (`now`),
 * asked for on the server.
 */
export interface MarkerMembers {
  /** Colonies under the marker. */
  count: number;
  /** Colonies [offset, offset + limit) and the marker's sites. */
  load(offset: number, limit: number, signal: AbortSignal): Promise<MembersPage>;
  /** The same at once, when the colonies are in the browser; undefined when they must be fetched. */
  now?(offset: number, limit: number): MembersPage;
}
