import { feature } from 'topojson-client';
import landTopology from 'world-atlas/land-10m.json' with { type: 'json' };
import { ON_LAND_FLAG_KM } from './inland-rule';

/**
 * Is a coordinate on land, and how far from the sea? Natural Earth's 1:10m land polygons (public
 * domain, from the world-atlas package) decide; decision 0022 records why 10m and why a colony
 * is only flagged beyond ON_LAND_FLAG_KM from the coast (coastlines at this scale are a few
 * hundred metres off, and reef sites sit on the shore).
 */

export { ON_LAND_FLAG_KM };

const EARTH_RADIUS_KM = 6371;
const KM_PER_DEGREE = (Math.PI * EARTH_RADIUS_KM) / 180;

type Ring = readonly (readonly number[])[];
interface LandPolygon {
  rings: Ring[];
  /** [west, south, east, north] of the outer ring. */
  box: [number, number, number, number];
}

type LandGeometry =
  | { type: 'Polygon'; coordinates: number[][][] }
  | { type: 'MultiPolygon'; coordinates: number[][][][] };

let polygons: LandPolygon[] | null = null;

/** The land polygons, decoded from TopoJSON on first use (the web bundle never pays for it). */
function landPolygons(): LandPolygon[] {
  if (polygons) return polygons;
  const topology = landTopology as unknown as Parameters<typeof feature>[0];
  // world-atlas's `land` object is a GeometryCollection of (Multi)Polygons: a FeatureCollection.
  const land = feature(topology, topology.objects.land!) as unknown as {
    features: { geometry: LandGeometry }[];
  };
  const geometries = land.features.map((f) => f.geometry);
  polygons = [];
  for (const geometry of geometries) {
    const parts = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
    for (const rings of parts) {
      const outer = rings[0]!;
      const lons = outer.map((p) => p[0]!);
      const lats = outer.map((p) => p[1]!);
      polygons.push({
        rings,
        box: [Math.min(...lons), Math.min(...lats), Math.max(...lons), Math.max(...lats)],
      });
    }
  }
  return polygons;
}

/** Ray casting, even-odd over all rings (holes such as large lakes count as outside). */
function inside(rings: readonly Ring[], lon: number, lat: number): boolean {
  let result = false;
  for (const ring of rings) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi, yi] = ring[i] as [number, number];
      const [xj, yj] = ring[j] as [number, number];
      if (yi > lat === yj > lat) continue;
      // An edge that jumps from 180° to −180° closes a ring cut at the antimeridian (Fiji,
      // Chukotka): it counts as the cut itself, a meridian at 180° east of every point.
      const crossing = Math.abs(xj - xi) > 180 ? 180 : ((xj - xi) * (lat - yi)) / (yj - yi) + xi;
      if (lon < crossing) result = !result;
    }
  }
  return result;
}

/**
 * Distance (km) from a point to the nearest edge of the rings, on a local equirectangular
 * projection around the point (exact enough within tens of kilometres), stopping early once an
 * edge is closer than `enough`.
 */
function distanceToRingsKm(
  rings: readonly Ring[],
  lon: number,
  lat: number,
  enough: number,
): number {
  const kx = KM_PER_DEGREE * Math.cos((lat * Math.PI) / 180);
  const ky = KM_PER_DEGREE;
  let best = Infinity;
  for (const ring of rings) {
    for (let i = 1; i < ring.length; i++) {
      // The antimeridian cut is no coast.
      if (Math.abs(ring[i]![0]! - ring[i - 1]![0]!) > 180) continue;
      const ax = (ring[i - 1]![0]! - lon) * kx;
      const ay = (ring[i - 1]![1]! - lat) * ky;
      const bx = (ring[i]![0]! - lon) * kx;
      const by = (ring[i]![1]! - lat) * ky;
      const dx = bx - ax;
      const dy = by - ay;
      const length2 = dx * dx + dy * dy;
      const t = length2 === 0 ? 0 : Math.max(0, Math.min(1, -(ax * dx + ay * dy) / length2));
      const d = Math.hypot(ax + t * dx, ay + t * dy);
      if (d < best) {
        best = d;
        if (best < enough) return best;
      }
    }
  }
  return best;
}

export interface LandCheck {
  onLand: boolean;
  /** Distance to the coast when on land (km; at least `ON_LAND_FLAG_KM` means "that far or more"). */
  kmFromSea: number;
}

/** Colonies of a site share their coordinates: each place is looked up once. */
const checked = new Map<string, LandCheck>();

/** Where a coordinate lies: in the sea (0 km), or on land and how far from the coast. */
export function checkLand(lat: number, lon: number): LandCheck {
  const key = `${lat},${lon}`;
  let result = checked.get(key);
  if (!result) {
    result = locate(lat, lon);
    if (checked.size > 10_000) checked.clear();
    checked.set(key, result);
  }
  return result;
}

function locate(lat: number, lon: number): LandCheck {
  for (const polygon of landPolygons()) {
    const [west, south, east, north] = polygon.box;
    if (lon < west || lon > east || lat < south || lat > north) continue;
    if (!inside(polygon.rings, lon, lat)) continue;
    return { onLand: true, kmFromSea: distanceToRingsKm(polygon.rings, lon, lat, ON_LAND_FLAG_KM) };
  }
  return { onLand: false, kmFromSea: 0 };
}

/** Whether a colony's coordinates are more than ON_LAND_FLAG_KM inland. */
export function isFarInland(lat: number, lon: number): boolean {
  const { onLand, kmFromSea } = checkLand(lat, lon);
  return onLand && kmFromSea > ON_LAND_FLAG_KM;
}
