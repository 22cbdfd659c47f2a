import { describeEdProvenance } from '../thresholds/ed-provenance';
import { isUntrustworthy } from '../thresholds/quality-flags';
import {
  THRESHOLD_KIND_INFO,
  THRESHOLD_KINDS,
  type ThresholdKind,
} from '../thresholds/threshold-kinds';
import { licenceCell, licenceGroups, licenceTitle, type DatasetLookup } from './download-datasets';
import type { DownloadColony, DownloadContext } from './download-model';
import {
  LIST_SEPARATOR,
  SHOWN_SPECIES_DESCRIPTION,
  shownSpeciesOf,
  VERBATIM_SPECIES_DESCRIPTION,
  VERBATIM_SPECIES_KEY,
} from './download-csv';
import { canonicalQuery, downloadTitle } from './download-query';
import type {
  DictionarySection,
  TextDownloadWriter,
  TextFileWriter,
} from './formats/download-format';

/**
 * The open download as GeoJSON (RFC 7946): a FeatureCollection with one Point Feature per colony.
 * Streamable: `head`, then `colony` per colony (it writes the comma between features), then
 * `tail`. The citation texts, licences, data version and query go under a top-level "metadata"
 * member (a foreign member, RFC 7946 §6.1), written before the features so that a reader sees
 * how to cite the data before the data.
 */
/** RFC 7946 §11.2 finds 6 decimals (about 10 cm) enough; up to 8 keep what providers measured. */
const MAX_COORDINATE_DECIMALS = 8;

export const roundCoordinate = (value: number) => Number(value.toFixed(MAX_COORDINATE_DECIMALS));

/** One threshold as a property: the shape of every item of the per-kind arrays. */
export interface GeoJsonThreshold {
  condition: string | null;
  timepoint: string | null;
  abs: number | null;
  rel: number | null;
  mmm: number | null;
  flags: readonly string[];
  /** How the value was computed: describeEdProvenance's line (decision 0032). */
  method: string;
}

/** `ed50_abs`: a flat property's name (at most 10 characters, so a Shapefile keeps it whole). */
export const flatKey = (kind: ThresholdKind, part: 'abs' | 'rel') => `${kind}_${part}`;

export interface GeoJsonPropertySpec {
  key: string;
  description: string;
  unit: string | null;
}

/** The properties of every Feature, in order (the data dictionary documents them from here). */
export const GEOJSON_PROPERTIES: readonly GeoJsonPropertySpec[] = [
  { key: 'colony_id', description: 'Colony id on the platform (also the Feature id)', unit: null },
  { key: 'colony_name', description: 'Colony name as the data provider gave it', unit: null },
  { key: 'species', description: SHOWN_SPECIES_DESCRIPTION, unit: null },
  { key: 'country', description: 'Country of collection, ISO 3166-1 alpha-3 code', unit: null },
  {
    key: 'collection_dates',
    description:
      'The distinct collection dates of the colony\'s samples (ISO 8601), ascending, "; "-separated (text, as in the CSV: GIS software keeps it; a list would be dropped by a Shapefile)',
    unit: null,
  },
  {
    key: 'project_names',
    description: 'The projects holding samples of the colony, "; "-separated (text, as in the CSV)',
    unit: null,
  },
  { key: 'dataset_id', description: 'Id of the dataset the colony belongs to', unit: null },
  { key: 'dataset_version', description: 'Version number of that dataset', unit: null },
  {
    key: 'citation_key',
    description: 'Key of the dataset version; metadata.datasets gives its citation',
    unit: null,
  },
  {
    key: 'licence',
    description: 'SPDX id of the licence of the dataset version, or "not stated"',
    unit: null,
  },
  {
    key: 'source_dois',
    description:
      'The DOIs of the publications of the colony\'s projects and dataset version, "; "-separated (text, as in the CSV)',
    unit: null,
  },
  { key: VERBATIM_SPECIES_KEY, description: VERBATIM_SPECIES_DESCRIPTION, unit: null },
  // Flat numbers first, so that GIS software (GDAL, QGIS) reads numeric columns it can style by;
  // the full lists follow (docs/decisions/0058-obis-ready-archives-and-friendly-files.md).
  ...THRESHOLD_KINDS.flatMap((kind) => {
    const { edLabel } = THRESHOLD_KIND_INFO[kind];
    return [
      {
        key: flatKey(kind, 'abs'),
        description: `The colony's ${edLabel} as one number: the mean of its absolute ${edLabel} values without a flag that makes a value untrustworthy (what the map colours by); null when there is none`,
        unit: '°C',
      },
      {
        key: flatKey(kind, 'rel'),
        description: `The mean of the colony's relative ${edLabel} values (abs − MMM) without such a flag; null when there is none`,
        unit: '°C',
      },
    ];
  }),
  ...THRESHOLD_KINDS.map((kind) => {
    const { edLabel, label, meaning } = THRESHOLD_KIND_INFO[kind];
    return {
      key: kind,
      description: `Array of the colony's ${edLabel} (${label}: ${meaning}) values, one item per condition and timepoint: {condition, timepoint (minutes after the start of the ramp), abs (°C), rel (abs − MMM, °C), mmm (the MMM SST climatology, °C), flags (array of data-quality flag codes, applying to abs and rel), method (how the value was computed: "As submitted" or "Refit by the platform: <model> <fit>, <ED engine and version>")}`,
      unit: '°C',
    };
  }),
];

