import { describe, expect, it } from 'vitest';
import { previewCsv } from './preview';
import { csv, datasheetText } from '../../test/upload-test-files';
import { uploadErrorReportCsv } from './error-report';

describe('previewCsv (the Data Preview card)', () => {
  it('keeps a quoted comma inside its cell (the spec’s naive split would shift columns)', () => {
    const result = previewCsv('Project.name,Publication.title\n"Voolstra, C.","A, B and ""C"""\n');
    expect(result).toMatchObject({
      ok: true,
      preview: {
        header: ['Project.name', 'Publication.title'],
        rows: [['Voolstra, C.', 'A, B and "C"']],
        rowCount: 1,
        columnCount: 2,
      },
    });
  });

  it('counts all rows, shows the first 50, drops blank lines and pads short rows', () => {
    const rows = Array.from({ length: 120 }, (_, i) => [`r${i}`, i]);
    const text = csv([['a', 'b'], ...rows]).replace('r3,3', 'r3') + '\n\n\n';
    const result = previewCsv(text);
    if (!result.ok) throw new Error(result.message);
    expect(result.preview.rowCount).toBe(120);
    expect(result.preview.rows).toHaveLength(50);
    expect(result.preview.rows[3]).toEqual(['r3', '']);
  });

  it('marks the required columns of the recognised format and reports renamed and missing ones', () => {
    const result = previewCsv(datasheetText('cbass_84.csv'));
    if (!result.ok) throw new Error(result.message);
    expect(result.preview.format).toBe('standard');
    expect(result.preview.requiredPositions).toHaveLength(18);
    expect(result.preview.renamed).toEqual([
      { column: 'Colony.ed50', found: 'Colony.ed50_value', position: 8, how: 'synonym' },
    ]);
    const raw = previewCsv(
      'Project,Date,Site,Species,Genotype,Temperature,Timepoint,Pam_value,Notes\nP,20220101,S,A b,1,30,420,0.5,x\n',
    );
    if (!raw.ok) throw new Error(raw.message);
    expect(raw.preview.format).toBe('raw');
    expect(raw.preview.missing).toEqual(['Country', 'Latitude', 'Longitude', 'Condition']);
    expect(raw.preview.ignored).toEqual(['Notes']);
  });

  it('reads BOM + CRLF and drops the trailing empty column spreadsheets add', () => {
    const result = previewCsv(datasheetText('2022_FJI_Viti_Levu_raw.csv'));
    if (!result.ok) throw new Error(result.message);
    expect(result.preview.header[0]).toBe('Project');
    expect(result.preview.columnCount).toBe(12);
    expect(result.preview.rowCount).toBe(556);
  });

  it('needs a header and one data row', () => {
    expect(previewCsv('a,b\n\n')).toEqual({
      ok: false,
      message: 'The file needs a header row and at least one data row to be previewed.',
    });
    expect(previewCsv('').ok).toBe(false);
  });
});

describe('uploadErrorReportCsv', () => {
  it('writes File, Row, Column, Value, Problem, Fix with a BOM and neutralised formulas', () => {
    const text = uploadErrorReportCsv([
      {
        file: 'main',
        row: 5,
        column: 'Experiment.date',
        value: '=2222',
        problem: 'x, y',
        fix: 'z',
      },
      { file: 'ed50', row: null, column: null, value: null, problem: 'p', fix: 'f' },
    ]);
    expect(text).toBe(
      '\uFEFFFile,Row,Column,Value,Problem,Fix\r\nMain data file,5,Experiment.date,\'=2222,"x, y",z\r\nED50 results file,,,,p,f\r\n',
    );
  });
});
