import { filterSetToQueryEntries } from '../filters/filter-query';
import type { DownloadContext } from './download-model';
import { DOWNLOAD_FORMATS, type DownloadFormat } from './formats/registry';

/** Every file name starts with what the data are. */
const PREFIX = 'coral-thermal-tolerance';
/** Long names break on some systems (and in e-mail); selections with many filters are cut. */
const MAX_SELECTION_LENGTH = 100;

/**
 * A piece of a file name safe on Windows, macOS and Linux: ASCII letters, digits, dots and
 * hyphens only (accents dropped, everything else a hyphen), no leading or trailing dot or hyphen.
 */
export function fileNamePart(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9.]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '');
}

function selection(context: DownloadContext): string {
  const { source } = context.query;
  const filterParts = (filters: Parameters<typeof filterSetToQueryEntries>[0]) =>
    filterSetToQueryEntries(filters).map(([key, value]) => fileNamePart(`${key}-${value}`));
  switch (source.kind) {
    case 'map':
      return ['map', ...filterParts(source.filters)].join('_');
    case 'project':
      return `project-${source.projectId}-${fileNamePart(source.projectName)}`;
    case 'dataset-version':
      return `dataset-${source.datasetId}-v${source.version}`;
    case 'cart-group':
      return [
        'cart',
        fileNamePart(source.groupName) || 'group',
        ...filterParts(source.filters),
      ].join('_');
    case 'snapshot':
      return `snapshot-${fileNamePart(source.snapshotId)}`;
  }
}

/**
 * The download's file name, saying what is inside:
 * `coral-thermal-tolerance_map_species-Porites-lutea_2026-11-24.csv`,
 * `coral-thermal-tolerance_dataset-12-v2_2026-11-24.geojson`,
 * `coral-thermal-tolerance_snapshot-<id>_2026-11-24.zip` (a Darwin Core Archive is a zip).
 * Flagged values left out are said in the name (`_unflagged`).
 */
export function downloadFileName(context: DownloadContext, format: DownloadFormat): string {
  const cut = selection(context)
    .slice(0, MAX_SELECTION_LENGTH)
    .replace(/[-._]+$/, '');
  const parts = [PREFIX, cut];
  if (context.query.hideFlagged) parts.push('unflagged');
  parts.push(context.createdAt.slice(0, 10));
  return `${parts.join('_')}.${DOWNLOAD_FORMATS[format].extension}`;
}
