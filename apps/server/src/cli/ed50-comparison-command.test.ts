import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ed50 } from '@coral/core';
import { cliWithoutDatabase as cli, EXAMPLE, read } from '../../test/ed50-cli-in-process';

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'coral-ed50-compare-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('npm run cli -- ed50 --pooled --compare (decision 0033)', () => {
  it("writes each group's pooled EDs and the Tukey comparison: the page's numbers", async () => {
    const pooled = path.join(dir, 'pooled.csv');
    const comparison = path.join(dir, 'comparison.csv');
    const result = await cli('ed50', EXAMPLE, '--pooled', pooled, '--compare', comparison);
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(
      new RegExp(`60 with an ED50\\. Written: ${pooled} and ${comparison}\\.\\n$`),
    );
    // The same engine the calculator page runs, on the same file.
    const computation = ed50.computeEds(ed50.parseCbassCsv(read(EXAMPLE)).rows);
    expect(read(pooled)).toBe(ed50.formatPooledEdsCsv(computation));
    expect(read(comparison)).toBe(
      ed50.formatGroupComparisonCsv(ed50.compareComputedGroups(computation)),
    );
    expect(read(comparison).trimEnd().split('\n')).toHaveLength(1 + 3 * 15);
  });

  it('says why a threshold cannot be compared, and still writes the file', async () => {
    const [header, ...rows] = read(EXAMPLE).trimEnd().split(/\r?\n/);
    // Two groups with one colony each: no residual degree of freedom.
    const genotypeAt = header!.split(',').indexOf('Genotype');
    const few = rows.filter((line) => {
      const cells = line.split(',');
      return cells[genotypeAt] === '1' && /Zugspitze,(Nursery|Wild),Acropora/.test(line);
    });
    const input = path.join(dir, 'two-colonies.csv');
    fs.writeFileSync(input, [header, ...few].join('\n'));
    const comparison = path.join(dir, 'two.csv');
    const result = await cli('ed50', input, '--compare', comparison);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(
      'ED50 groups not compared: Too few colonies to compare groups: 2 colonies in 2 groups leave 0 residual degrees of freedom (at least 2 are needed).',
    );
    expect(read(comparison)).toBe(
      '"Threshold","Group","Reference","Difference","Lower","Upper","P_adjusted"\n',
    );
  });
});
