import { describe, expect, it } from 'vitest';
import { describeRowIssueGroup } from './issue-list';
import { parseCbassCsv } from './parse-cbass-csv';

const HEADER = 'Site,Condition,Species,Genotype,Temperature,Timepoint,Pam_value';

describe('row problems, grouped with their full count (decision 0024)', () => {
  it('counts all 300 skipped rows of one problem, beyond the 20 listed one by one', () => {
    const rows = Array.from({ length: 300 }, (_, i) => `R,C,S,${i},${30 + (i % 4) * 3},1,NA`);
    const good = [30, 33, 36, 39].map((t) => `R,C,S,G,${t},1,0.5`);
    const parsed = parseCbassCsv([HEADER, ...good, ...rows].join('\n'));
    expect(parsed.rowIssueGroups).toEqual([
      {
        code: 'missing_value',
        reason: 'no value for Pam_value',
        skipped: true,
        error: false,
        count: 300,
        firstRows: [6, 7, 8, 9, 10],
      },
    ]);
    expect(describeRowIssueGroup(parsed.rowIssueGroups[0]!)).toBe(
      '300 rows skipped: no value for Pam_value (rows 6, 7, 8, 9, 10, …).',
    );
  });

  it('keeps different problems apart, and says when rows were kept', () => {
    const lines = [
      HEADER,
      'R,C,S,G,30,1,0.6',
      'R,C,S,G,33,1,"0,5"',
      'R,C,S,G,36,1,x',
      'R,C,S,G,39,1,0.2',
      'R,C,S,H,abc,1,0.3',
    ];
    const groups = parseCbassCsv(lines.join('\n')).rowIssueGroups.map(describeRowIssueGroup);
    expect(groups).toEqual([
      '1 row: Pam_value has a decimal comma (read as a decimal point) (row 3).',
      '1 row skipped: Pam_value is not a number (row 4).',
      '1 row skipped: Temperature is not a number (row 6).',
    ]);
  });
});
