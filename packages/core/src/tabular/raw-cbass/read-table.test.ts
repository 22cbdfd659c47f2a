import { describe, expect, it } from 'vitest';
import { computeEds } from '../../ed50/compute-eds';
import { formatEdResultsCsv } from '../../ed50/format-csv';
import { parseCbassCsv } from '../../ed50/parse-cbass-csv';
import { readCsvTable } from '../csv-table';
import { prepareUpload, type PrepareResult } from '../../upload/prepare-upload';
import { datasheetText, textFile, TODAY } from '../../../test/upload-test-files';
import { readRawCbassTable } from './read-table';

/** What reconciling the calculator's and the upload's raw CBASS readers changed (read-table.ts). */

const HEADER =
  'Project,Date,Country,Latitude,Longitude,Site,Condition,Species,Genotype,Temperature,Timepoint,Pam_value';
const PAM = [0.6, 0.55, 0.3, 0.05];
const rows = (genotype: string, pam = (i: number) => String(PAM[i])) =>
  [30, 33, 36, 39].map(
    (t, i) => `P,20220101,FJ,-18.2,177.6,Reef,Wild,Porites lutea,${genotype},${t},420,${pam(i)}`,
  );

function planOf(result: PrepareResult) {
  if (!result.ok) throw new Error(`refused: ${JSON.stringify(result.errors.slice(0, 2))}`);
  return result.plan;
}

/** The raw file uploaded with the ED results the calculator computes for it. */
function uploadWithCalculatorResults(raw: string): PrepareResult {
  const parsed = parseCbassCsv(raw);
  expect(parsed.canCompute).toBe(true);
  const results = formatEdResultsCsv(computeEds(parsed.rows), { rowNames: true });
  return prepareUpload(textFile('raw.csv', raw), textFile('ED50_Results.csv', results), {
    today: TODAY,
  });
}

describe('one raw CBASS reader for the ED calculator and the upload', () => {
  it('finds the same columns; only the upload takes synonyms', () => {
    const header = HEADER.replace('Pam_value', 'Fv/Fm').replace('Temperature', 'Temperature (°C)');
    const table = readCsvTable([header, ...rows('1')].join('\n'));
    const calculator = readRawCbassTable(table, 'calculator');
    const upload = readRawCbassTable(table, 'upload');
    expect(calculator.columns.get('Temperature')).toBe(9);
    expect(upload.columns.get('Temperature')).toBe(9);
    expect(calculator.columns.has('Pam_value')).toBe(false);
    expect(upload.columns.get('Pam_value')).toBe(11);
    expect(upload.recognition.matches.find((m) => m.column === 'Pam_value')?.how).toBe('synonym');
  });

  it('the calculator accepts a unit in brackets, as the upload does, and says so', () => {
    const text = [HEADER.replace('Temperature', 'Temperature (°C)'), ...rows('1')].join('\n');
    const parsed = parseCbassCsv(text);
    expect(parsed.canCompute).toBe(true);
    expect(parsed.columnMapping).toEqual([{ column: 'Temperature', found: 'Temperature (°C)' }]);
    expect(parsed.warnings[0]!.message).toBe(
      'missing column Temperature (found Temperature (°C)); Temperature (°C) is used as Temperature.',
    );
  });

  it('one rule for missing cells: "n/a" is missing for the calculator too (the row is skipped)', () => {
    const text = [HEADER, ...rows('1'), ...rows('2', (i) => (i === 3 ? 'n/a' : String(PAM[i])))];
    const parsed = parseCbassCsv(text.join('\n'));
    expect(parsed.errors).toEqual([]);
    expect(parsed.warnings).toEqual([
      {
        code: 'missing_value',
        row: 9,
        column: 'Pam_value',
        message: 'Row 9 skipped: no value for Pam_value.',
      },
    ]);
    expect(parsed.rows).toHaveLength(7);
  });

  it('one rule for labels: a numeric Site "01" is stored as the calculator writes it, "1"', () => {
    // Before, the upload kept "01" and found no colony for the calculator's ED rows (Site "1").
    const raw = datasheetText('cbass_dataset_raw.csv')
      .replaceAll(',Zugspitze,', ',01,')
      .replaceAll(',Feldberg,', ',02,');
    const plan = planOf(uploadWithCalculatorResults(raw));
    expect(plan.colonies).toHaveLength(30);
    expect(plan.colonies[0]!.name).toBe('1_Acropora_germania_1');
    expect(plan.curves.every((curve) => curve.ed50 !== null)).toBe(true);
  });

  it('a genotype column mixing numbers and names keeps "01" as written, in both readers', () => {
    const raw = [HEADER, ...rows('01'), ...rows('A2')].join('\n');
    expect(parseCbassCsv(raw).rows[0]!.genotype).toBe('01');
    const plan = planOf(
      prepareUpload(
        textFile('raw.csv', raw),
        textFile(
          'ED50_Results.csv',
          '"","ED5","ED50","ED95","GroupingProperty","Site","Condition","Species","Timepoint"\n' +
            '"1",33,35,37,"Reef_Wild_Porites lutea_420_01","Reef","Wild","Porites lutea",420\n' +
            '"2",33,35,37,"Reef_Wild_Porites lutea_420_A2","Reef","Wild","Porites lutea",420\n',
        ),
        { today: TODAY },
      ),
    );
    expect(plan.colonies.map((colony) => colony.name)).toEqual([
      'Reef_Porites_lutea_01',
      'Reef_Porites_lutea_A2',
    ]);
  });
});
