import type {
  CompareResult,
  TAuthResult,
  TOrcidUnlinkResult,
  TAuthStatus,
  TCartAddRequest,
  TCartAddResponse,
  TCartDeleteRequest,
  TCartExportRequest,
  TCartGroup,
  TCartMessage,
  TCartRenameRequest,
  TClusterMembers,
  TColony,
  TColonyChoices,
  TColonyClusters,
  TColonyIds,
  TColonyPage,
  TCreateSnapshot,
  TCsrfToken,
  TDataSummary,
  TDatasetActionResult,
  TDatasetDetail,
  TDatasetMetadataUpdate,
  TMetadataRevisionRequestInput,
  TDatasetSummary,
  TDraftColony,
  TLoginRequest,
  TProjectDetail,
  TProjectListItem,
  TPublicConfig,
  TReviewItem,
  TSnapshot,
  TSnapshotCreated,
  TSpeciesDetail,
  TSpeciesSummary,
  TStatistics,
  TThresholdMaxMin,
  TUploadAccepted,
  TUploadDetail,
  TUploadSummary,
  ThresholdKind,
  ThresholdMaxMinPath,
} from '@coral/core';

/**
 * Every API call the web app makes, by method and path template (product-spec §7, trailing slashes
 * included), with the contract types of its body and answer. The client accepts only these, so
 * a typo in a path or a wrong response type is a compile error. Add an entry when a feature
 * needs a new call.
 */
/** The max-min call of each threshold kind: '/api/public/thermal-tolerances/max-min/', … */
export type MaxMinEndpoint<K extends ThresholdKind = ThresholdKind> =
  `/api/public/${ThresholdMaxMinPath<K>}/max-min/`;
type MaxMinEndpoints = { [K in ThresholdKind as MaxMinEndpoint<K>]: TThresholdMaxMin<K> };

export interface GetEndpoints extends MaxMinEndpoints {
  '/api/public/config/': TPublicConfig;
  '/api/public/statistics/': TStatistics;
  '/api/public/data-summary/': TDataSummary;
  '/api/public/projects/': TProjectListItem[];
  '/api/public/projects/{projectId}/': TProjectDetail;
  /** Species and their colony counts; one species' ED50 distributions and sources (decision 0020). */
  '/api/public/species/': TSpeciesSummary[];
  '/api/public/species/{name}/': TSpeciesDetail;
  /** The post-fit analyses of a map selection or of the user's cart groups (decision 0067). */
  '/api/public/compare/': CompareResult;
  '/api/auth/cart/compare/': CompareResult;
  '/api/auth/status/': TAuthStatus;
  '/api/auth/csrf/': TCsrfToken;
  '/api/auth/cart/': TCartGroup[];
  '/api/public/colonies/': TColony[];
  /**
   * The map's server mode (decision 0042): markers for a filter set, zoom and view; a marker's
   * colonies page by page; the sidebar's choices and the public total; the ids of a filter set.
   */
  '/api/public/colonies/clusters/': TColonyClusters;
  '/api/public/colonies/clusters/members/': TClusterMembers;
  '/api/public/colonies/choices/': TColonyChoices;
  '/api/public/colonies/ids/': TColonyIds;
  /** One public colony's page (decision 0019). */
  '/api/public/colonies/{colonyId}/': TColonyPage;
  '/api/auth/uploads/': TUploadSummary[];
  '/api/auth/uploads/{uploadId}/': TUploadDetail;
  /** Query: `q` (search) and `project` (one project's datasets). */
  '/api/public/datasets/': TDatasetSummary[];
  '/api/public/datasets/{datasetId}/': TDatasetDetail;
  '/api/public/datasets/{datasetId}/versions/{version}/': TDatasetDetail;
  // Datasets of the signed-in user, and the curators' queue (docs/decisions/0012-datasets.md).
  '/api/auth/datasets/': TDatasetSummary[];
  '/api/auth/datasets/{datasetId}/': TDatasetDetail;
  '/api/auth/datasets/{datasetId}/versions/{version}/': TDatasetDetail;
  '/api/auth/review/': TReviewItem[];
  '/api/auth/colonies/drafts/': TDraftColony[];
  /** A citable snapshot (decision 0015): what was frozen, its citation, licences and datasets. */
  '/api/public/snapshots/{snapshotId}/': TSnapshot;
}

export interface PostEndpoints {
  '/api/auth/login/': { body: TLoginRequest; response: TAuthResult };
  '/api/auth/logout/': { body: undefined; response: TAuthResult };
  '/api/auth/orcid/unlink/': { body: undefined; response: TOrcidUnlinkResult };
  '/api/auth/cart/': { body: TCartAddRequest; response: TCartAddResponse };
  '/api/auth/datasets/{datasetId}/versions/{version}/submit/': {
    body: { message?: string };
    response: TDatasetActionResult;
  };
  '/api/auth/datasets/{datasetId}/versions/{version}/approve/': {
    body: { message?: string };
    response: TDatasetActionResult;
  };
  '/api/auth/datasets/{datasetId}/versions/{version}/reject/': {
    body: { message: string };
    response: TDatasetActionResult;
  };
  '/api/auth/datasets/{datasetId}/withdraw/': {
    body: { reason: string };
    response: TDatasetActionResult;
  };
  /** A curator's metadata revision of a published version (decision 0064). */
  '/api/auth/datasets/{datasetId}/versions/{version}/revisions/': {
    body: TMetadataRevisionRequestInput;
    response: TDatasetActionResult;
  };
  '/api/auth/snapshots/': { body: TCreateSnapshot; response: TSnapshotCreated };
}

export interface PutEndpoints {
  '/api/auth/cart/group/{groupId}/': { body: TCartRenameRequest; response: TCartMessage };
  '/api/auth/datasets/{datasetId}/versions/{version}/metadata/': {
    body: TDatasetMetadataUpdate;
    response: TDatasetActionResult;
  };
}

export interface DeleteEndpoints {
  '/api/auth/cart/': { body: TCartDeleteRequest; response: TCartMessage };
  '/api/auth/datasets/{datasetId}/versions/{version}/': {
    body: undefined;
    response: { message: string };
  };
}

/** POST calls whose answer is a file download rather than JSON. */
export interface DownloadEndpoints {
  '/api/auth/cart/export/': { body: TCartExportRequest };
  '/api/auth/cart/export/citations/': { body: TCartExportRequest };
}

/**
 * multipart/form-data POST calls: file fields (product-spec §7 Upload), optional text fields
 * (where the upload goes: decision 0012) and their JSON answer.
 */
export interface UploadEndpoints {
  '/api/auth/upload-csv/': {
    files: { csv_file: File; ed50_file?: File };
    fields: { dataset_id?: string; metadata?: string };
    response: TUploadAccepted;
  };
}

/** The `{name}` placeholders of a path template, as an object type. */
export type PathParams<Path extends string> = Path extends `${string}{${infer Name}}${infer Rest}`
  ? { [K in Name]: string | number } & PathParams<Rest>
  : unknown;

/** Fills a path template: ('/api/public/projects/{projectId}/', {projectId: 61}). */
export function buildPath(template: string, params: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${template}`);
    return encodeURIComponent(String(value));
  });
}
