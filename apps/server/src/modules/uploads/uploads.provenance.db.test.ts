import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import {
  downloadFolders,
  downloadUrl,
  ED_ENGINE_SOFTWARE,
  THRESHOLD_KIND_INFO,
  THRESHOLD_KINDS,
  type TColonyPage,
} from '@coral/core';
import { publishDataset } from '../../../test/dataset-helpers';
import {
  closeUploadTestApp,
  datasheet,
  openUploadTestApp,
  type UploadTestApp,
  uploadAndProcess,
} from '../../../test/upload-test-helpers';

/**
 * Fit-level provenance of ED values (decision 0032): an upload's values that the
 * platform's refit reproduces are stored as refit (LL.3, joint fit, the engine's version), the
 * others and the seed's as submitted; the colony page and the CSV download show which.
 */
let app: UploadTestApp;
beforeAll(async () => {
  app = await openUploadTestApp();
});
afterAll(() => closeUploadTestApp(app));

const REFIT_LINE = `Refit by the platform: LL.3 joint fit, ${ED_ENGINE_SOFTWARE}`;
const file = (name: string) => ({ filename: name, content: datasheet(name) });

describe('ED provenance', () => {
  it('an upload whose ED values the refit reproduces stores them as refit; page and CSV show it', async () => {
    const { detail } = await uploadAndProcess(
      app,
      app.ann,
      file('cbass_dataset_raw.csv'),
      file('cbass_dataset_ED50_Results.csv'),
    );
    expect(detail.status).toBe('done');
    const datasetId = detail.dataset!.id;

    for (const kind of THRESHOLD_KINDS) {
      const { rows } = await sql<{
        ed_method: string;
        ed_model: string;
        ed_fit: string;
        ed_software: string;
        n: number;
      }>`
        SELECT t.ed_method, t.ed_model, t.ed_fit, t.ed_software, count(*)::int AS n
        FROM ${sql.table(THRESHOLD_KIND_INFO[kind].table)} t
        JOIN dataset_versions v ON v.id = t.dataset_version_id
        WHERE v.dataset_id = ${datasetId}
        GROUP BY 1, 2, 3, 4
      `.execute(app.ctx.database.db);
      // CBASSED50's own results of this file: the engine reproduces every value (decision 0027).
      expect(rows, kind).toEqual([
        {
          ed_method: 'refit',
          ed_model: 'LL.3',
          ed_fit: 'joint',
          ed_software: ED_ENGINE_SOFTWARE,
          n: 60,
        },
      ]);
    }

    const ann = await app.ctx.database.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'ann')
      .executeTakeFirstOrThrow();
    await publishDataset(app.ctx.database.db, datasetId, ann.id);
    const csv = await app.ann.request({
      url: downloadUrl(downloadFolders.datasetVersion(datasetId, 1), 'colonies.csv'),
    });
    expect(csv.statusCode).toBe(200);
    const csvRows = Papa.parse<Record<string, string>>(csv.body.replace(/^\uFEFF/, ''), {
      header: true,
      skipEmptyLines: true,
    }).data;
    expect(csvRows.length).toBeGreaterThan(0);
    for (const kind of THRESHOLD_KINDS) {
      expect(new Set(csvRows.map((row) => row[`${kind}_method`]))).toEqual(new Set([REFIT_LINE]));
    }

    const page = (
      await app.ann.request({ url: `/api/public/colonies/${csvRows[0]!.colony_id}/` })
    ).json<TColonyPage>();
    expect(page.thermal_tolerances.length).toBeGreaterThan(0);
    for (const entry of page.thermal_tolerances) {
      expect(entry.provenance).toEqual({
        method: 'refit',
        model: 'LL.3',
        fit: 'joint',
        bounds: null,
        software: ED_ENGINE_SOFTWARE,
        label: REFIT_LINE,
      });
    }
  });

  it('seed values are as submitted on the colony page and in the CSV download', async () => {
    const { rows } = await sql<{ colony_id: number }>`
      SELECT colony_id FROM thermal_tolerances WHERE id = (SELECT min(id) FROM thermal_tolerances)
    `.execute(app.ctx.database.db);
    const colonyId = rows[0]!.colony_id;
    const page = (
      await app.ann.request({ url: `/api/public/colonies/${colonyId}/` })
    ).json<TColonyPage>();
    expect(page.thermal_tolerances.length).toBeGreaterThan(0);
    for (const entry of page.thermal_tolerances) {
      expect(entry.provenance).toEqual({
        method: 'submitted',
        model: null,
        fit: null,
        bounds: null,
        software: null,
        label: 'As submitted',
      });
    }
    const csv = await app.ann.request({
      url: downloadUrl(downloadFolders.map(), 'colonies.csv'),
    });
    const seedRows = Papa.parse<Record<string, string>>(csv.body.replace(/^\uFEFF/, ''), {
      header: true,
      skipEmptyLines: true,
    }).data.filter((row) => row.colony_id === String(colonyId));
    expect(seedRows.map((row) => row.ed50_method)).toContain('As submitted');
    expect(seedRows.every((row) => row.ed50_method === 'As submitted' || row.ed50_abs === '')).toBe(
      true,
    );
  });
});
