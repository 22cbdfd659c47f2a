import { describe, expect, it } from 'vitest';
import { prepareUpload, type PrepareResult } from './prepare-upload';
import {
  csv,
  datasheet,
  datasheetText,
  editCell,
  STANDARD_HEADER,
  textFile,
  TODAY,
} from '../../test/upload-test-files';
import { workbookDatasheet } from '../../test/xlsx-test-files';

const options = { today: TODAY };

function errorsOf(result: PrepareResult) {
  if (result.ok) throw new Error('expected the upload to be refused');
  return result.errors;
}

const standard = (text: string) => prepareUpload(textFile('main.csv', text), null, options);
const cbass84 = datasheetText('cbass_84.csv');
const raw = datasheetText('cbass_dataset_raw.csv');
const ed = datasheetText('cbass_dataset_ED50_Results.csv');

describe('files that are not CSV data', () => {
  it('a workbook renamed .csv is read as a workbook; a broken one says what it is', () => {
    const workbook = workbookDatasheet('cbass_84.xlsx').bytes;
    expect(prepareUpload({ name: 'data.csv', bytes: workbook }, null, options).ok).toBe(true);
    const xlsx = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00, 0x08, 0x00]);
    const [error] = errorsOf(prepareUpload({ name: 'data.csv', bytes: xlsx }, null, options));
    expect(error).toMatchObject({ file: 'main', row: null });
    expect(error!.problem).toContain('not a readable Excel workbook (.xlsx)');
    expect(error!.fix).toContain('CSV UTF-8');
  });

  it('binary data with NUL bytes is refused', () => {
    const bytes = new Uint8Array(200).map((_, i) => (i * 37) % 256);
    expect(errorsOf(prepareUpload({ name: 'x.csv', bytes }, null, options))[0]!.problem).toContain(
      'binary data',
    );
  });

  it('an empty file and a blank file are refused', () => {
    expect(errorsOf(standard(''))[0]!.problem).toContain('The file is empty.');
    expect(errorsOf(standard('\uFEFF \r\n\r\n'))[0]!.problem).toContain('The file is empty.');
  });

  it('a header without rows is refused (0-row file)', () => {
    const header = cbass84.split('\n')[0]!;
    expect(errorsOf(standard(`${header}\n\n`))[0]!.problem).toBe(
      'The main data file has a header but no data rows.',
    );
  });

  it('a file with unknown columns names what was expected', () => {
    const [error] = errorsOf(standard('name,value\na,1\n'));
    expect(error!.problem).toContain('does not match the expected columns');
    expect(error!.problem).toContain('(name, value)');
  });

  it('swapped files are recognised', () => {
    expect(
      errorsOf(prepareUpload(textFile('ed.csv', ed), textFile('raw.csv', raw), options))[0]!
        .problem,
    ).toBe('This is an ED50 results file, not the main data file.');
    expect(
      errorsOf(prepareUpload(textFile('raw.csv', raw), textFile('raw2.csv', raw), options))[0]!
        .problem,
    ).toContain('This is a main data file');
  });

  it('a raw CBASS file without its ED results file is refused', () => {
    expect(errorsOf(prepareUpload(textFile('raw.csv', raw), null, options))[0]!.problem).toBe(
      'A raw CBASS file needs its ED50 results file.',
    );
  });
});

