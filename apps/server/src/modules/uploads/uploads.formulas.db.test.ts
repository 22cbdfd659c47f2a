import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closeUploadTestApp,
  datasheet,
  openUploadTestApp,
  uploadAndProcess,
  type UploadTestApp,
} from '../../../test/upload-test-helpers';

/**
 * A text a spreadsheet would run as a formula (=HYPERLINK(…), @SUM(…), +cmd|…) never enters the
 * database, so it can reach no file a spreadsheet may open, the Darwin Core Archive's tab-separated
 * tables included, which harvesters read as they are and so are never altered
 * (docs/decisions/0052-faults-and-streams.md).
 */
let app: UploadTestApp;
beforeAll(async () => {
  app = await openUploadTestApp();
});
afterAll(() => closeUploadTestApp(app));

const original = datasheet('cbass_84.csv').toString('utf8');

describe('an upload whose names a spreadsheet would run as formulas', () => {
  it('is refused, each cell named with what to do, and nothing is imported', async () => {
    const content = original
      .replace(',AF1,Stylophora', ',"=HYPERLINK(""https://example.org/x"",""AF1"")",Stylophora')
      .replace(',AF,2018-08-07,AF2,', ',@SUM(A1),2018-08-07,AF2,');
    expect(content).not.toBe(original);
    const { detail, created } = await uploadAndProcess(app, app.ann, {
      filename: 'cbass_84.csv',
      content,
    });
    expect(detail.status).toBe('failed');
    const formulaErrors = detail.errors.filter((error) => /formula/.test(error.problem));
    expect(formulaErrors.map((error) => [error.column, error.value])).toEqual(
      expect.arrayContaining([
        ['Colony.name', '=HYPERLINK("https://example.org/x","AF1")'],
        ['Experiment.name', '@SUM(A1)'],
      ]),
    );
    expect(formulaErrors[0]!.fix).toMatch(/leading/);
    expect(Object.values(created).every((count) => count === 0)).toBe(true);
  });

  it('while names that merely start with a minus sign followed by a number are kept', async () => {
    const content = original.replaceAll(',AF,2018-08-07,', ',-1,2018-08-07,');
    const { detail } = await uploadAndProcess(app, app.ann, { filename: 'cbass_84.csv', content });
    expect(detail.errors).toEqual([]);
    expect(detail.status).toBe('done');
  });
});
