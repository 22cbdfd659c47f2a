import type { DatasetEventAction, TChangeSummary } from '@coral/core';

/** A history event's action in words. */
export const EVENT_ACTION_LABELS: Record<DatasetEventAction, string> = {
  created: 'Created',
  new_version: 'New version uploaded',
  metadata_edited: 'Metadata edited',
  metadata_revised: 'Description completed by a curator',
  submitted: 'Submitted for review',
  approved: 'Approved',
  rejected: 'Rejected',
  published: 'Published',
  embargoed: 'Embargoed',
  embargo_released: 'Embargo ended, data published',
  withdrawn: 'Withdrawn',
  doi_registered: 'DOI registered',
};

/** The metadata fields a history entry names, as the form labels them. */
const FIELD_LABELS: Record<string, string> = {
  title: 'title',
  description: 'description',
  creators: 'creators',
  licence: 'licence',
  related_publications: 'related publications',
  keywords: 'keywords',
  protocol: 'assay protocol',
  embargo_until: 'embargo date',
};

export const fieldLabel = (field: string) => FIELD_LABELS[field] ?? field.replaceAll('_', ' ');

/**
 * What a version changed against the previous one: "+3 colonies, ~1 changed, −2 removed,
 * 4 thresholds changed"; "First version" for version 1 (no summary); "No changes" when nothing
 * moved.
 */
export function changeSummaryLabel(summary: TChangeSummary | null): string {
  if (summary === null) return 'First version';
  const parts: string[] = [];
  if (summary.colonies_added > 0) {
    parts.push(
      `+${summary.colonies_added} ${summary.colonies_added === 1 ? 'colony' : 'colonies'}`,
    );
  }
  if (summary.colonies_changed > 0) parts.push(`~${summary.colonies_changed} changed`);
  if (summary.colonies_removed > 0) parts.push(`\u2212${summary.colonies_removed} removed`);
  if (summary.thresholds_changed > 0) {
    parts.push(
      `${summary.thresholds_changed} ${summary.thresholds_changed === 1 ? 'threshold' : 'thresholds'} changed`,
    );
  }
  return parts.length === 0 ? 'No changes' : parts.join(', ');
}

const plural = (count: number, one: string, many: string) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

export const colonyCountLabel = (count: number) => plural(count, 'colony', 'colonies');
export const speciesCountLabel = (count: number) => plural(count, 'species', 'species');
