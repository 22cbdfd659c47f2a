import { describe, expect, it } from 'vitest';
import { thresholdParts } from './threshold-summary';

const entry = (
  condition: string | null,
  timepoint: string | null,
  value: number | null,
  quality_flags: string[] = [],
) => ({
  id: 1,
  condition,
  timepoint,
  sst_clim_mmm: null,
  abs: value,
  rel: null,
  quality_flags,
});

describe('thresholdParts', () => {
  it.each([
    [[], []],
    [[entry('Winter', '420', 37.57)], [{ text: 'Winter (Timepoint: 420): 37.57', flags: [] }]],
    [
      [entry('Winter', '420', 37.57), entry('Summer', '420', 36.7, ['missing_mmm'])],
      [
        { text: 'Winter (Timepoint: 420): 37.57', flags: [] },
        { text: 'Summer (Timepoint: 420): 36.70', flags: [] },
      ],
    ],
    [
      [entry('GBR', '420', 2365.11, ['implausible_absolute'])],
      [{ text: 'GBR (Timepoint: 420): 2365.11', flags: ['implausible_absolute'] }],
    ],
    [[entry(null, null, null)], [{ text: 'N/A (Timepoint: N/A): N/A', flags: [] }]],
  ])('%j → %j', (entries, parts) => {
    expect(thresholdParts(entries)).toEqual(parts);
  });
});
