import { describe, expect, it } from 'vitest';
import { ZUploadCounts, ZUploadSummary } from '../../contract/uploads';
import {
  THRESHOLD_KIND_INFO,
  THRESHOLD_KINDS_BY_LEVEL,
  thresholdKindInfos,
} from '../../thresholds/threshold-kinds';
import { prepareUpload } from '../prepare-upload';
import { previewUploadFile } from '../preview';
import { quickCheckUpload } from '../quick-check';
import { csv, datasheet, STANDARD_HEADER, textFile, TODAY } from '../../../test/upload-test-files';
import { workbookDatasheet } from '../../../test/xlsx-test-files';
import type { UploadFile } from '../prepare-upload';
import { ED_COLUMNS } from './ed-results-file';
import {
  detectSchema,
  ED_RESULTS_FILE,
  fileTypeOf,
  isUploadFileName,
  readUploadTable,
  recognizeHeader,
  UPLOAD_FILE_ACCEPT,
  UPLOAD_FORMAT_IDS,
  UPLOAD_FORMATS,
  uploadFormat,
  type UploadFormat,
} from './registry';
import { STANDARD_THRESHOLD_COLUMNS } from './standard-sheet/columns';

/** A real file of each registered layout (a new layout adds its example here). */
const EXAMPLES: Record<UploadFormat, { main: UploadFile; ed: UploadFile | null }> = {
  standard: { main: datasheet('cbass_84.csv'), ed: null },
  raw: {
    main: datasheet('cbass_dataset_raw.csv'),
    ed: datasheet('cbass_dataset_ED50_Results.csv'),
  },
};

const head = (file: UploadFile) => ({
  name: file.name,
  bytes: file.bytes.length,
  head: file.bytes.subarray(0, 64 * 1024),
});

describe('the upload format registry', () => {
  it.each(UPLOAD_FORMATS.map((format) => [format.id, format] as const))(
    '%s: detected, read, previewed, quick-checked and prepared through the registry',
    (id, format) => {
      const { main, ed } = EXAMPLES[id];
      const read = readUploadTable(main.bytes);
      if (!read.ok) throw new Error(read.problem);
      expect(detectSchema(read.table.header)).toBe(id);
      expect(recognizeHeader(read.table.header, id).missing).toEqual([]);

      const preview = previewUploadFile(main.bytes);
      if (!preview.ok) throw new Error(preview.message);
      expect(preview.preview.format).toBe(id);
      expect(preview.preview.requiredPositions).toHaveLength(
        format.columns.filter((column) => column.required).length,
      );

      expect(quickCheckUpload(head(main), ed && head(ed))).toEqual({ format: id, error: null });
      const prepared = prepareUpload(main, ed, { today: TODAY });
      expect(prepared.ok && prepared.plan.format).toBe(id);
    },
  );

  it('tells the ED results file apart from every layout', () => {
    const ed = EXAMPLES.raw.ed!;
    const read = readUploadTable(ed.bytes);
    expect(read.ok && detectSchema(read.table.header)).toBe(ED_RESULTS_FILE.id);
    const preview = previewUploadFile(ed.bytes);
    expect(preview.ok && preview.preview.format).toBe(ED_RESULTS_FILE.id);
  });

  it('says when a layout needs the ED results file, in the quick check and the worker alike', () => {
    for (const format of UPLOAD_FORMATS) {
      const { main } = EXAMPLES[format.id];
      const quick = quickCheckUpload(head(main), null);
      const prepared = prepareUpload(main, null, { today: TODAY });
      if (format.edFile.needed === 'always') {
        expect(quick.error?.problem).toBe(format.edFile.problem);
        expect(!prepared.ok && prepared.errors[0]!.problem).toBe(format.edFile.problem);
      } else {
        expect(quick.error).toBeNull();
        expect(prepared.ok).toBe(true);
      }
    }
  });

  it('gives the API contract its format enum and the labels of the upload pages', () => {
    expect(UPLOAD_FORMAT_IDS).toEqual(['standard', 'raw']);
    const format = ZUploadSummary.shape.format;
    for (const id of UPLOAD_FORMAT_IDS) expect(format.parse(id)).toBe(id);
    expect(format.safeParse('xlsx').success).toBe(false);
    expect(uploadFormat('raw').shortLabel).toBe('raw CBASS format');
    expect(uploadFormat('standard').shortLabel).toBe('standard schema');
  });

  it('reads files by their file type: XLSX by its ZIP signature, CSV the catch-all', () => {
    expect(UPLOAD_FILE_ACCEPT).toBe(
      '.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,.csv,text/csv',
    );
    expect(isUploadFileName(' Data.CSV ')).toBe(true);
    expect(isUploadFileName('Data.XLSX')).toBe(true);
    expect(isUploadFileName('data.xls')).toBe(false);
    expect(fileTypeOf(new Uint8Array([0x50, 0x4b, 0x03, 0x04])).id).toBe('xlsx');
    expect(fileTypeOf(new TextEncoder().encode('a,b')).id).toBe('csv');
    const broken = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00]);
    const workbook = readUploadTable(broken);
    expect(!workbook.ok && workbook.problem).toBe(
      'This file is not a readable Excel workbook (.xlsx): its ZIP directory is missing.',
    );
    const preview = previewUploadFile(broken);
    expect(!preview.ok && preview.message).toMatch(/^This file is not a readable Excel workbook/);
  });

  it.each(UPLOAD_FORMATS.map((format) => [format.id] as const))(
    '%s: the XLSX and the CSV of the same sheet give identical upload plans',
    (id) => {
      const { main, ed } = EXAMPLES[id];
      const asWorkbook = (file: UploadFile) =>
        workbookDatasheet(file.name.replace(/\.csv$/, '.xlsx'));
      const fromCsv = prepareUpload(main, ed, { today: TODAY });
      const fromXlsx = prepareUpload(asWorkbook(main), ed && asWorkbook(ed), { today: TODAY });
      if (!fromCsv.ok || !fromXlsx.ok) throw new Error('a fixture was refused');
      expect(fromXlsx.plan).toEqual(fromCsv.plan);
      expect(fromXlsx.plan.observations.length).toBeGreaterThan(100);
      // A workbook's header is checked by the worker (a ZIP cannot be read from its start) …
      const bytes = asWorkbook(main).bytes;
      const partial = { name: 'main.xlsx', bytes: bytes.length, head: bytes.subarray(0, 1024) };
      expect(quickCheckUpload(partial, null).error).toBeNull();
      // … but a small one is checked whole, as its CSV is.
      const whole = { name: 'main.xlsx', bytes: bytes.length, head: bytes };
      expect(quickCheckUpload(whole, ed && head(ed))).toEqual({ format: id, error: null });
      const preview = previewUploadFile(bytes);
      expect(preview.ok && preview.preview.format).toBe(id);
    },
  );

  it('previews the bytes as the worker reads them (Windows-1252, UTF-16)', () => {
    const text = 'Site,Species\nRéef,Porites';
    const latin1 = new Uint8Array([...text].map((char) => char.charCodeAt(0)));
    const preview = previewUploadFile(latin1);
    expect(preview.ok && preview.preview.rows).toEqual([['Réef', 'Porites']]);
  });
});

