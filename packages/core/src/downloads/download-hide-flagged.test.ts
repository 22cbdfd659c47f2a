import { describe, expect, it } from 'vitest';
import { perThresholdKind, QUALITY_FLAGS, SUBMITTED_PROVENANCE } from '../index';
import { SEED_COLONIES } from '../../test/download-test-data';
import { withoutFlaggedThresholds } from './download-hide-flagged';
import type { DownloadColony, DownloadThreshold } from './download-model';

const entry = (abs: number, flags: string[] = []): DownloadThreshold => ({
  condition: 'Summer',
  timepoint: '420',
  abs,
  rel: abs - 29,
  mmm: 29,
  qualityFlags: flags,
  assayId: null,
  provenance: SUBMITTED_PROVENANCE,
});

const colonyWith = (entries: DownloadThreshold[]): DownloadColony => ({
  ...SEED_COLONIES[0]!,
  thresholds: perThresholdKind(() => entries),
});

describe('withoutFlaggedThresholds', () => {
  it('drops the entries a failed fit flagged, abs and rel together, and keeps the others', () => {
    const colony = colonyWith([
      entry(36.1),
      entry(52, [QUALITY_FLAGS.implausibleAbsolute]),
      entry(35.9, [QUALITY_FLAGS.missingMmm]),
    ]);
    const shown = withoutFlaggedThresholds(colony)!;
    for (const list of Object.values(shown.thresholds)) {
      expect(list.map((t) => t.abs)).toEqual([36.1, 35.9]);
    }
    expect(colony.thresholds.ed50).toHaveLength(3);
  });

  it('hides a colony left with no value, keeps one that never had any, and copies nothing clean', () => {
    expect(withoutFlaggedThresholds(colonyWith([entry(5, ['implausible_absolute'])]))).toBeNull();
    const empty = colonyWith([]);
    expect(withoutFlaggedThresholds(empty)).toBe(empty);
    const clean = colonyWith([entry(36)]);
    expect(withoutFlaggedThresholds(clean)).toBe(clean);
  });
});
