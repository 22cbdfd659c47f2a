/**
 * Colonies on both sides of the antimeridian (Fiji at 177.7°, American Samoa at −170.7°) must
 * cluster together and fit in one view. The map works in a longitude frame rotated by an offset
 * that puts the widest empty stretch of ocean between the colonies at the frame's seam: inside
 * the frame the data is contiguous, so clusters, means and bounds are computed as usual; shown
 * on the map, a frame longitude becomes `frame + offset`, which Leaflet accepts beyond ±180°.
 */

/** A longitude in [−180, 180). */
export function wrapLongitude(longitude: number): number {
  return ((((longitude + 180) % 360) + 360) % 360) - 180;
}

/**
 * The rotation for a set of longitudes: 0 when the data does not cross the antimeridian (the
 * widest gap is already the one across ±180°), otherwise the centre of the data's span.
 */
export function longitudeOffset(longitudes: Iterable<number>): number {
  const sorted = [...new Set([...longitudes].map(wrapLongitude))].sort((a, b) => a - b);
  if (sorted.length < 2) return 0;
  let widestGap = sorted[0]! + 360 - sorted.at(-1)!;
  let start = sorted[0]!; // the first longitude after the widest gap
  for (let i = 1; i < sorted.length; i++) {
    const gap = sorted[i]! - sorted[i - 1]!;
    if (gap > widestGap) {
      widestGap = gap;
      start = sorted[i]!;
    }
  }
  if (start === sorted[0]) return 0;
  const span = 360 - widestGap;
  return wrapLongitude(start + span / 2);
}

/** A longitude in the rotated frame, in [−180, 180). */
export const toFrame = (longitude: number, offset: number) => wrapLongitude(longitude - offset);

/**
 * Where a frame longitude is drawn: the copy of `frame + offset` (±360°) nearest to
 * `nearLongitude`, so markers appear in the world copy the user is looking at.
 */
export function toMap(frameLongitude: number, offset: number, nearLongitude = offset): number {
  const longitude = frameLongitude + offset;
  return longitude + 360 * Math.round((nearLongitude - longitude) / 360);
}