/** The members of the top-level "metadata" object. */
export const GEOJSON_METADATA_MEMBERS: readonly GeoJsonPropertySpec[] = [
  { key: 'title', description: 'What the download is', unit: null },
  { key: 'platform', description: 'The platform that published the data', unit: null },
  {
    key: 'software_version',
    description: 'Version of the software that wrote the file',
    unit: null,
  },
  {
    key: 'data_version',
    description: "The platform's data version (publication number) the file was written from",
    unit: null,
  },
  { key: 'created_at', description: 'When the download was made (ISO 8601)', unit: null },
  { key: 'query', description: 'What was asked for (the same object as query.json)', unit: null },
  {
    key: 'snapshot',
    description:
      'The citable snapshot the download belongs to ({id, content_hash, citation}), or null',
    unit: null,
  },
  {
    key: 'datasets',
    description:
      'The dataset versions in the download: {citation_key, dataset_id, version, title, citation, url, doi, licence}',
    unit: null,
  },
  {
    key: 'licences',
    description:
      'The distinct licences, most restrictive first: {licence (SPDX id or "not stated"), text, citation_keys}',
    unit: null,
  },
];

/** The mean of the trustworthy values of a kind (as the map colours, decision 0002), rounded. */
function flatValue(
  colony: DownloadColony,
  kind: ThresholdKind,
  part: 'abs' | 'rel',
): number | null {
  const values = colony.thresholds[kind]
    .filter((entry) => !isUntrustworthy(entry.qualityFlags))
    .map((entry) => entry[part])
    .filter((value): value is number => value !== null && Number.isFinite(value));
  if (values.length === 0) return null;
  const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
  // Stored values have two decimals; a mean keeps four.
  return Math.round(mean * 1e4) / 1e4;
}

function thresholdsOf(colony: DownloadColony, kind: ThresholdKind): GeoJsonThreshold[] {
  return colony.thresholds[kind].map((entry) => ({
    condition: entry.condition,
    timepoint: entry.timepoint,
    abs: entry.abs,
    rel: entry.rel,
    mmm: entry.mmm,
    flags: entry.qualityFlags,
    method: describeEdProvenance(entry.provenance),
  }));
}

