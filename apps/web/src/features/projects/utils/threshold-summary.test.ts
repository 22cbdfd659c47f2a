import { describe, expect, it } from 'vitest';
import { summarizeThresholds } from './threshold-summary';

const entry = (condition: string | null, timepoint: string | null, value: number | null) => ({
  condition,
  timepoint,
  value,
});

describe('summarizeThresholds', () => {
  it.each([
    [[], 'No data available'],
    [[entry('Winter', '420', 37.57)], 'Winter (Timepoint: 420): 37.57'],
    [
      [entry('Winter', '420', 37.57), entry('Summer', '420', 36.7)],
      'Winter (Timepoint: 420): 37.57, Summer (Timepoint: 420): 36.70',
    ],
    [[entry(null, null, null)], 'N/A (Timepoint: N/A): N/A'],
  ])('%j → %s', (entries, text) => {
    expect(summarizeThresholds(entries, (e) => e.value)).toBe(text);
  });
});
