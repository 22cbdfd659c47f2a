import { citationCff } from '../download-citation';
import { DOWNLOAD_CSV_DICTIONARY, downloadCsvWriter } from '../download-csv';
import { DOWNLOAD_GEOJSON_DICTIONARY, downloadGeoJsonWriter } from '../download-geojson';
import { DATAPACKAGE_FILE, folderDataPackage } from '../download-datapackage';
import { CITATION_FILE, QUERY_FILE } from '../download-paths';
import { queryJson } from '../download-query';
import { dwcaWriter } from '../dwca/dwca-archive';
import { DWCA_DICTIONARY } from '../dwca/dwca-files';
import type { DownloadContext } from '../download-model';
import type { DownloadFormatSpec } from './download-format';

/**
 * THE REGISTRY OF DOWNLOAD FORMATS (docs/decisions/0045-download-formats.md). Every download
 * folder serves one file per entry, in this order; the server's routes, content types and
 * compression, the web's menu, file names, the README of a zip, the data dictionary and the
 * tests all read it, and nothing else names a format. A new format is its writer module and
 * one entry here (2 source files; docs/downloads.md lists it).
 */
export const DOWNLOAD_FORMATS = {
  csv: {
    file: 'colonies.csv',
    extension: 'csv',
    label: 'CSV',
    detail: 'One row per colony, condition and timepoint (spreadsheets, R)',
    contentType: 'text/csv; charset=utf-8',
    compressible: true,
    readmeLines: [
      [
        'data.csv',
        'the data: one row per colony × condition × timepoint (UTF-8 with BOM, comma-separated)',
      ],
    ],
    dictionary: DOWNLOAD_CSV_DICTIONARY,
    writer: downloadCsvWriter,
  },
  geojson: {
    file: 'colonies.geojson',
    extension: 'geojson',
    label: 'GeoJSON',
    detail: 'One feature per colony (QGIS, ArcGIS, web maps)',
    contentType: 'application/geo+json',
    compressible: true,
    readmeLines: [['data.geojson', 'the data: one GeoJSON Point Feature per colony (RFC 7946)']],
    dictionary: DOWNLOAD_GEOJSON_DICTIONARY,
    writer: downloadGeoJsonWriter,
  },
  dwca: {
    file: 'dwca.zip',
    extension: 'zip',
    label: 'Darwin Core Archive',
    detail: 'Events, occurrences and measurements (GBIF, OBIS), with citation and licences',
    contentType: 'application/zip',
    // A zip is compressed already.
    compressible: false,
    readmeLines: [
      ['meta.xml', 'Darwin Core Archive descriptor: which file holds which Darwin Core terms'],
      ['eml.xml', 'metadata in EML 2.1.1 (GBIF profile): title, creators, licences, citations'],
      ['event.txt', 'Event core: one event per CBASS assay (tab-separated)'],
      ['occurrence.txt', 'Occurrence extension: one occurrence per colony (tab-separated)'],
      [
        'extendedmeasurementorfact.txt',
        'Extended MeasurementOrFact: thresholds and MMM per colony (tab-separated)',
      ],
    ],
    dictionary: DWCA_DICTIONARY,
    writer: dwcaWriter,
  },
} as const satisfies Record<string, DownloadFormatSpec>;

/** 'csv' | 'geojson' | 'dwca': the formats' ids, in the registry's order. */
export type DownloadFormat = keyof typeof DOWNLOAD_FORMATS;
export const DOWNLOAD_FORMAT_IDS = Object.keys(DOWNLOAD_FORMATS) as DownloadFormat[];

/** The spec of a format, seen through the registry's common shape. */
export const downloadFormat = (id: DownloadFormat): DownloadFormatSpec => DOWNLOAD_FORMATS[id];

/**
 * The files beside the data in every folder: how to cite the download, what was asked and the
 * Frictionless descriptor of its data files (decision 0058). They are small and never rate-limited (docs/downloads.md).
 */
export const DOWNLOAD_SIDE_FILES = {
  citation: {
    file: CITATION_FILE,
    contentType: 'application/x-yaml; charset=utf-8',
    summary: 'Citation File Format 1.2 citation',
    write: citationCff,
  },
  query: {
    file: QUERY_FILE,
    contentType: 'application/json; charset=utf-8',
    summary: 'What was asked (query.json)',
    write: queryJson,
  },
  datapackage: {
    file: DATAPACKAGE_FILE,
    contentType: 'application/json; charset=utf-8',
    summary: "Frictionless Data Package descriptor of the folder's data files",
    // Paths relative to the folder, with its query, so that each fetches what it describes.
    write: (context: DownloadContext, search = '') =>
      folderDataPackage(
        context,
        DOWNLOAD_FORMAT_IDS.map((id) => ({ format: id, file: DOWNLOAD_FORMATS[id].file })),
        search,
      ),
  },
} as const satisfies Record<
  string,
  {
    file: string;
    contentType: string;
    summary: string;
    /** `search`: the folder's query string (`?species=…`), or empty. */
    write(context: DownloadContext, search?: string): string;
  }
>;
export type DownloadSideFile = keyof typeof DOWNLOAD_SIDE_FILES;
export const DOWNLOAD_SIDE_FILE_IDS = Object.keys(DOWNLOAD_SIDE_FILES) as DownloadSideFile[];

/** A file of a download folder: a data format, or the citation or the query beside it. */
export type DownloadFolderFile = DownloadFormat | DownloadSideFile;

export const isDownloadSideFile = (file: DownloadFolderFile): file is DownloadSideFile =>
  Object.hasOwn(DOWNLOAD_SIDE_FILES, file);