describe('per-kind upload columns, derived from the threshold-kind registry', () => {
  it('standard sheet: Colony.<kind>, also read as Colony.<kind>_value, <kind> and its label', () => {
    for (const { kind, label } of thresholdKindInfos) {
      const column = STANDARD_THRESHOLD_COLUMNS[kind];
      expect(column.name).toBe(`Colony.${kind}`);
      const header = [...STANDARD_HEADER, `Colony ${label}`];
      const byLabel = recognizeHeader(header, 'standard').matches.find(
        (match) => match.column === column.name,
      );
      // The required ED50 column is in the standard header itself; the others come by label.
      expect(byLabel?.found).toBe(column.required ? column.name : `Colony ${label}`);
    }
  });

  it('ED results file: ED5, ED50, ED95 by level, each read into the curve of its kind', () => {
    const labels = THRESHOLD_KINDS_BY_LEVEL.map((kind) => THRESHOLD_KIND_INFO[kind].edLabel);
    expect(ED_COLUMNS.slice(0, labels.length).map((column) => column.name)).toEqual(labels);
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
    const values = [34.1, 36.5, 38.2];
    const ed = csv([
      [...labels, 'GroupingProperty', 'Site', 'Condition', 'Species', 'Timepoint'],
      [...values, 'Reef_Wild_Acropora sp_420_1', 'Reef', 'Wild', 'Acropora sp', 420],
    ]);
    const result = prepareUpload(textFile('m.csv', main), textFile('e.csv', ed), {
      today: TODAY,
    });
    if (!result.ok) throw new Error(result.errors[0]!.problem);
    const curve = result.plan.curves[0]!;
    expect(THRESHOLD_KINDS_BY_LEVEL.map((kind) => curve[kind])).toEqual(values);
  });

  it('upload counts: one key per kind, named by its API list key', () => {
    for (const { listKey } of thresholdKindInfos) {
      expect(ZUploadCounts.shape).toHaveProperty(listKey);
      expect(ZUploadCounts.parse({ [listKey]: 3 })).toEqual({ [listKey]: 3 });
    }
  });
});
