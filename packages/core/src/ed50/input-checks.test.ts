import { describe, expect, it } from 'vitest';
import fijiRaw from '../../../../fixtures/datasheets/2022_FJI_Viti_Levu_raw.csv?raw';
import { computeEds } from './compute-eds';
import {
  NO_RESIDUAL_DF_NOTE,
  coloniesOnAnotherScale,
  columnsThatSplitGenotypes,
  duplicateRows,
} from './input-checks';
import { DEFAULT_GROUPING } from './types';
import { parseCbassCsv } from './parse-cbass-csv';

/**
 * Inputs that used to pass without a word (decision 0062), on the real Viti Levu file
 * (2022_FJI_Viti_Levu_raw.csv) and on copies of it changed in one stated way each.
 */
const lines = fijiRaw.replace(/^\uFEFF/, '').split(/\r?\n/);
const header = lines[0]!.split(',');
const at = (column: string) => header.indexOf(column);
const GROUP = { site: 'Vatu-o-lalai', condition: 'Winter', timepoint: '420' };

function inGroup(line: string): boolean {
  const cells = line.split(',');
  return (
    cells[at('Site')] === GROUP.site &&
    cells[at('Condition')] === GROUP.condition &&
    cells[at('Timepoint')] === GROUP.timepoint
  );
}

/** The file with genotype `genotype` of the first group's PAM values changed by `change`. */
function withColony(genotype: string, change: (value: number) => number): string {
  return lines
    .map((line, i) => {
      const cells = line.split(',');
      if (i === 0 || !inGroup(line) || cells[at('Genotype')] !== genotype) return line;
      cells[at('Pam_value')] = String(change(Number(cells[at('Pam_value')])));
      return cells.join(',');
    })
    .join('\n');
}

