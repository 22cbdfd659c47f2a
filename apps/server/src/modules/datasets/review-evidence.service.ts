import {
  countsAsOwnProblem,
  formatCoordinates,
  qualityFlagLabel,
  REVIEW_FLAG_EXAMPLES,
  reviewFlagCount,
  UPLOAD_FLAG_CODES,
  UPLOAD_FLAG_LABELS,
  type TReviewFlagGroup,
  type TReviewItem,
  type UploadFlagCode,
} from '@coral/core';
import type { AppDb } from '../../db/schema';
import { versionTaxa } from '../taxa/taxa.service';
import { reviewEvidenceRepository as repo } from './review-evidence.repository';

/**
 * The evidence a curator decides on (docs/decisions/0055-review-with-evidence.md): every quality
 * flag of the version grouped by kind (the upload's checks, the flags stored on its values, the
 * species names WoRMS flagged) with counts and a few examples, its species with WoRMS' answer,
 * and its sites.
 */
export type ReviewEvidence = Pick<TReviewItem, 'flag_count' | 'flags' | 'species' | 'sites'>;

const UPLOAD_CODES: ReadonlySet<string> = new Set(UPLOAD_FLAG_CODES);
const record = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

/** The upload reports' flags by code: the counted total, and the first listed messages. */
function uploadFlagGroups(rows: readonly { counts: unknown; quality_flags: unknown }[]) {
  const groups = new Map<string, TReviewFlagGroup>();
  const group = (code: string) => {
    let found = groups.get(code);
    if (!found) {
      const label = UPLOAD_CODES.has(code) ? UPLOAD_FLAG_LABELS[code as UploadFlagCode] : code;
      found = { source: 'upload', code, label, count: 0, examples: [], counted: true };
      groups.set(code, found);
    }
    return found;
  };
  for (const row of rows) {
    const listed = Array.isArray(row.quality_flags) ? row.quality_flags.map(record) : [];
    const counted = record(record(row.counts)['flag_counts']);
    const listedCounts = new Map<string, number>();
    for (const flag of listed) {
      const code = typeof flag['code'] === 'string' ? flag['code'] : '';
      if (!code) continue;
      // The summary of an overflowing code ("…and 12 more") is counted, not an example.
      const summary = flag['colony'] === null && flag['row'] === null && flag['value'] === null;
      if (!summary) listedCounts.set(code, (listedCounts.get(code) ?? 0) + 1);
      const target = group(code);
      if (!summary && target.examples.length < REVIEW_FLAG_EXAMPLES) {
        const message = flag['message'];
        if (typeof message === 'string') target.examples.push(message);
      }
    }
    const codes = new Set([...listedCounts.keys(), ...Object.keys(counted)]);
    for (const code of codes) {
      const total = Number(counted[code] ?? listedCounts.get(code) ?? 0);
      group(code).count += Number.isFinite(total) ? total : 0;
    }
  }
  return [...groups.values()].filter((g) => g.count > 0);
}

export async function reviewEvidence(db: AppDb, versionId: number): Promise<ReviewEvidence> {
  const [uploads, values, species, sites] = await Promise.all([
    repo.uploadFlags(db, versionId),
    repo.valueFlags(db, versionId),
    versionTaxa(db, versionId),
    repo.sites(db, versionId),
  ]);

  const valueGroups = new Map<string, TReviewFlagGroup>();
  for (const { code, count, examples } of values) {
    const group = valueGroups.get(code) ?? {
      source: 'value' as const,
      code,
      label: qualityFlagLabel(code),
      count: 0,
      examples: [],
      counted: true,
    };
    group.count += count;
    group.examples = [...group.examples, ...examples].slice(0, REVIEW_FLAG_EXAMPLES);
    valueGroups.set(code, group);
  }

  const taxonGroups = new Map<string, TReviewFlagGroup>();
  for (const taxon of species) {
    if (!taxon.flag) continue;
    const group = taxonGroups.get(taxon.flag.code) ?? {
      source: 'taxon' as const,
      code: taxon.flag.code,
      label:
        taxon.flag.code === 'species_near_match'
          ? 'Species name not in WoRMS as written (near match)'
          : 'Species name not in WoRMS',
      count: 0,
      examples: [],
      counted: true,
    };
    group.count += 1;
    if (group.examples.length < REVIEW_FLAG_EXAMPLES) group.examples.push(taxon.flag.message);
    taxonGroups.set(taxon.flag.code, group);
  }

  const groups = [...uploadFlagGroups(uploads), ...valueGroups.values(), ...taxonGroups.values()];
  // A problem both the upload report and the stored values report is counted once (decision 0060).
  const flags = groups
    .map((group) => ({ ...group, counted: countsAsOwnProblem(group, groups) }))
    .sort((a, b) => b.count - a.count);
  return {
    flag_count: reviewFlagCount(flags),
    flags,
    species: species.map((taxon) => ({
      name: taxon.name,
      status: taxon.status,
      status_label: taxon.status_label,
      display_name: taxon.display_name,
      accepted_name: taxon.accepted_name,
      flag: taxon.flag,
      colonies: taxon.colonies,
    })),
    sites: sites.map((site) => ({
      ...site,
      label: `${site.country} ${formatCoordinates(site.latitude, site.longitude)}`,
    })),
  };
}

/** How many quality flags a version has (what an approval's note must acknowledge). */
export async function versionFlagCount(db: AppDb, versionId: number): Promise<number> {
  return (await reviewEvidence(db, versionId)).flag_count;
}
