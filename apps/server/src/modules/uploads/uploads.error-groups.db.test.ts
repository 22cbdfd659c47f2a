import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closeUploadTestApp,
  datasheet,
  openUploadTestApp,
  uploadAndProcess,
  type UploadTestApp,
} from '../../../test/upload-test-helpers';

let app: UploadTestApp;
beforeAll(async () => {
  app = await openUploadTestApp();
});
afterAll(() => closeUploadTestApp(app));

const file = (name: string) => ({ filename: name, content: datasheet(name) });

describe('GET /api/auth/uploads/{id}/ error_groups (decision 0022)', () => {
  it('a pair from two different studies: 199 errors, grouped into 2 lines', async () => {
    const { detail } = await uploadAndProcess(
      app,
      app.bob,
      file('2022_FJI_Viti_Levu_raw.csv'),
      file('cbass_dataset_ED50_Results.csv'),
    );
    expect(detail.status).toBe('failed');
    expect(detail.errors).toHaveLength(199);
    expect(detail.error_groups).toEqual([
      {
        file: 'ed50',
        column: 'GroupingProperty',
        problem: 'No colony in the main data file matches this row (Site …).',
        fix: 'Upload the ED50 results file computed from this main data file, or delete this row.',
        count: 60,
        rows: [2, 3, 4, 5, 6],
        summary:
          '60 rows: No colony in the main data file matches this row (Site …); first 5: rows 2, 3, 4, 5, 6',
      },
      expect.objectContaining({
        file: 'main',
        column: 'Genotype',
        count: 139,
        summary:
          '139 rows: The ED50 results file has no row for Site …; first 5: rows 2, 3, 4, 5, 6',
      }) as unknown,
    ]);
  });
});

describe('the far-inland quality flag (decision 0022)', () => {
  it('the Zugspitze test sheet (German Alps) is imported, each colony flagged', async () => {
    const { detail } = await uploadAndProcess(
      app,
      app.ann,
      file('cbass_dataset_raw.csv'),
      file('cbass_dataset_ED50_Results.csv'),
    );
    expect(detail.status).toBe('done');
    const inland = detail.quality_flags.filter((f) => f.code === 'far_inland');
    expect(inland.length).toBe(detail.counts.colonies);
    expect(detail.counts.flag_counts?.far_inland).toBe(detail.counts.colonies);
    expect(inland[0]!.message).toMatch(/^Colony \S+ lies on land, more than 5 km from the sea/);
  });
});
