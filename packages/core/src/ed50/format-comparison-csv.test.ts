import { describe, expect, it } from 'vitest';
import cbassDataset from '../../../../fixtures/ed50-reference/cbass_dataset.csv?raw';
import { computeEds } from './compute-eds';
import {
  formatGroupComparisonCsv,
  formatPooledEdsCsv,
  formatPValue,
} from './format-comparison-csv';
import { compareComputedGroups } from './group-comparison';
import { parseCbassCsv } from './parse-cbass-csv';

const computation = computeEds(parseCbassCsv(cbassDataset).rows);

describe('pooled EDs as CSV', () => {
  it('writes one row per group with its rows, EDs, SEs and 95 % limits', () => {
    const lines = formatPooledEdsCsv(computation).trimEnd().split('\n');
    expect(lines[0]).toBe(
      '"GroupingProperty","Rows","ED5","ED5_SE","ED5_Lower","ED5_Upper","ED50","ED50_SE","ED50_Lower","ED50_Upper","ED95","ED95_SE","ED95_Lower","ED95_Upper"',
    );
    expect(lines).toHaveLength(1 + computation.groups.length);
    const first = lines[1]!.split(',');
    expect(first[0]).toBe('"Zugspitze_Nursery_Acropora germania_420"');
    expect(first[1]).toBe('40');
    const ed50 = computation.groups[0]!.curve!.eds.ed50;
    expect(Number(first[6])).toBe(Math.round(ed50.value * 100) / 100);
    expect(Number(first[8])).toBeLessThan(Number(first[6]));
    expect(Number(first[9])).toBeGreaterThan(Number(first[6]));
  });

  it('writes full precision with unrounded, and NA for a group without a pooled curve', () => {
    const unrounded = formatPooledEdsCsv(computation, { unrounded: true }).split('\n')[1]!;
    expect(unrounded.split(',')[6]).toBe(String(computation.groups[0]!.curve!.eds.ed50.value));
    const withoutCurves = computeEds(parseCbassCsv(cbassDataset).rows, { curves: false });
    expect(formatPooledEdsCsv(withoutCurves).split('\n')[1]).toBe(
      `"Zugspitze_Nursery_Acropora germania_420",40,${Array(12).fill('NA').join(',')}`,
    );
  });
});

describe('the group comparison as CSV', () => {
  it("lists R's pairs per threshold kind with difference, limits and adjusted p", () => {
    const comparisons = compareComputedGroups(computation);
    const lines = formatGroupComparisonCsv(comparisons).trimEnd().split('\n');
    expect(lines[0]).toBe(
      '"Threshold","Group","Reference","Difference","Lower","Upper","P_adjusted"',
    );
    // 6 groups: 15 pairs for each of ED5, ED50 and ED95.
    expect(lines).toHaveLength(1 + 3 * 15);
    expect(
      lines[1]!.startsWith(
        '"ED5","Zugspitze_Wild_Acropora germania_420","Zugspitze_Nursery_Acropora germania_420",',
      ),
    ).toBe(true);
    const pair = comparisons.ed50.comparison!.pairs[0]!;
    expect(lines[16]).toBe(
      [
        '"ED50"',
        `"${pair.group}"`,
        `"${pair.reference}"`,
        ...[pair.difference, pair.lower, pair.upper].map((x) => String(Math.round(x * 100) / 100)),
        formatPValue(pair.pAdjusted),
      ].join(','),
    );
  });

  it('keeps small p values readable', () => {
    expect(formatPValue(0.000123456)).toBe('0.0001235');
    expect(formatPValue(0.7098883351)).toBe('0.7099');
    expect(formatPValue(1)).toBe('1');
  });
});
