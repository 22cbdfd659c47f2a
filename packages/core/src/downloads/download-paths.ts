import type { DownloadFormat } from './download-model';

/**
 * Where each download lives (issue 14; docs/downloads.md). Every source of colonies — the map's
 * filter, a project, a dataset version, a cart group, a snapshot — has one folder of files; the
 * web app builds its links here and the server registers its routes from the same names, so they
 * cannot disagree.
 */

/** The files of every download folder. */
export const DOWNLOAD_FILES = {
  csv: 'colonies.csv',
  geojson: 'colonies.geojson',
  dwca: 'dwca.zip',
} as const satisfies Record<DownloadFormat, string>;

/** The citation (Citation File Format 1.2) and the query of a download, for single-file formats. */
export const CITATION_FILE = 'CITATION.cff';
export const QUERY_FILE = 'query.json';

export const DOWNLOAD_FORMAT_LABELS = {
  csv: { label: 'CSV', detail: 'One row per colony, condition and timepoint (spreadsheets, R)' },
  geojson: { label: 'GeoJSON', detail: 'One feature per colony (QGIS, ArcGIS, web maps)' },
  dwca: {
    label: 'Darwin Core Archive',
    detail: 'Events, occurrences and measurements (GBIF, OBIS), with citation and licences',
  },
} as const satisfies Record<DownloadFormat, { label: string; detail: string }>;

/** The folder of each source, without the file name (no trailing slash). */
export const downloadFolders = {
  map: () => '/api/public/downloads/map',
  project: (projectId: number | string) => `/api/public/projects/${projectId}/downloads`,
  datasetVersion: (datasetId: number | string, version: number | string) =>
    `/api/public/datasets/${datasetId}/versions/${version}/downloads`,
  cartGroup: (groupId: number | string) => `/api/auth/cart/group/${groupId}/downloads`,
  snapshot: (snapshotId: string) => `/api/public/snapshots/${snapshotId}/downloads`,
} as const;

/** A file of a download folder, with its query string (the map's filter, `hideFlagged`). */
export function downloadUrl(folder: string, file: string, query = ''): string {
  const search = query.replace(/^\?/, '');
  return `${folder}/${file}${search === '' ? '' : `?${search}`}`;
}

/** A snapshot's DataCite 4 JSON (for a repository or a DOI registration). */
export const snapshotDataCitePath = (snapshotId: string) =>
  `/api/public/snapshots/${snapshotId}/datacite.json`;