describe('row-level validation', () => {
  it('a missing column is named', () => {
    const text = cbass84.replace('Colony.country,', 'Colony.region,');
    const errors = errorsOf(standard(text));
    expect(errors).toContainEqual(
      expect.objectContaining({
        file: 'main',
        column: 'Colony.country',
        problem: 'The main data file has no Colony.country column.',
      }),
    );
  });

  it('a bad date is reported with row, column, value and fix', () => {
    const errors = errorsOf(standard(editCell(cbass84, 5, 'Experiment.date', '2222-08-07')));
    expect(errors).toEqual([
      {
        file: 'main',
        row: 5,
        column: 'Experiment.date',
        value: '2222-08-07',
        problem: '2222-08-07 is in the future.',
        fix: 'Check the year. Write dates as YYYY-MM-DD (for example 2022-09-20) or YYYYMMDD (20220920).',
      },
    ]);
  });

  it('an unknown country code is an error; ISO-2, ISO-3 and names are normalised', () => {
    const errors = errorsOf(standard(editCell(cbass84, 3, 'Colony.country', 'XYZ')));
    expect(errors[0]).toMatchObject({
      row: 3,
      column: 'Colony.country',
      value: 'XYZ',
      problem: '"XYZ" is not a known country code.',
    });
    const ok = prepareUpload(textFile('m.csv', cbass84.replaceAll(',SAU,', ',SA,')), null, options);
    expect(ok.ok && ok.plan.colonies.every((c) => ['SAU', 'ISR'].includes(c.country))).toBe(true);
  });

  it('temperatures, PAM values and coordinates outside plausible ranges are errors', () => {
    let text = editCell(cbass84, 2, 'Observation.temperature', '86');
    text = editCell(text, 3, 'Observation.pam_value', '57');
    text = editCell(text, 4, 'Colony.latitude', '122.3');
    const errors = errorsOf(standard(text));
    expect(errors.map((e) => [e.row, e.column])).toEqual([
      [2, 'Observation.temperature'],
      [3, 'Observation.pam_value'],
      [4, 'Colony.latitude'],
    ]);
    expect(errors[0]!.fix).toContain('Fahrenheit');
    expect(errors[1]!.fix).toContain('between 0 and 1');
  });

  it('a quoted comma is read as part of the value, an unquoted one is reported', () => {
    const lines = cbass84.split('\n');
    const quoted = [
      lines[0],
      lines[1]!.replace('Voolstra et al. 2021', '"Voolstra, et al. 2021"'),
    ].join('\n');
    const result = standard(quoted);
    expect(result.ok && result.plan.projects[0]!.name).toBe('Voolstra, et al. 2021');
    const unquoted = [
      lines[0],
      lines[1]!.replace('Voolstra et al. 2021', 'Voolstra, et al. 2021'),
    ].join('\n');
    expect(errorsOf(standard(unquoted))[0]!.problem).toContain(
      'has 19 cells but the header has 18 columns',
    );
  });

  it('a repeated measurement row is a duplicate', () => {
    const lines = cbass84.split('\n');
    const errors = errorsOf(
      standard([...lines.slice(0, 4), lines[2], ...lines.slice(4)].join('\n')),
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]!.row).toBe(5);
    expect(errors[0]!.problem).toContain('repeats the measurement of row 3');
  });

  it('a colony at two places and a colony with two ED50s are inconsistencies', () => {
    const moved = editCell(cbass84, 9, 'Colony.latitude', '22.5');
    expect(errorsOf(standard(moved))[0]!.problem).toMatch(
      /Colony AF1 \(Stylophora pistillata\) is at 22.5, .* but at 22.29634/,
    );
    const twoEd = editCell(cbass84, 9, 'Colony.ed50_value', '40.1');
    expect(errorsOf(standard(twoEd))[0]!.problem).toContain(
      'has ED50 40.1 here but 36.91 in row 2',
    );
  });

  it('a cut-off last row is one problem, not one per empty column (decision 0056)', () => {
    const lines = cbass84.trimEnd().split('\n');
    const last = lines.length; // the spreadsheet row of the last line (header = 1)
    lines[last - 1] = lines[last - 1]!.split(',').slice(0, 4).join(',');
    const errors = errorsOf(standard(`${lines.join('\n')}\n`));
    expect(errors).toEqual([
      {
        file: 'main',
        row: last,
        column: 'Colony.species',
        value: null,
        problem:
          'The row stops after Colony.name (column 4 of 18): Colony.species and the 13 columns after it are empty, so the row looks cut off.',
        fix: 'Complete the row, or delete it if it is a left-over (a file cut off while copying or saving loses the end of its last row).',
      },
    ]);
    // Two cut-off rows are two problems of one kind; a row with one empty cell keeps its own.
    const twoCut = [...lines.slice(0, -2), lines.at(-1)!, lines.at(-1)!.replace('AF', 'AF9')];
    expect(errorsOf(standard(twoCut.join('\n'))).map((e) => e.row)).toEqual([last - 1, last]);
    const oneEmpty = editCell(cbass84, 5, 'Colony.species', '');
    expect(errorsOf(standard(oneEmpty))[0]!.problem).toBe('Colony.species is empty.');
  });

  it('reports every bad row, but caps the report for huge broken files', () => {
    const header = cbass84.split('\n')[0]!;
    const row = cbass84.split('\n')[1]!.replace('2018-08-07', '07/08/2018');
    const lines = [header];
    for (let i = 0; i < 3000; i++) lines.push(row.replace('AF1-30', `S${i}`));
    const errors = errorsOf(standard(lines.join('\n')));
    expect(errors.length).toBeLessThanOrEqual(1001);
    expect(errors.at(-1)!.problem).toMatch(/^…and \d+ more rows with the same problem/);
  });
});

