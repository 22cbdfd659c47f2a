import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestAgent } from '../../../test/auth-client';
import {
  closeUploadTestApp,
  datasheet,
  openUploadTestApp,
  upload,
  uploadAndProcess,
  type UploadTestApp,
} from '../../../test/upload-test-helpers';

/** Workbooks (.xlsx) go through the same intake, worker and checks as their CSV (decision 0023). */
let app: UploadTestApp;
beforeAll(async () => {
  app = await openUploadTestApp();
});
afterAll(() => closeUploadTestApp(app));

const file = (name: string) => ({ filename: name, content: datasheet(name) });

const uploadSheets = (agent: TestAgent, main: string, ed: string | null) =>
  uploadAndProcess(app, agent, file(main), ed === null ? null : file(ed));

describe('an .xlsx upload imports exactly as the CSV of the same sheet', () => {
  it('cbass_dataset_raw + its ED50 results: the CSV pair and the XLSX pair', async () => {
    const csv = await uploadSheets(
      app.ann,
      'cbass_dataset_raw.csv',
      'cbass_dataset_ED50_Results.csv',
    );
    const xlsx = await uploadSheets(
      app.bob,
      'cbass_dataset_raw.xlsx',
      'cbass_dataset_ED50_Results.xlsx',
    );
    expect(csv.detail.status).toBe('done');
    expect(xlsx.detail.status, JSON.stringify(xlsx.detail.errors)).toBe('done');
    expect(xlsx.detail.format).toBe('raw');
    expect(xlsx.detail.counts).toEqual(csv.detail.counts);
    expect(xlsx.created).toEqual(csv.created);
    expect(xlsx.created).toMatchObject({ colonies: 30, observations: 240 });
    expect(xlsx.detail.column_mapping).toEqual(csv.detail.column_mapping);
  });

  it('cbass_84.xlsx (standard sheet, ISO date cells) alone', async () => {
    const { detail, created } = await uploadSheets(app.ann, 'cbass_84.xlsx', null);
    expect(detail.status, JSON.stringify(detail.errors)).toBe('done');
    expect(detail.counts).toMatchObject({ rows: 112, colonies: 28, observations: 112 });
    expect(created).toMatchObject({ colonies: 28, biosamples: 112, thermal_tolerances: 28 });
  });

  it('refuses an old .xls workbook renamed .xlsx at once, saying to save it as .xlsx or CSV', async () => {
    const xls = Buffer.concat([
      Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
      Buffer.alloc(504),
    ]);
    const response = await upload(app.ann, { filename: 'data.xlsx', content: xls });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain(
      'The main data file (data.xlsx): This file is an old Excel workbook (.xls) or a password-protected workbook, which cannot be read.',
    );
    expect(response.body).toContain('Excel Workbook (.xlsx)');
  });
});
