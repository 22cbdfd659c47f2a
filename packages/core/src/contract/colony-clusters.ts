import { z } from 'zod';
import { ZFilterQuery } from '../filters/filter-set.schema';
import { ZColony } from './colonies';

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
    description: `The zoom at which the cluster falls apart; above ${CLUSTERS_MAX_ZOOM} when its colonies never do (the map then lists its members)`,
  }),
  ...position,
  ...totals,
});
export const ZSiteMarker = z.object({
  kind: z.literal('site'),
  ...position,
  ...totals,
  site: z
    .object({ latitude: z.number(), longitude: z.number() })
    .meta({ description: "The site's exact coordinates, as stored (named in `marker=site:`)" }),
  colony: z
    .object({ id: z.int(), name: z.string() })
    .optional()
    .meta({ description: 'Only when the site holds one matching colony: that colony' }),
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

/**
 * Which marker GET /api/public/colonies/clusters/members/ lists: `site:<latitude>,<longitude>`
 * (a site marker's exact `site` coordinates) or `cluster:<id>` (a cluster marker's id, valid for
 * the data version and filter set it was given for).
 */
const MARKER_REF = /^(?:site:[^,]+,[^,]+|cluster:\d+)$/;

export const ZClusterMembersQuery = ZFilterQuery.extend({
  marker: z
    .string({ error: 'required, site:<latitude>,<longitude> or cluster:<id>' })
    .regex(MARKER_REF, 'expected site:<latitude>,<longitude> or cluster:<id>')
    .meta({ description: 'The marker whose colonies are listed', example: 'site:-18.1,177.7' }),
  data_version: z
    .string({ error: 'required, the data_version of the clusters answer the marker came from' })
    .regex(/^\d+$/, 'expected the data_version of the clusters answer')
    .meta({ description: 'The clusters answer the marker came from; another version answers 409' }),
  offset: z
    .string()
    .regex(/^\d+$/, 'expected a whole number from 0')
    .optional()
    .meta({ description: "How many of the marker's colonies to skip (default 0)" }),
  limit: z
    .string()
    .regex(/^(?:[1-9]\d?|1\d\d|200)$/, 'expected a whole number from 1 to 200')
    .optional()
    .meta({ description: 'How many colonies to list (1 to 200, default 50)' }),
});
export type TClusterMembersQuery = z.infer<typeof ZClusterMembersQuery>;

/** A site in a marker's popup (decision 0018): colonies whose coordinates agree to 4 decimals. */
export const ZSiteSummary = z
  .object({
    key: z.string().meta({ description: 'latitude,longitude rounded to 4 decimals' }),
    latitude: z.number(),
    longitude: z.number(),
    colonyCount: z.int(),
    species: z
      .array(z.object({ species: z.string(), colonies: z.int() }))
      .meta({ description: 'Colonies per species, most first, then by name' }),
    ed50: z.object({ mean: z.number(), sd: z.number().nullable(), n: z.int() }).nullable().meta({
      description:
        "Mean and sample SD of the colonies' mean trustworthy absolute ED50, over the n that have one",
    }),
  })
  .meta({ id: 'SiteSummary' });
export type TSiteSummary = z.infer<typeof ZSiteSummary>;

export const ZClusterMembers = z
  .object({
    data_version: z.int(),
    count: z.int().meta({ description: 'Matching colonies under the marker' }),
    offset: z.int(),
    sites: z.array(ZSiteSummary).meta({
      description:
        "The marker's sites, each summarised over all its matching colonies (also those under a neighbouring marker)",
    }),
    colonies: z.array(ZColony).meta({
      description:
        "A page of the marker's matching colonies, in id order, as the colonies feed gives them",
    }),
  })
  .meta({ id: 'ClusterMembers' });
export type TClusterMembers = z.infer<typeof ZClusterMembers>;

/** The filter sidebar's choices over the public colonies (GET /api/public/colonies/choices/). */
export const ZColonyChoices = z
  .object({
    data_version: z.int(),
    total: z.int().meta({ description: 'Public colonies' }),
    species: z.array(z.string()).meta({ description: 'Distinct species, sorted' }),
    projects: z.array(z.string()).meta({ description: 'Distinct project names, sorted' }),
    years: z.array(z.int()).meta({ description: 'Distinct collection years, ascending' }),
  })
  .meta({ id: 'ColonyChoices' });
export type TColonyChoices = z.infer<typeof ZColonyChoices>;

/** The ids of the public colonies passing a filter set (GET /api/public/colonies/ids/). */
export const ZColonyIds = z
  .object({
    data_version: z.int(),
    ids: z.array(z.int()).meta({ description: 'In ascending order' }),
  })
  .meta({ id: 'ColonyIds' });
export type TColonyIds = z.infer<typeof ZColonyIds>;
