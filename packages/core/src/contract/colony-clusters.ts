import { z } from 'zod';
import { ZFilterQuery } from '../filters/filter-set.schema';

/** The map's highest zoom (MAX_MAP_ZOOM of map-clusters; repeated here so the contract carries no supercluster). */
export const CLUSTERS_MAX_ZOOM = 18;

const NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/**
 * The query of GET /api/public/colonies/clusters/: the map's filter parameters (unknown ones
 * refused, as on the feed), the zoom and the view. Checked here; the service reads the numbers.
 */
export const ZColonyClustersQuery = ZFilterQuery.extend({
  zoom: z
    .string({ error: 'required, a number from 0 to 18' })
    .refine((value) => {
      if (!NUMBER.test(value)) return false;
      const zoom = Number(value);
      return zoom >= 0 && zoom <= CLUSTERS_MAX_ZOOM;
    }, `expected a number from 0 to ${CLUSTERS_MAX_ZOOM}`)
    .meta({ description: "The map's zoom (rounded, as the map does)", example: '3' }),
  bbox: z
    .string({ error: 'required, west,south,east,north in degrees' })
    .refine(
      (value) => parseBoundingBox(value) !== null,
      'expected west,south,east,north in degrees: four numbers, latitudes from -90 to 90 with south ≤ north, west ≤ east and longitudes from -540 to 540 (the map may show other world copies)',
    )
    .meta({
      description:
        'The view as the map reports it: west,south,east,north. Longitudes may pass ±180 in another world copy; a view 360° wide or wider shows every marker.',
      example: '-180,-85,180,85',
    }),
});
export type TColonyClustersQuery = z.infer<typeof ZColonyClustersQuery>;

/** west,south,east,north, or null when the text is not a valid view. */
export function parseBoundingBox(
  text: string,
): { west: number; south: number; east: number; north: number } | null {
  const parts = text.split(',');
  if (parts.length !== 4 || parts.some((part) => !NUMBER.test(part.trim()))) return null;
  const [west, south, east, north] = parts.map(Number) as [number, number, number, number];
  const latitudeOk = (v: number) => v >= -90 && v <= 90;
  const longitudeOk = (v: number) => v >= -540 && v <= 540;
  if (!latitudeOk(south) || !latitudeOk(north) || south > north) return null;
  if (!longitudeOk(west) || !longitudeOk(east) || west > east) return null;
  return { west, south, east, north };
}

const totals = {
  count: z.int().meta({ description: 'Colonies under the marker' }),
  sumAbsolute: z.number().meta({
    description: "Sum over those colonies of each one's mean trustworthy absolute ED50 (°C)",
  }),
  countAbsolute: z.int().meta({ description: 'Colonies with a trustworthy absolute ED50' }),
  sumRelative: z.number().meta({ description: 'The same for the ED50 relative to MMM' }),
  countRelative: z.int(),
};
const position = {
  latitude: z.number(),
  longitude: z.number().meta({
    description: 'Where the marker is drawn: in the world copy nearest the centre of bbox',
  }),
  frameLongitude: z.number().meta({
    description:
      "Longitude in the selection's rotated frame (longitude = frameLongitude + offset, ±360)",
  }),
};

export const ZClusterMarker = z.object({
  kind: z.literal('cluster'),
  id: z.int().meta({ description: 'Cluster id within this data version and filter set' }),
  expansionZoom: z.int().meta({
    description: `The zoom at which the cluster falls apart; above ${CLUSTERS_MAX_ZOOM} when its colonies never do`,
  }),
  ...position,
  ...totals,
  colonyIds: z
    .array(z.int())
    .optional()
    .meta({
      description: `Only when expansionZoom is above ${CLUSTERS_MAX_ZOOM}: its colonies, opened as a list`,
    }),
});
export const ZSiteMarker = z.object({
  kind: z.literal('site'),
  ...position,
  ...totals,
  colonyIds: z.array(z.int()).meta({ description: 'The colonies at this coordinate' }),
});

export const ZColonyClusters = z
  .object({
    data_version: z.int().meta({ description: 'Data version the answer was computed for' }),
    total: z.int().meta({ description: 'Public colonies' }),
    matching: z.int().meta({ description: 'Public colonies passing the filters' }),
    offset: z.number().meta({
      description: 'Longitude rotation of the frame (decision 0008: antimeridian)',
    }),
    mean: z
      .object({ latitude: z.number(), frameLongitude: z.number() })
      .nullable()
      .meta({ description: 'Mean position of the matching colonies (frame longitude)' }),
    bounds: z
      .object({ south: z.number(), west: z.number(), north: z.number(), east: z.number() })
      .nullable()
      .meta({ description: "The matching sites' bounding box (frame longitudes)" }),
    markers: z.array(z.discriminatedUnion('kind', [ZClusterMarker, ZSiteMarker])),
  })
  .meta({ id: 'ColonyClusters' });
export type TColonyClusters = z.infer<typeof ZColonyClusters>;
export type TClusterMarker = z.infer<typeof ZClusterMarker>;
export type TSiteMarker = z.infer<typeof ZSiteMarker>;
