import { formatCoordinates, type TColonyPage } from '@coral/core';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useRef } from 'react';
import { addBaseTileLayers } from '@/lib/base-tile-layers';
import { addBundledLand } from '@/lib/land-layer';
import { usePublicConfig } from '@/lib/public-config';

const ZOOM = 8;
const MAX_ZOOM = 18;

/**
 * A small map of where the colony was sampled: the map page's base maps over the bundled land,
 * and one marker. The
 * page does not scroll-zoom it (scrolling down the page must not get stuck in the map).
 */
export function ColonyLocationMap({
  colony,
}: {
  colony: Pick<TColonyPage, 'name' | 'latitude' | 'longitude'>;
}) {
  const { tiles } = usePublicConfig();
  const container = useRef<HTMLDivElement>(null);
  const { name, latitude, longitude } = colony;

  useEffect(() => {
    if (!container.current) return undefined;
    const map = L.map(container.current, {
      center: [latitude, longitude],
      zoom: ZOOM,
      maxZoom: MAX_ZOOM,
      scrollWheelZoom: false,
    });
    let gone = false;
    // Without tiles (offline, a firewall) the bundled land still shows where this is.
    void addBundledLand(map, () => gone);
    addBaseTileLayers(map, tiles, MAX_ZOOM);
    L.circleMarker([latitude, longitude], {
      radius: 8,
      color: '#ffffff',
      weight: 2,
      fillColor: '#0b5f73',
      fillOpacity: 0.9,
    })
      .bindTooltip(name)
      .addTo(map);
    return () => {
      gone = true;
      map.remove();
    };
  }, [tiles, name, latitude, longitude]);

  return (
    <div
      ref={container}
      className="colony-location-map rounded border"
      style={{ height: 260 }}
      role="region"
      aria-label={`Map of where ${name} was sampled (${formatCoordinates(latitude, longitude)})`}
      data-testid="colony-location-map"
    />
  );
}
