import { analyseComputation } from '@coral/core/analysis';
import { computeEds, formatPValue, parseCbassCsv } from '@coral/core/ed50';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import fijiRaw from '../../../../../fixtures/datasheets/2022_FJI_Viti_Levu_raw.csv?raw';
import anovaCsv from '../../../../../fixtures/analysis-reference/anova_expected.csv?raw';
import { AnalysisReport, KindAnalysisReport } from './analysis-report';

/**
 * The tables render what core computed on a real file: the Fiji datasheet's Vatu-o-lalai rows
 * fitted by the engine and analysed by Species × Condition at full precision, the computation
 * whose type II and III tables are car's in fixtures/analysis-reference/anova_expected.csv.
 */
const lines = fijiRaw.split(/\r?\n/);
const vatu = [lines[0], ...lines.slice(1).filter((line) => line.includes(',Vatu-o-lalai,'))].join(
  '\n',
);
const computation = computeEds(parseCbassCsv(vatu).rows, { curves: false });
const analyses = analyseComputation(computation, {
  factors: ['Species', 'Condition'],
  unrounded: true,
});

/** R's rows of anova_expected.csv for the Vatu-o-lalai computation. */
function rAnova(kind: string, type: string) {
  const [header, ...rows] = anovaCsv.trimEnd().split(/\r?\n/);
  const columns = header!.split(',').map((cell) => cell.replaceAll('"', ''));
  return rows
    .map((row) => row.split(',').map((cell) => cell.replaceAll('"', '')))
    .map((cells) => Object.fromEntries(columns.map((column, i) => [column, cells[i]!])))
    .filter((row) => row.input === 'fiji_vatu' && row.kind === kind && row.type === type);
}

const table = (name: string) => screen.getByRole('region', { name }).querySelector('table')!;
const bodyRows = (name: string) => within(table(name)).getAllByRole('row').slice(1);

describe('the analysis report renders core’s analyses of a real computation (decision 0068)', () => {
  it("shows car's type II and III p values for ED50", () => {
    render(<AnalysisReport analyses={analyses} />);
    for (const [type, name] of [
      ['2', 'Type II ANOVA: ED50'],
      ['3', 'Type III ANOVA: ED50'],
    ] as const) {
      const wanted = rAnova('ED50', type);
      const rows = bodyRows(name);
      expect(rows).toHaveLength(wanted.length);
      rows.forEach((row, i) => {
        const p = wanted[i]!.p!;
        if (p !== '') expect(row.textContent).toContain(formatPValue(Number(p)));
      });
    }
    expect(bodyRows('Type II ANOVA: ED50')[0]!.textContent).toContain('Species');
  });

  it('lists every group with its letters and every pair with its adjusted p', () => {
    render(<AnalysisReport analyses={analyses} />);
    const wilcoxon = analyses.ed50.wilcoxon.result!;
    const letterRows = bodyRows('Compact letters (Wilcoxon, holm): ED50');
    expect(letterRows).toHaveLength(10);
    letterRows.forEach((row, i) => {
      const group = wilcoxon.groups[i]!;
      expect(row.textContent).toBe(`${group}${wilcoxon.letters[group]}`);
    });
    const pairRows = bodyRows('Pairwise Wilcoxon tests (holm): ED50');
    expect(pairRows).toHaveLength(45);
    expect(pairRows[0]!.textContent).toContain(formatPValue(wilcoxon.pairs[0]!.pAdjusted));
  });

  it('shows marginal means with Tukey contrasts per factor, and the influential colonies', () => {
    render(<AnalysisReport analyses={analyses} />);
    const factorial = analyses.ed50.factorial!;
    const species = factorial.means[0]!.result!;
    expect(bodyRows('Marginal means of ED50 by Species')).toHaveLength(species.means.length);
    expect(bodyRows('Tukey contrasts of ED50 by Species')).toHaveLength(species.contrasts.length);
    expect(bodyRows('Tukey contrasts of ED50 by Species')[0]!.textContent).toContain(
      formatPValue(species.contrasts[0]!.p),
    );
    expect(bodyRows('Marginal means of ED50 by Condition')).toHaveLength(2);
    const screening = factorial.influence.screening!;
    expect(screening.flaggedCount).toBeGreaterThan(0);
    expect(bodyRows('Influential colonies: ED50')).toHaveLength(screening.flaggedCount);
    expect(screen.getByText(new RegExp(`^${screening.flaggedCount} of 99 colonies`))).toBeTruthy();
    expect(bodyRows('Type II ANOVA without the influential colonies: ED50')).toHaveLength(4);
  });

  it('switches the threshold', async () => {
    render(<AnalysisReport analyses={analyses} />);
    await userEvent.selectOptions(screen.getByLabelText('Analyses of'), 'ed95');
    const wanted = rAnova('ED95', '2');
    const rows = bodyRows('Type II ANOVA: ED95');
    expect(rows[1]!.textContent).toContain(formatPValue(Number(wanted[1]!.p)));
  });

  it('says why a part cannot be computed instead of a table', () => {
    const oneSite = analyseComputation(computation, { factors: ['Site'] });
    render(<KindAnalysisReport analyses={oneSite.ed50} threshold="ED50" />);
    // Type II, type III and the screening's refit.
    expect(screen.getAllByText('Every factor needs at least two levels with values.')).toHaveLength(
      3,
    );
    expect(screen.queryByRole('region', { name: 'Type II ANOVA: ED50' })).toBeNull();
  });

  it('shows no factorial part without factors', () => {
    const plain = analyseComputation(computation);
    render(<KindAnalysisReport analyses={plain.ed50} threshold="ED50" />);
    expect(screen.getByRole('region', { name: 'Group tests: ED50' })).toBeTruthy();
    expect(screen.queryByText(/Factorial ANOVA/)).toBeNull();
  });
});
