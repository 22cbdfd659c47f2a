import { describe, expect, it } from 'vitest';
import cbassDataset from '../../../../fixtures/ed50-reference/cbass_dataset.csv?raw';
import { computeEds } from './compute-eds';
import { formatEdResultsCsv, formatSummaryCsv, groupsInSummaryOrder } from './format-csv';
import { parseCbassCsv } from './parse-cbass-csv';

const rows = parseCbassCsv(cbassDataset).rows;

describe('computeEds options', () => {
  it('groups by the columns given, in order of first appearance', () => {
    const result = computeEds(rows, { grouping: ['Site', 'Species'] });
    expect(result.groups.map((g) => g.groupingProperty)).toEqual([
      'Zugspitze_Acropora germania',
      'Zugspitze_Porites germania',
      'Feldberg_Porites germania',
    ]);
    // Nursery and Wild colonies share genotype labels, so each group has 10 curves of 8 rows.
    expect(result.groups[0]!.colonies).toHaveLength(10);
    expect(result.groups[0]!.colonies[0]!.nObservations).toBe(8);
    const csv = formatEdResultsCsv(result);
    expect(csv.split('\n')[0]).toBe('"ED5","ED50","ED95","GroupingProperty","Site","Species"');
    expect(csv.split('\n')[1]).toMatch(
      /^[\d.]+,[\d.]+,[\d.]+,"Zugspitze_Acropora germania_1","Zugspitze","Acropora germania"$/,
    );
  });

  it('refuses Genotype as a grouping column and names unknown columns', () => {
    expect(computeEds(rows, { grouping: ['Site', 'Genotype'] }).errors[0]).toMatch(
      /Genotype cannot be a grouping column/,
    );
    expect(computeEds(rows, { grouping: ['Reef'] }).errors).toEqual([
      'missing grouping column Reef',
    ]);
  });

  it('reports progress after every group, ending at the number of colonies', () => {
    const progress: number[] = [];
    computeEds(rows, { onProgress: (done, total) => progress.push(done / total) });
    expect(progress).toHaveLength(6);
    expect(progress.at(-1)).toBe(1);
    expect([...progress].sort((a, b) => a - b)).toEqual(progress);
  });
});

describe('pooled curves on request', () => {
  it('skips the pooled curves when asked, leaving the ED table unchanged', () => {
    const withCurves = computeEds(rows);
    const without = computeEds(rows, { curves: false });
    expect(without.groups.every((g) => g.curve === null)).toBe(true);
    expect(withCurves.groups.every((g) => g.curve !== null)).toBe(true);
    expect(formatEdResultsCsv(without)).toBe(formatEdResultsCsv(withCurves));
  });
});

describe('summary of small groups', () => {
  it('writes NA for SD/SE and NaN for the CI of a one-colony group, as R does', () => {
    const oneColony = rows.filter((row) => row.genotype === '1' && row.site === 'Feldberg');
    const result = computeEds(oneColony);
    expect(result.groups).toHaveLength(2);
    expect(result.groups[0]!.summary.ed50).toMatchObject({
      n: 1,
      sd: null,
      se: null,
      confInt: null,
    });
    const lines = formatSummaryCsv(result).trim().split('\n');
    expect(lines[1]).toMatch(/^"Feldberg","Nursery","Porites germania",420,[\d.]+,NA,NA,NaN,/);
  });

  it('sorts the summary like R: factor levels, then numbers', () => {
    const order = groupsInSummaryOrder(computeEds(rows)).map((g) => g.groupingProperty);
    expect(order[0]).toBe('Feldberg_Nursery_Porites germania_420');
    expect(order.at(-1)).toBe('Zugspitze_Wild_Porites germania_420');
  });
});