describe('inputs that passed silently (decision 0062)', () => {
  it('the real file itself has none of these notes', () => {
    const parsed = parseCbassCsv(fijiRaw);
    const codes = parsed.warnings.map((w) => w.code);
    expect(codes).not.toContain('duplicate_row');
    expect(codes).not.toContain('fv_fm_out_of_range');
    const flags = computeEds(parsed.rows).colonies.flatMap((c) => c.flags.map((f) => f.code));
    expect(flags).not.toContain('other_scale');
  });

  it('an exact duplicate row is named with the row it copies', () => {
    // Derived: the real file with its second data row entered twice.
    const text = [...lines.slice(0, 3), lines[2], ...lines.slice(3)].join('\n');
    const parsed = parseCbassCsv(text);
    const duplicate = parsed.warnings.find((w) => w.code === 'duplicate_row');
    expect(duplicate?.message).toBe(
      'Row 4 is an exact copy of row 3: kept, so that nubbin counts twice in the fit. Delete it if it was entered twice.',
    );
    expect(parsed.rows).toHaveLength(parseCbassCsv(fijiRaw).rows.length + 1);
  });

  it('duplicateRows ignores trailing empty cells and surrounding spaces', () => {
    expect(
      duplicateRows([
        { row: 2, cells: ['a', '0.5', ''] },
        { row: 3, cells: [' a', '0.5'] },
        { row: 4, cells: ['a', '0.51'] },
      ]),
    ).toEqual([{ row: 3, firstRow: 2 }]);
  });

  it('Fv/Fm below 0 or above 1 gets a note on its row', () => {
    // Derived: genotype 1 of Vatu-o-lalai/Winter/420 with its values negated (a stray minus).
    const parsed = parseCbassCsv(withColony('1', (v) => -v));
    const notes = parsed.warnings.filter((w) => w.code === 'fv_fm_out_of_range');
    expect(notes.length).toBeGreaterThan(0);
    expect(notes[0]!.message).toMatch(
      /^Row 2: Pam_value -0\.633 lies outside 0–1, where every Fv\/Fm lies/,
    );
    expect(parsed.rowIssueGroups.find((g) => g.code === 'fv_fm_out_of_range')?.skipped).toBe(false);
  });

  it('one colony ×1000 is named, and the collapsed fit of the others names it', () => {
    // Derived: genotype 1 of Vatu-o-lalai/Winter/420 with its values multiplied by 1000.
    const parsed = parseCbassCsv(withColony('1', (v) => Math.round(v * 1000)));
    expect(parsed.warnings.some((w) => w.code === 'fv_fm_out_of_range')).toBe(true);
    const group = computeEds(parsed.rows).groups.find((g) =>
      g.groupingProperty.startsWith(`${GROUP.site}_${GROUP.condition}_`),
    )!;
    const culprit = group.colonies.find((c) => c.genotype === '1')!;
    expect(culprit.flags.map((f) => f.code)).toContain('other_scale');
    expect(culprit.flags.find((f) => f.code === 'other_scale')!.message).toMatch(
      /^This colony is on another scale than its group: its highest PAM value is 633 against a median of/,
    );
    const others = group.colonies.filter((c) => c.genotype !== '1');
    const messages = others.flatMap((c) => c.flags.map((f) => f.message));
    expect(messages.some((m) => m.startsWith('No thermal response detected'))).toBe(false);
    expect(others.flatMap((c) => c.flags.map((f) => f.code))).not.toContain('no_thermal_response');
    const collapsed = others.filter((c) => c.ed50.value === null);
    expect(collapsed.length).toBeGreaterThan(0);
    for (const colony of collapsed) {
      expect(colony.flags.map((f) => f.message).join(' ')).toContain(
        "The group's joint fit collapsed for this colony because colony 1 is on another scale",
      );
    }
  });

  it('finds the column whose values tell one genotype’s rows apart (the real file’s seasons)', () => {
    const { rows } = parseCbassCsv(fijiRaw);
    const splits = columnsThatSplitGenotypes(rows, [...DEFAULT_GROUPING, 'Date'], DEFAULT_GROUPING);
    // Genotype labels restart at 1 in every site and species, so leaving out Site or Species
    // merges colonies too; Date is constant within each group and merges nothing.
    expect(splits.map((s) => s.column)).toEqual(['Site', 'Condition', 'Species']);
    expect(splits[1]!.values).toEqual(['Winter', 'Summer']);
  });

  it('needs three colonies to tell which one is off', () => {
    expect(
      coloniesOnAnotherScale([
        { name: 'a', values: [0.6, 0.1] },
        { name: 'b', values: [600, 100] },
      ]),
    ).toEqual([]);
  });

  it('limits beyond any physical temperature get a note (real file, one fit per colony)', () => {
    const result = computeEds(parseCbassCsv(fijiRaw).rows, { fit: 'per-colony' });
    const colony = result.colonies.find(
      (c) => c.key === 'Vatu-o-lalai_Winter_Echinopora lamellosa_420_10',
    )!;
    expect(colony.ed5.interval!.lower).toBeLessThan(-2);
    expect(colony.flags.find((f) => f.code === 'limits_not_physical')?.message).toMatch(
      /^The 95 % interval of ED5 \(-40\.14 °C to 111\.31 °C\) reaches beyond -2\.00 °C to 100\.00 °C, where sea water freezes and boils:/,
    );
    // Wide but possible limits get no such note.
    const possible = result.colonies.filter((c) =>
      ['ed5', 'ed50', 'ed95'].every((k) => {
        const i = c[k as 'ed5'].interval;
        return !i || (i.lower >= -2 && i.upper <= 100);
      }),
    );
    expect(possible.some((c) => c.flags.some((f) => f.code === 'limits_not_physical'))).toBe(false);
  });

  it('LL.4 intervals that are NA say why, in the words of the CLI help', () => {
    const parsed = parseCbassCsv(fijiRaw);
    const result = computeEds(parsed.rows, { model: 'LL.4', fit: 'per-colony' });
    const fitted = result.colonies.filter((c) => c.status === 'fitted' && c.ed50.value !== null);
    const withoutDf = fitted.filter((c) => c.nObservations === 4);
    expect(withoutDf.length).toBeGreaterThan(0);
    for (const colony of withoutDf) {
      expect(colony.ed50.interval ?? null).toBeNull();
      expect(colony.flags).toContainEqual({ code: 'no_residual_df', message: NO_RESIDUAL_DF_NOTE });
    }
  });
});
