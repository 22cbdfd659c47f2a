/**
 * Where each download lives (docs/downloads.md). Every source of colonies — the map's filter, a
 * project, a dataset version, a cart group, a snapshot — has one folder of files (one per format
 * of formats/registry.ts, and the citation and query beside them); the web app builds its links
 * here and the server registers its routes from the same names, so they cannot disagree.
 */

/** The citation (Citation File Format 1.2) and the query of a download, for single-file formats. */
export const CITATION_FILE = 'CITATION.cff';
export const QUERY_FILE = 'query.json';

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
