import type { TPublicConfig, TSpeciesSite } from '@coral/core';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import './sites-map.css';
import { useEffect, useRef } from 'react';
import { longitudeOffset, toFrame, toMap } from '@coral/core/map-clusters';
import { addBaseTileLayers } from '@/lib/base-tile-layers';
import { addBundledLand } from '@/lib/land-layer';

const COLOR = '#0072B2';
/** Fitting one site would zoom in to the street; this is close enough (as the colony map). */
const FIT_MAX_ZOOM = 8;

/**
 * Where the species was measured: one circle per site on the colony map's base layers (the
 * configured tile URLs), sized by its number of colonies; the site table on the page holds the
 * same places as text.
 */
export function SitesMap({
  tiles,
  sites,
  species,
  label,
}: {
  tiles: TPublicConfig['tiles'];
  /** What a circle needs (the review card's sites have no distributions). */
  sites: readonly Pick<TSpeciesSite, 'label' | 'latitude' | 'longitude' | 'colony_count'>[];
  species?: string;
  /** The map's accessible name, when it is not a species' map (the review card). */
  label?: string;
}) {
  const element = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const map = L.map(element.current!, { center: [0, 160], zoom: 2, minZoom: 1 });
    let gone = false;
    void addBundledLand(map, () => gone);
    addBaseTileLayers(map, tiles);
    // Sites on both sides of the antimeridian (Fiji, American Samoa) are drawn side by side.
    const offset = longitudeOffset(sites.map((site) => site.longitude));
    const places = sites.map((site) => ({
      site,
      at: L.latLng(site.latitude, toMap(toFrame(site.longitude, offset), offset)),
    }));
    for (const { site, at } of places) {
      L.circleMarker(at, {
        radius: 6 + Math.min(10, Math.sqrt(site.colony_count)),
        color: COLOR,
        weight: 2,
        fillOpacity: 0.35,
      })
        .bindTooltip(
          `${site.label}: ${site.colony_count} ${site.colony_count === 1 ? 'colony' : 'colonies'}`,
        )
        .addTo(map);
    }
    if (places.length > 0) {
      map.fitBounds(L.latLngBounds(places.map((p) => p.at)), {
        padding: [30, 30],
        maxZoom: FIT_MAX_ZOOM,
      });
    }
    return () => {
      gone = true;
      map.remove();
    };
  }, [tiles, sites]);

  return (
    <div
      ref={element}
      className="sites-map"
      role="region"
      aria-label={label ?? `Map of the sites where ${species} was measured`}
    />
  );
}
