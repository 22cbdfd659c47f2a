import L from 'leaflet';
import { toMap } from '@coral/core/map-clusters';
import type { SelectionFrame, ViewBox } from '../markers/marker-source';
import type { FitPadding } from '../utils/fit-padding';

/**
 * The map's zoom when it first centres on the colonies (product-spec §9), before fitting their
 * bounds.
 */
export const INITIAL_ZOOM = 3;
/** Fitting the bounds of one site would zoom in to the street; this is close enough. */
const FIT_MAX_ZOOM = 10;

/** The frame's bounds on the map (longitudes in the world copy of the offset). */
const boundsOf = (bounds: NonNullable<SelectionFrame['bounds']>, offset: number) =>
  L.latLngBounds(
    [bounds.south, toMap(bounds.west, offset)],
    [bounds.north, toMap(bounds.east, offset)],
  );

/**
 * Centres on the colonies' mean at zoom 3 and fits their bounds (product-spec §2), clear of the
 * overlays; nothing to fit without colonies.
 */
export function fitView(map: L.Map, frame: SelectionFrame, padding: FitPadding): void {
  if (!frame.mean || !frame.bounds) return;
  const { offset, mean, bounds } = frame;
  map.setView([mean.latitude, toMap(mean.frameLongitude, offset)], INITIAL_ZOOM, {
    animate: false,
  });
  map.fitBounds(boundsOf(bounds, offset), {
    paddingTopLeft: padding.topLeft,
    paddingBottomRight: padding.bottomRight,
    maxZoom: FIT_MAX_ZOOM,
    animate: false,
  });
}

/**
 * The view and zoom `fitView` will give, computed ahead as Leaflet's fitBounds computes them
 * (the highest zoom that shows the bounds within the padding, at most FIT_MAX_ZOOM, centred
 * with the padding's offset), so that the server mode can ask for its markers before the map
 * redraws. Null when there is nothing to fit.
 */
export function fittedView(
  map: L.Map,
  frame: SelectionFrame,
  padding: FitPadding,
): { view: ViewBox; zoom: number } | null {
  if (!frame.mean || !frame.bounds) return null;
  const box = boundsOf(frame.bounds, frame.offset);
  const [topLeft, bottomRight] = [L.point(padding.topLeft), L.point(padding.bottomRight)];
  const zoom = Math.min(FIT_MAX_ZOOM, map.getBoundsZoom(box, false, topLeft.add(bottomRight)));
  const centre = map
    .project(box.getSouthWest(), zoom)
    .add(map.project(box.getNorthEast(), zoom))
    .divideBy(2)
    .add(bottomRight.subtract(topLeft).divideBy(2));
  const half = map.getSize().divideBy(2);
  const southWest = map.unproject(centre.add([-half.x, half.y]), zoom);
  const northEast = map.unproject(centre.add([half.x, -half.y]), zoom);
  return {
    view: { west: southWest.lng, south: southWest.lat, east: northEast.lng, north: northEast.lat },
    zoom,
  };
}
