/**
 * The web app's routes (product-spec §2 plus the pages this platform adds). The router builds links
 * from these, and the server uses the patterns to answer deep links with the app (200) and anything
 * else with the app's not-found page (404).
 */
export const CLIENT_ROUTES = {
  home: '/',
  map: '/map',
  cart: '/cart',
  upload: '/upload',
  uploads: '/uploads',
  upload_detail: '/uploads/:uploadId',
  login: '/login',
  projects: '/projects',
  project: '/project/:projectId',
  ed50: '/ed50',
  datasets: '/datasets',
  dataset: '/datasets/:datasetId',
  dataset_version: '/datasets/:datasetId/versions/:version',
  my_datasets: '/my/datasets',
  review: '/review',
  snapshot: '/snapshots/:snapshotId',
  cite: '/cite',
  /** What each quality flag means (decision 0013). */
  quality_flags: '/quality-flags',
  /** One colony: its thresholds, raw observations, projects and citation (decision 0019). */
  colony: '/colony/:colonyId',
  /** One species: its ED50 distributions, colonies, sources and map (decision 0020). */
  species: '/species/:speciesName',
  /** The post-fit analyses of a map selection or of cart groups (decision 0067). */
  compare: '/compare',
} as const;

export const projectPath = (projectId: number | string) => `/project/${projectId}`;
export const uploadPath = (uploadId: number | string) => `/uploads/${uploadId}`;
/** A dataset's page; with a version number, that version's own (citable) page. */
export const datasetPath = (datasetId: number | string, version?: number | string) =>
  version === undefined ? `/datasets/${datasetId}` : `/datasets/${datasetId}/versions/${version}`;

/** A citable snapshot's public page (decision 0015). */
export const snapshotPath = (snapshotId: string) => `/snapshots/${snapshotId}`;

/** A colony's page (decision 0019). */
export const colonyPath = (colonyId: number | string) => `/colony/${colonyId}`;
/** A species' page; the name as stored ("Acropora hyacinthus"), encoded for the path. */
export const speciesPath = (speciesName: string) => `/species/${encodeURIComponent(speciesName)}`;

const patterns = Object.values(CLIENT_ROUTES).map(
  (route) => new RegExp(`^${route.replace(/:[A-Za-z]+/g, '[^/]+')}/?$`),
);

export function isClientRoute(pathname: string): boolean {
  return patterns.some((pattern) => pattern.test(pathname));
}
