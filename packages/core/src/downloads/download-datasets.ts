import {
  LICENCE_NOT_STATED,
  LICENCES,
  licencesMostRestrictiveFirst,
  type LicenceId,
} from '../datasets/licences';
import type { DownloadColony, DownloadContext, DownloadDataset } from './download-model';

/**
 * How rows find their dataset version: every colony names its version by `citationKey`, and the
 * context lists the versions once. Built once per download (a map of a few entries), so every
 * writer stays row by row.
 */
export type DatasetLookup = (colony: Pick<DownloadColony, 'id' | 'citationKey'>) => DownloadDataset;

export function datasetLookup(context: Pick<DownloadContext, 'datasets'>): DatasetLookup {
  const byKey = new Map(context.datasets.map((dataset) => [dataset.citationKey, dataset]));
  return (colony) => {
    const dataset = byKey.get(colony.citationKey);
    if (!dataset) {
      // A writer must never guess a colony's licence or citation: the caller forgot a version.
      throw new Error(
        `Colony ${colony.id} belongs to dataset version "${colony.citationKey}", which the download context does not list`,
      );
    }
    return dataset;
  };
}

/** What a row says when its version never stated a licence (the seed): said plainly, not guessed. */
export const LICENCE_NOT_STATED_CELL = 'not stated';

/** The SPDX id of a version's licence, or "not stated". */
export const licenceCell = (dataset: DownloadDataset): string =>
  dataset.facts.licence ?? LICENCE_NOT_STATED_CELL;

export interface LicenceGroup {
  /** SPDX id, or null when not stated. */
  licence: LicenceId | null;
  /** The dataset versions under it, in the context's order. */
  datasets: readonly DownloadDataset[];
}

/** The distinct licences of a download, most restrictive first, each with its versions. */
export function licenceGroups(datasets: readonly DownloadDataset[]): LicenceGroup[] {
  return licencesMostRestrictiveFirst(datasets.map((dataset) => dataset.facts.licence))
    .map((licence) => ({
      licence,
      datasets: datasets.filter((dataset) => dataset.facts.licence === licence),
    }))
    .filter((group) => group.datasets.length > 0);
}

/** "CC BY 4.0 (Creative Commons Attribution 4.0 International), https://…" or the not-stated text. */
export function licenceTitle(licence: LicenceId | null): string {
  if (licence === null) return LICENCE_NOT_STATED;
  const { shortName, name, url } = LICENCES[licence];
  return `${shortName} (${name}), ${url}`;
}

/** What a licence allows, in one sentence; for "not stated", what that means for a reader. */
export function licencePlain(licence: LicenceId | null): string {
  if (licence === null) {
    return 'These data were published before the platform asked for a licence and no licence was ever stated for them, so none is granted here: cite them, and ask their authors before reusing them beyond what the law allows without a licence.';
  }
  return LICENCES[licence].plain;
}

/**
 * The licence summary of a download (LICENCES.txt of a zip, the README and the EML rights): the
 * distinct licences, most restrictive first, each with what it allows and the versions under it.
 */
export function licenceSummary(datasets: readonly DownloadDataset[]): string {
  const groups = licenceGroups(datasets);
  const lines = [
    groups.length > 1
      ? 'The data in this download come under several licences: each row names the licence of its dataset version. Reuse the download as a whole only within the terms of all of them (the most restrictive is listed first).'
      : 'All data in this download come under one licence.',
    '',
  ];
  for (const group of groups) {
    lines.push(licenceTitle(group.licence));
    lines.push(`  ${licencePlain(group.licence)}`);
    lines.push(
      `  Dataset versions: ${group.datasets.map((dataset) => dataset.citationKey).join(', ')}`,
    );
    lines.push('');
  }
  return lines.join('\n');
}
