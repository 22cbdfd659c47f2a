import type { FrameBox } from '@coral/core/map-clusters';
import type { ViewBox } from './marker-source';

/**
 * The boxes the server mode asks for and draws from. It asks for more than the view (half the
 * view on every side), so that a pan within that margin is drawn from the answer at hand, with
 * no request; and it draws only the markers inside the view, exactly those the browser mode
 * draws (supercluster's clusters at a zoom do not depend on the box, which only selects them).
 */

/** A box a world wide or wider: every marker. */
const WORLD_WIDTH = 360;
/** Coordinates in the query: a millionth of a degree (about 0.1 m) is plenty. */
const DECIMALS = 6;

const round = (value: number) => Number(value.toFixed(DECIMALS));
const clampLatitude = (latitude: number) => Math.max(-90, Math.min(90, latitude));

/**
 * The box to ask for a view: the view and half its size again on every side, moved by whole
 * turns so that its centre lies in [−180, 180) (the query accepts longitudes within ±540), or
 * −180 to 180 once it is a world wide.
 */
export function requestBox(view: ViewBox): ViewBox {
  const width = view.east - view.west;
  const height = view.north - view.south;
  const south = round(clampLatitude(view.south - height / 2));
  const north = round(clampLatitude(view.north + height / 2));
  if (2 * width >= WORLD_WIDTH) return { west: -180, south, east: 180, north };
  const centre = (view.west + view.east) / 2;
  const shift = 360 * Math.floor((centre + 180) / 360);
  return {
    west: round(view.west - width / 2 - shift),
    south,
    east: round(view.east + width / 2 - shift),
    north,
  };
}

export const bboxParameter = (box: ViewBox) => `${box.west},${box.south},${box.east},${box.north}`;

/** Whether an answer asked for `box` has every marker of `view` (at the same zoom). */
export function covers(box: ViewBox, view: ViewBox): boolean {
  if (view.south < box.south || view.north > box.north) return false;
  if (box.east - box.west >= WORLD_WIDTH) return true;
  // The view in the world copy whose centre is nearest the box's.
  const shift = 360 * Math.round((box.west + box.east - view.west - view.east) / 2 / WORLD_WIDTH);
  return view.west + shift >= box.west && view.east + shift <= box.east;
}

/**
 * Whether a marker lies in a frame box, as supercluster's `getClusters` selects: longitudes
 * wrapped to [−180, 180), a box across the seam taken as its two halves, a box a world wide or
 * wider taking every longitude.
 */
export function inFrameBox(latitude: number, frameLongitude: number, box: FrameBox): boolean {
  const [west, south, east, north] = box;
  if (latitude < clampLatitude(south) || latitude > clampLatitude(north)) return false;
  if (east - west >= WORLD_WIDTH) return true;
  const wrap = (longitude: number) => ((((longitude + 180) % 360) + 360) % 360) - 180;
  const from = wrap(west);
  const to = east === 180 ? 180 : wrap(east);
  return from <= to
    ? frameLongitude >= from && frameLongitude <= to
    : frameLongitude >= from || frameLongitude <= to;
}
