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

/**
 * Natural Earth's land at 1:110 million (public domain, through the world-atlas package) as
 * GeoJSON. Both modules are imported on demand, so they are a chunk of their own, fetched after
 * the map is drawn, and add nothing to the main bundle or the map chunk (decision 0018).
 */
export async function loadLand(): Promise<GeoJSON.FeatureCollection | GeoJSON.Feature> {
  const [{ feature }, { default: topology }] = await Promise.all([
    import('topojson-client'),
    import('world-atlas/land-110m.json'),
  ]);
  const land = topology as unknown as Parameters<typeof feature>[0];
  return feature(land, land.objects.land!);
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
