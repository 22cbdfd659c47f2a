import L from 'leaflet';

/** The pane of the bundled land, under the tiles (Leaflet's tile pane is at z-index 200). */
export const LAND_PANE = 'land';
export const LAND_STYLE: L.PathOptions = {
  pane: LAND_PANE,
  stroke: true,
  color: '#b5b5b5',
  weight: 0.6,
  fillColor: '#e4e4e4',
  fillOpacity: 1,
  interactive: false,
};

type Position = GeoJSON.Position;
type Land = GeoJSON.FeatureCollection | GeoJSON.Feature;

/**
 * A ring whose consecutive points never lie more than 180° of longitude apart. Natural Earth cuts
 * land at the antimeridian (Fiji, Chukotka, Antarctica): a ring steps from 179.4° to -180°,
 * which a map draws as an edge across the whole world, a faint line at that latitude (decision
 * 0048). Each point is moved by whole turns to stay beside the one before; a ring that goes
 * round a pole (Antarctica) ends a turn from its start and is closed along that pole.
 */
export function unwrapRing(ring: readonly Position[]): Position[] {
  const out: Position[] = [];
  let shift = 0;
  for (const [longitude, latitude, ...rest] of ring) {
    const previous = out.at(-1);
    if (previous) {
      const step = longitude! + shift - previous[0]!;
      if (step > 180) shift -= 360;
      else if (step < -180) shift += 360;
    }
    out.push([longitude! + shift, latitude!, ...rest]);
  }
  const first = out[0];
  const last = out.at(-1);
  if (first && last && Math.abs(last[0]! - first[0]!) > 180) {
    const mean = out.reduce((sum, [, latitude]) => sum + latitude!, 0) / out.length;
    const pole = mean < 0 ? -90 : 90;
    out.push([last[0]!, pole], [first[0]!, pole], [first[0]!, first[1]!]);
  }
  return out;
}

function unwrapGeometry(geometry: GeoJSON.Geometry): GeoJSON.Geometry {
  switch (geometry.type) {
    case 'Polygon':
      return { ...geometry, coordinates: geometry.coordinates.map(unwrapRing) };
    case 'MultiPolygon':
      return {
        ...geometry,
        coordinates: geometry.coordinates.map((polygon) => polygon.map(unwrapRing)),
      };
    case 'GeometryCollection':
      return { ...geometry, geometries: geometry.geometries.map(unwrapGeometry) };
    case 'Point':
    case 'MultiPoint':
    case 'LineString':
    case 'MultiLineString':
      return geometry;
  }
}

/** The land with every ring unwrapped (`unwrapRing`). */
export function unwrapLand(land: Land): Land {
  if (land.type === 'Feature') return { ...land, geometry: unwrapGeometry(land.geometry) };
  return {
    ...land,
    features: land.features.map((feature) => ({
      ...feature,
      geometry: unwrapGeometry(feature.geometry),
    })),
  };
}

/**
 * Natural Earth's land at 1:110 million (public domain, through the world-atlas package) as
 * GeoJSON, its rings unwrapped. Both modules are imported on demand, so they are a chunk of their
 * own, fetched after the map is drawn, and add nothing to the main bundle or the map chunk
 * (decision 0018).
 */
export async function loadLand(): Promise<Land> {
  const [{ feature }, { default: topology }] = await Promise.all([
    import('topojson-client'),
    import('world-atlas/land-110m.json'),
  ]);
  const land = topology as unknown as Parameters<typeof feature>[0];
  return unwrapLand(feature(land, land.objects.land!));
}

/**
 * The land drawn three times, one world apart: markers east of 180° (Fiji and Samoa seen
 * together) sit in the next world copy, and the coastlines must be there too.
 */
export function landLayer(land: GeoJSON.GeoJsonObject): L.LayerGroup {
  const copies = [-360, 0, 360].map((shift) =>
    L.geoJSON(land, {
      style: () => LAND_STYLE,
      coordsToLatLng: ([longitude, latitude]) => L.latLng(latitude, longitude + shift),
    }),
  );
  return L.layerGroup(copies);
}

/**
 * The bundled land under the tiles of `map`: when tiles cannot load (offline, a firewall), the
 * land still orients the map; with tiles it is hidden under them (decision 0018). Every Leaflet
 * map of the app draws it. Settles once the land is drawn, or could not be loaded.
 */
export function addBundledLand(map: L.Map, isGone: () => boolean = () => false): Promise<void> {
  map.createPane(LAND_PANE).style.zIndex = '150';
  return loadLand().then(
    (land) => {
      if (!isGone()) landLayer(land).addTo(map);
    },
    (error: unknown) => console.warn('The bundled land layer could not be loaded.', error),
  );
}
