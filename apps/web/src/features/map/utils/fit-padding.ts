/** A box in pixels, relative to the map's top left corner. */
export interface OverlayBox {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export interface FitPadding {
  topLeft: [number, number];
  bottomRight: [number, number];
}

/** Gap kept between a fitted marker's outline and the map's edge or an overlay. */
export const FIT_GAP = 40;
/** Half the largest marker (48 px): Leaflet pads the marker's centre, not its outline. */
export const LARGEST_MARKER_RADIUS = 24;

/**
 * The padding for fitting the selected colonies' bounds: on each side, the room the overlays
 * take there, the gap and the largest marker's radius (decision 0018: on a phone the markers were
 * fitted against the screen's edges and under the count). An overlay taller than half the map
 * is the sidebar: it blocks the left side, unless it covers most of the map (an open sidebar on
 * a phone), when there is nothing to keep clear of. Other overlays block the top or the bottom,
 * by the half of the map their centre is in.
 */
export function fitPaddingFor(
  map: { width: number; height: number },
  overlays: readonly OverlayBox[],
): FitPadding {
  let left = 0;
  let top = 0;
  let bottom = 0;
  for (const box of overlays) {
    if (box.right <= box.left || box.bottom <= box.top) continue; // not shown
    if (box.bottom - box.top > map.height / 2) {
      if (box.right < map.width / 2) left = Math.max(left, box.right);
      continue;
    }
    if ((box.top + box.bottom) / 2 < map.height / 2) top = Math.max(top, box.bottom);
    else bottom = Math.max(bottom, map.height - box.top);
  }
  const pad = (blocked: number) => blocked + FIT_GAP + LARGEST_MARKER_RADIUS;
  return { topLeft: [pad(left), pad(top)], bottomRight: [pad(0), pad(bottom)] };
}
