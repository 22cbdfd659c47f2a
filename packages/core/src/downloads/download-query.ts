import type { DownloadContext, DownloadQuery } from './download-model';

/** A value with the keys of every object sorted, so equal inputs serialise to equal bytes. */
function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([, v]) => v !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([k, v]) => [k, sortKeys(v)]),
    );
  }
  return value;
}

/** The query with its keys in a stable order (filters come from URLs in any order). */
export function canonicalQuery(query: DownloadQuery): unknown {
  return sortKeys(query);
}

/**
 * `query.json` of a download: what was asked for, the platform's data version, when, and the
 * dataset versions it returned with their citation keys. Stable key order: identical inputs give
 * identical bytes (a snapshot's content hash can rely on it).
 */
export function queryJson(context: DownloadContext): string {
  const document = {
    query: canonicalQuery(context.query),
    data_version: context.dataVersion,
    created_at: context.createdAt,
    platform: context.platform,
    software_version: context.softwareVersion,
    snapshot:
      context.snapshot === null
        ? null
        : { id: context.snapshot.id, content_hash: context.snapshot.contentHash },
    datasets: context.datasets.map((dataset) => ({
      citation_key: dataset.citationKey,
      dataset_id: dataset.facts.datasetId,
      version: dataset.facts.version,
      doi: dataset.facts.doi,
      url: dataset.facts.url,
      licence: dataset.facts.licence,
    })),
  };
  return `${JSON.stringify(document, null, 2)}\n`;
}

/** The download's title, shared by every format's metadata. */
export function downloadTitle(context: DownloadContext): string {
  const { source } = context.query;
  switch (source.kind) {
    case 'map':
      return 'Coral thermal tolerance (CBASS) data: map selection';
    case 'project':
      return `Coral thermal tolerance (CBASS) data: project ${source.projectName}`;
    case 'dataset-version':
      return `Coral thermal tolerance (CBASS) data: dataset ${source.datasetId}, version ${source.version}`;
    case 'cart-group':
      return `Coral thermal tolerance (CBASS) data: cart group ${source.groupName}`;
    case 'snapshot':
      return `Coral thermal tolerance (CBASS) data: snapshot ${source.snapshotId}`;
  }
}
