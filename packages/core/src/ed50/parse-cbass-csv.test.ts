import { describe, expect, it } from 'vitest';
import fijiRaw from '../../../../fixtures/datasheets/2022_FJI_Viti_Levu_raw.csv?raw';
import templateRaw from '../../../../fixtures/datasheets/template_raw.csv?raw';
import { parseCbassCsv } from './parse-cbass-csv';

const HEADER =
  'Project,Date,Country,Latitude,Longitude,Site,Condition,Species,Genotype,Temperature,Timepoint,Pam_value';
const row = (genotype: string, temperature: string, pam: string, site = 'Reef') =>
  `P1,20220101,FJ,-18.2,177.6,${site},Wild,Porites lutea,${genotype},${temperature},420,${pam}`;
const pams = ['0.6', '0.45', '0.3', '0.15'];
const fourTemperatures = ['30', '33', '36', '39'].map((t, i) => row('1', t, pams[i]!));
const csv = (...lines: string[]) => lines.join('\n');

describe('parseCbassCsv: real files', () => {
  it('reads the Fiji raw datasheet despite BOM, CRLF and a trailing empty column', () => {
    expect(fijiRaw.charCodeAt(0)).toBe(0xfeff);
    expect(fijiRaw).toContain('\r\n');
    const result = parseCbassCsv(fijiRaw);
    expect(result.errors).toEqual([]);
    expect(result.canCompute).toBe(true);
    expect(result.rows).toHaveLength(556);
    expect(result.rows[0]).toMatchObject({
      row: 2,
      site: 'Vatu-o-lalai',
      condition: 'Winter',
      species: 'Porites cylindrica',
      genotype: '1',
      temperature: 28,
      timepoint: '420',
      pamValue: 0.633,
    });
    expect(result.rows[0]!.values.Project).toBe('2022_FJI_Viti_Levu_ElisaJahreis');
    expect(result.warnings.map((w) => w.code)).toEqual(['ignored_empty_column']);
  });

  it('explains that the official template has no data rows', () => {
    const result = parseCbassCsv(templateRaw);
    expect(result.canCompute).toBe(false);
    expect(result.rows).toEqual([]);
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]!.code).toBe('no_data_rows');
    expect(result.errors[0]!.message).toMatch(/no data rows/);
  });

  it('reports an empty file', () => {
    expect(parseCbassCsv('').errors[0]!.code).toBe('empty_file');
  });
});

describe('parseCbassCsv: columns', () => {
  it('names a column found only in another letter case, and uses it', () => {
    const text = csv(HEADER.replace('Pam_value', 'PAM_value'), ...fourTemperatures);
    const result = parseCbassCsv(text);
    expect(result.warnings[0]!.message).toContain('missing column Pam_value (found PAM_value)');
    expect(result.columnMapping).toEqual([{ column: 'Pam_value', found: 'PAM_value' }]);
    expect(result.rows.map((r) => r.pamValue)).toEqual([0.6, 0.45, 0.3, 0.15]);
  });

  it('stops with the name of a missing computation column', () => {
    const result = parseCbassCsv(csv(HEADER.replace(',Pam_value', ',Fv_Fm'), ...fourTemperatures));
    expect(result.canCompute).toBe(false);
    expect(result.errors.map((e) => e.message)).toEqual(['missing column Pam_value']);
  });

  it('only warns about a missing column that the computation does not use', () => {
    const header = HEADER.replace('Project,', '');
    const lines = fourTemperatures.map((line) => line.replace('P1,', ''));
    const result = parseCbassCsv(csv(header, ...lines));
    expect(result.canCompute).toBe(true);
    expect(result.warnings[0]!.message).toMatch(/missing column Project: CBASSED50 requires it/);
  });

  it('accepts any column order and semicolon-separated files with decimal commas', () => {
    const header =
      'Pam_value;Temperature;Genotype;Site;Condition;Species;Timepoint;Project;Date;Country;Latitude;Longitude';
    const lines = ['0,61', '0,55', '0,3', '0,05'].map(
      (pam, i) => `${pam};${30 + 3 * i};7;Reef;Wild;Porites;420;P;1;FJ;"-18,2";"177,6"`,
    );
    const result = parseCbassCsv(csv(header, ...lines));
    expect(result.rows.map((r) => r.pamValue)).toEqual([0.61, 0.55, 0.3, 0.05]);
    const codes = result.warnings.map((w) => w.code);
    expect(codes).toContain('semicolon_delimiter');
    expect(codes).toContain('decimal_comma');
  });
});

describe('parseCbassCsv: rows', () => {
  it('drops rows with NA or empty values in used columns only, with spreadsheet row numbers', () => {
    const lines = [
      ...fourTemperatures,
      row('2', '30', 'NA'),
      row('3', '', '0.5'),
      row('4', '33', '0.5').replace('P1,20220101', 'NA,'), // unused columns may be empty/NA
    ];
    const result = parseCbassCsv(csv(HEADER, ...lines));
    expect(result.rows.map((r) => r.row)).toEqual([2, 3, 4, 5, 8]);
    expect(result.warnings.map((w) => [w.code, w.row])).toEqual([
      ['missing_value', 6],
      ['missing_value', 7],
    ]);
    expect(result.droppedRowCount).toBe(2);
  });

  it('reads quoted fields and skips blank lines', () => {
    const quoted = row('"5"', '39', '0.1', '"Reef, north"');
    const result = parseCbassCsv(csv(HEADER, ...fourTemperatures, '', quoted, ''));
    expect(result.rows).toHaveLength(5);
    expect(result.rows[4]).toMatchObject({ site: 'Reef, north', genotype: '5', row: 7 });
  });

  it('rejects non-numeric and non-positive temperatures explicitly', () => {
    const result = parseCbassCsv(
      csv(HEADER, ...fourTemperatures, row('2', 'hot', '0.5'), row('2', '0', '0.5')),
    );
    expect(result.errors.map((e) => [e.code, e.row])).toEqual([
      ['not_a_number', 6],
      ['non_positive_temperature', 7],
    ]);
    expect(result.rows).toHaveLength(4);
    expect(result.canCompute).toBe(true);
  });

  it('refuses a file with fewer than 4 distinct temperatures, as CBASSED50 does', () => {
    const lines = ['30', '33', '36'].flatMap((t) => [row('1', t, '0.5'), row('2', t, '0.4')]);
    const result = parseCbassCsv(csv(HEADER, ...lines));
    expect(result.canCompute).toBe(false);
    expect(result.errors[0]!.message).toMatch(
      /^Dataset does not have enough unique temperature values: 3/,
    );
  });

  it('normalises numeric labels like read.csv (Genotype "01" → "1") and says so', () => {
    const lines = fourTemperatures.map((line) => line.replace(',1,', ',01,'));
    const result = parseCbassCsv(csv(HEADER, ...lines));
    expect(result.rows[0]!.genotype).toBe('1');
    expect(result.warnings.map((w) => w.code)).toContain('numeric_label_normalised');
  });
});
