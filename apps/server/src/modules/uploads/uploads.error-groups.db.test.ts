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
  it('the Zugspitze test sheet (German Alps) is imported, each place flagged once (decision 0056)', async () => {
    const { detail } = await uploadAndProcess(
      app,
      app.ann,
      file('cbass_dataset_raw.csv'),
      file('cbass_dataset_ED50_Results.csv'),
    );
    expect(detail.status).toBe('done');
    const inland = detail.quality_flags.filter((f) => f.code === 'far_inland');
    // One flag per place, each counting its colonies: together every colony (decision 0056).
    expect(inland.length).toBeGreaterThan(0);
    expect(inland.length).toBeLessThan(detail.counts.colonies!);
    expect(detail.counts.flag_counts?.far_inland).toBe(inland.length);
    const colonies = inland.map((f) =>
      Number(/^(\d+) colonies at the same place/.exec(f.message)?.[1] ?? 1),
    );
    expect(colonies.reduce((a, b) => a + b, 0)).toBe(detail.counts.colonies);
    expect(inland[0]!.message).toMatch(
      /^\d+ colonies at the same place \(e\.g\. \S+\) lie on land, more than 5 km from the sea/,
    );
  });
});