describe('ED results file matching', () => {
  it('accepts zero-padded genotypes (01 = 1) and a trailing Genotype column', () => {
    const padded = ed.replace(/_420_(\d)"/g, '_420_0$1"');
    expect(prepareUpload(textFile('r.csv', raw), textFile('e.csv', padded), options).ok).toBe(true);
    const lines = ed.trim().split('\n');
    const withGenotype = [
      `${lines[0]},"Genotype"`,
      ...lines.slice(1).map((line) => `${line},"${/_(\d+)"/.exec(line)![1]!.padStart(2, '0')}"`),
    ].join('\n');
    expect(prepareUpload(textFile('r.csv', raw), textFile('e.csv', withGenotype), options).ok).toBe(
      true,
    );
  });

  it('matches by the grouping tuple, not by position: shuffled rows give the same values', () => {
    const lines = ed.trim().split('\n');
    const shuffled = [lines[0], ...lines.slice(1).reverse()].join('\n');
    const a = prepareUpload(textFile('r.csv', raw), textFile('e.csv', ed), options);
    const b = prepareUpload(textFile('r.csv', raw), textFile('e.csv', shuffled), options);
    expect(a.ok && b.ok).toBe(true);
    if (a.ok && b.ok) {
      const byColony = (plan: typeof a.plan) =>
        Object.fromEntries(plan.curves.map((c) => [`${c.colonyKey}${c.condition}`, c.ed50]));
      expect(byColony(b.plan)).toEqual(byColony(a.plan));
    }
  });

  it('a colony without an ED row and an ED row without a colony are both errors', () => {
    const lines = ed.trim().split('\n');
    const missingRow = [lines[0], ...lines.slice(2)].join('\n');
    const errors = errorsOf(
      prepareUpload(textFile('r.csv', raw), textFile('e.csv', missingRow), options),
    );
    expect(errors).toEqual([
      expect.objectContaining({
        file: 'main',
        column: 'Genotype',
        problem:
          'The ED50 results file has no row for Site Zugspitze, Condition Nursery, Species Acropora germania, Timepoint 420, Genotype 1.',
      }),
    ]);
    const extra = `${ed.trim()}\n"61",36,37,38,"Zugspitze_Nursery_Acropora germania_420_11","Zugspitze","Nursery","Acropora germania",420`;
    const errors2 = errorsOf(
      prepareUpload(textFile('r.csv', raw), textFile('e.csv', extra), options),
    );
    expect(errors2).toHaveLength(1);
    expect(errors2[0]).toMatchObject({ file: 'ed50', row: 62 });
    expect(errors2[0]!.problem).toContain('No colony in the main data file matches this row');
  });

  it('an ED file of another dataset does not match', () => {
    const errors = errorsOf(
      prepareUpload(
        datasheet('cbass_84.csv'),
        datasheet('cbass_dataset_ED50_Results.csv'),
        options,
      ),
    );
    expect(
      errors.some(
        (e) => e.file === 'ed50' && e.problem.startsWith('No colony in the main data file matches'),
      ),
    ).toBe(true);
    expect(
      errors.some(
        (e) =>
          e.file === 'main' &&
          e.problem.startsWith('The ED50 results file has no row for colony AF1'),
      ),
    ).toBe(true);
  });

  it('a GroupingProperty that does not start with the row’s group is an error', () => {
    const broken = ed.replace(
      '"Zugspitze_Nursery_Acropora germania_420_1"',
      '"Feldberg_Nursery_Acropora germania_420_1"',
    );
    const errors = errorsOf(
      prepareUpload(textFile('r.csv', raw), textFile('e.csv', broken), options),
    );
    expect(errors[0]).toMatchObject({ file: 'ed50', row: 2, column: 'GroupingProperty' });
  });

  it('a standard file with a matching ED file takes ED5/ED95 from it; a different ED50 is an error', () => {
    const main = csv([
      STANDARD_HEADER,
      ...[30, 33, 36, 39].map((t, i) => [
        'P',
        'Reef',
        '2022-01-01',
        'Reef_Acropora_sp_1',
        'Acropora sp',
        'FJI',
        -18,
        177,
        36.5,
        `b${i}`,
        '',
        'Wild',
        t,
        420,
        [0.6, 0.55, 0.3, 0.05][i]!,
        '',
        '',
        '',
      ]),
    ]);
    const edFile = (ed50: number) =>
      csv([
        ['ED5', 'ED50', 'ED95', 'GroupingProperty', 'Site', 'Condition', 'Species', 'Timepoint'],
        [34.1, ed50, 38.2, 'Reef_Wild_Acropora sp_420_1', 'Reef', 'Wild', 'Acropora sp', 420],
      ]);
    const ok = prepareUpload(textFile('m.csv', main), textFile('e.csv', edFile(36.5)), options);
    expect(ok.ok && ok.plan.curves[0]).toMatchObject({ ed5: 34.1, ed50: 36.5, ed95: 38.2 });
    const errors = errorsOf(
      prepareUpload(textFile('m.csv', main), textFile('e.csv', edFile(37)), options),
    );
    expect(errors[0]!.problem).toContain('ED50 37 disagrees with the ED50 36.5');
  });
});

describe('text lengths (decision 0024)', () => {
  it('a 1,000,000-character species name is refused on its row, the value cut in the report', () => {
    const long = 'Acropora '.repeat(111_112).slice(0, 1_000_000);
    const errors = errorsOf(standard(editCell(cbass84, 4, 'Colony.species', long)));
    expect(errors).toEqual([
      {
        file: 'main',
        row: 4,
        column: 'Colony.species',
        value: `${long.slice(0, 80)}…`,
        problem: 'Colony.species is 1,000,000 characters long; at most 200 are allowed.',
        fix: 'Shorten the text in Colony.species (a name or label, not a description).',
      },
    ]);
  });

  it('every name has the limit; a publication title may be longer', () => {
    const name = 'x'.repeat(201);
    const errors = errorsOf(standard(editCell(cbass84, 3, 'Colony.name', name)));
    expect(errors.map((error) => error.problem)).toEqual([
      'Colony.name is 201 characters long; at most 200 are allowed.',
    ]);
    const title = 'A long title '.repeat(70).slice(0, 900);
    const edited = cbass84.replaceAll(
      'Contrasting heat stress response patterns of coral holobionts across the Red Sea suggest distinct mechanisms of thermal tolerance',
      title,
    );
    expect(edited).toContain(title);
    expect(standard(edited).ok).toBe(true);
  });
});