/** One colony as a GeoJSON Feature (an object; `createGeoJsonWriter` serialises it). */
export function colonyFeature(colony: DownloadColony, lookup: DatasetLookup) {
  const dataset = lookup(colony);
  const properties: Record<string, unknown> = {
    colony_id: colony.id,
    colony_name: colony.name,
    species: shownSpeciesOf(colony),
    country: colony.country,
    // Text, not arrays: GDAL reads an array of strings as a StringList, which a Shapefile cannot
    // hold, and drops the column (decision 0058).
    collection_dates: colony.collectionDates.join(LIST_SEPARATOR),
    project_names: colony.projectNames.join(LIST_SEPARATOR),
    dataset_id: colony.datasetId,
    dataset_version: colony.datasetVersion,
    citation_key: colony.citationKey,
    licence: licenceCell(dataset),
    source_dois: colony.publicationDois.join(LIST_SEPARATOR),
    [VERBATIM_SPECIES_KEY]: colony.species,
  };
  for (const kind of THRESHOLD_KINDS) {
    properties[flatKey(kind, 'abs')] = flatValue(colony, kind, 'abs');
    properties[flatKey(kind, 'rel')] = flatValue(colony, kind, 'rel');
  }
  for (const kind of THRESHOLD_KINDS) properties[kind] = thresholdsOf(colony, kind);
  return {
    type: 'Feature' as const,
    id: colony.id,
    // RFC 7946 §3.1.1: longitude first.
    geometry: {
      type: 'Point' as const,
      coordinates: [roundCoordinate(colony.longitude), roundCoordinate(colony.latitude)],
    },
    properties,
  };
}

function metadataOf(context: DownloadContext) {
  return {
    title: downloadTitle(context),
    platform: context.platform,
    software_version: context.softwareVersion,
    data_version: context.dataVersion,
    created_at: context.createdAt,
    query: canonicalQuery(context.query),
    snapshot:
      context.snapshot === null
        ? null
        : {
            id: context.snapshot.id,
            content_hash: context.snapshot.contentHash,
            citation: context.snapshot.citation,
          },
    datasets: context.datasets.map((dataset) => ({
      citation_key: dataset.citationKey,
      dataset_id: dataset.facts.datasetId,
      version: dataset.facts.version,
      title: dataset.facts.title,
      citation: dataset.citation,
      url: dataset.facts.url,
      doi: dataset.facts.doi,
      licence: licenceCell(dataset),
    })),
    licences: licenceGroups(context.datasets).map((group) => ({
      licence: group.licence ?? 'not stated',
      text: licenceTitle(group.licence),
      citation_keys: group.datasets.map((dataset) => dataset.citationKey),
    })),
  };
}

/**
 * A writer for one GeoJSON download. It holds only a feature counter (for the commas), so the
 * server can stream any number of colonies through it.
 */
export function createGeoJsonWriter(
  context: DownloadContext,
  lookup: DatasetLookup,
): TextFileWriter {
  let written = 0;
  return {
    head: () =>
      `{"type":"FeatureCollection","metadata":${JSON.stringify(metadataOf(context))},"features":[\n`,
    colony(colony) {
      const text = JSON.stringify(colonyFeature(colony, lookup));
      written += 1;
      return written === 1 ? text : `,\n${text}`;
    },
    // The end depends on how many features were written: it is asked for at the end.
    tail: () => (written === 0 ? ']}\n' : '\n]}\n'),
  };
}

/** The GeoJSON download's writer (formats/registry.ts). */
export const downloadGeoJsonWriter: TextDownloadWriter = {
  kind: 'text',
  open: createGeoJsonWriter,
};

/** The GeoJSON's part of the data dictionary. */
export const DOWNLOAD_GEOJSON_DICTIONARY: readonly DictionarySection[] = [
  {
    title: 'GeoJSON Feature properties',
    intro:
      'Members of `properties` of every Feature of the GeoJSON download (RFC 7946): one Point Feature per colony, `id` = colony id, coordinates [longitude, latitude] in WGS 84 with at most 8 decimals.',
    entries: GEOJSON_PROPERTIES.map(({ key, description, unit }) => ({
      name: key,
      description,
      unit,
    })),
  },
  {
    title: 'GeoJSON metadata',
    intro:
      'Members of the top-level `metadata` object of the GeoJSON download (a foreign member, RFC 7946 §6.1), written before the features.',
    entries: GEOJSON_METADATA_MEMBERS.map(({ key, description, unit }) => ({
      name: key,
      description,
      unit,
    })),
  },
];
