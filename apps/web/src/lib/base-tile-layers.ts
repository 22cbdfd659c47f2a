import type { TPublicConfig } from '@coral/core';
import L from 'leaflet';
import { attributionFor } from './tile-attribution';

/**
 * The configured base maps (public configuration: street map and satellite imagery) on `map`,
 * the street map shown, with a switch between the two in the top-right corner. Every Leaflet
 * map of the app starts with these, so tiles and credits are configured in one place.
 */
export function addBaseTileLayers(
  map: L.Map,
  tiles: TPublicConfig['tiles'],
  maxZoom?: number,
): void {
  // Leaflet copies even an undefined option over its default: pass maxZoom only when given.
  const zoom = maxZoom === undefined ? {} : { maxZoom };
  const street = L.tileLayer(tiles.street, { ...zoom, attribution: attributionFor(tiles.street) });
  const satellite = L.tileLayer(tiles.satellite, {
    ...zoom,
    attribution: attributionFor(tiles.satellite),
  });
  street.addTo(map);
  L.control
    .layers({ 'Street map': street, Satellite: satellite }, undefined, { position: 'topright' })
    .addTo(map);
}
