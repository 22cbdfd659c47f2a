import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { TDatasetDetail, TProjectDetail, TUploadDetail } from '@coral/core';
import { edResultsFromSeedProject } from '@coral/core/testing';
import type { TestContext } from '../../../test/test-app';
import type { TestAgent } from '../../../test/auth-client';
import {
  datasetSnapshot,
  datasheet,
  difference,
  closeUploadTestApp,
  openUploadTestApp,
  type UploadTestApp,
  upload,
  uploadAndProcess,
} from '../../../test/upload-test-helpers';
import { publishDataset } from '../../../test/dataset-helpers';
import { usersService } from '../users/users.service';

const userId = async (username: string) => (await usersService.find(ctx.database.db, username))!.id;

let ctx: TestContext;
let ann: TestAgent;
let bob: TestAgent;

let app: UploadTestApp;
beforeAll(async () => {
  app = await openUploadTestApp();
  ({ ctx, ann, bob } = app);
});
afterAll(() => closeUploadTestApp(app));

type FileArg = { filename: string; content: Buffer | string };
const file = (name: string): FileArg => ({ filename: name, content: datasheet(name) });

const created = (counts: Partial<Record<string, number>>) => ({
  projects: 1,
  datasets: 1,
  dataset_versions: 1,
  publications: 0,
  experiments: 0,
  colonies: 0,
  biosamples: 0,
  observations: 0,
  thermal_tolerances: 0,
  breakpoint_temperatures: 0,
  thermal_limits: 0,
  ...counts,
});

describe('each real datasheet imports with the right counts', () => {
  it('cbass_84.csv', async () => {
    const { detail, created: diff } = await uploadAndProcess(app, ann, file('cbass_84.csv'));
    expect(detail.status).toBe('done');
    const expected = created({
      publications: 1,
      experiments: 4,
      colonies: 28,
      biosamples: 112,
      observations: 112,
      thermal_tolerances: 28,
    });
    const { datasets, dataset_versions, ...counted } = expected;
    expect(detail.counts).toMatchObject({ rows: 112, ...counted });
    // A draft: nothing public changed (the data version stays), the owner completes and submits.
    expect(diff).toMatchObject({ ...expected, thermal_tolerance_observations: 112, version: 0 });
    expect(detail.message).toMatch(
      /^Imported as a draft of the dataset “Voolstra et al\. 2021” \(version 1\): 28 colonies, 112 observations and 28 thermal thresholds; \d+ quality flags? to review\. Only you can see it: complete its description and licence, then submit it for review\.$/,
    );
    expect(detail.dataset).toMatchObject({ id: expect.any(Number) as number, version: 1 });
    expect(detail.column_mapping).toContainEqual({
      column: 'Colony.ed50',
      found: 'Colony.ed50_value',
      position: 8,
      how: 'synonym',
    });
    expect(detail.project_ids).toHaveLength(1);
    const projectUrl = `/api/public/projects/${detail.project_ids[0]}/`;
    expect((await ann.request({ url: projectUrl })).statusCode).toBe(404);
    await publishDataset(ctx.database.db, detail.dataset!.id, await userId('ann'));
    const project = (await ann.request({ url: projectUrl })).json<TProjectDetail>();
    expect(project.owner).toEqual({ username: 'ann' });
    expect(project.colonies).toHaveLength(28);
  });

  it('redsea_gradient_study.csv: ED50 only, every colony in the project', async () => {
    const { detail, created: diff } = await uploadAndProcess(
      app,
      ann,
      file('redsea_gradient_study.csv'),
    );
    expect(detail.status).toBe('done');
    const expected = created({
      publications: 1,
      experiments: 7,
      colonies: 119,
      biosamples: 119,
      thermal_tolerances: 119,
    });
    expect(diff).toMatchObject({ ...expected, observations: 0 });
    await publishDataset(ctx.database.db, detail.dataset!.id, await userId('ann'));
    const project = (
      await ann.request({ url: `/api/public/projects/${detail.project_ids[0]}/` })
    ).json<TProjectDetail>();
    expect(project.colonies).toHaveLength(119);
    expect(project.observations).toEqual([]);
  });

  it('2022_Fiji_Jareis.csv', async () => {
    const { detail, created: diff } = await uploadAndProcess(
      app,
      ann,
      file('2022_Fiji_Jareis.csv'),
    );
    expect(detail.status).toBe('done');
    expect(diff).toMatchObject(
      created({
        publications: 1,
        experiments: 14,
        colonies: 70,
        biosamples: 560,
        observations: 560,
        thermal_tolerances: 140,
      }),
    );
    expect(detail.warnings.map((w) => w.message)).toContainEqual(
      expect.stringContaining('2 rows have no PAM value') as string,
    );
    expect(detail.quality_flags.map((f) => f.code)).toContain('fewer_than_4_temperatures');
  });

  it('cbass_dataset_raw.csv + cbass_dataset_ED50_Results.csv', async () => {
    const { detail, created: diff } = await uploadAndProcess(
      app,
      ann,
      file('cbass_dataset_raw.csv'),
      file('cbass_dataset_ED50_Results.csv'),
    );
    expect(detail.status).toBe('done');
    expect(diff).toMatchObject(
      created({
        experiments: 5,
        colonies: 30,
        biosamples: 240,
        observations: 240,
        thermal_tolerances: 60,
        breakpoint_temperatures: 60,
        thermal_limits: 60,
      }),
    );
    expect(detail.quality_flags.filter((f) => f.code === 'refit_disagrees')).toEqual([]);
  });

  it('2022_FJI_Viti_Levu_raw.csv + its ED results: MMM from the stored colonies at the same place', async () => {
    const { detail, created: diff } = await uploadAndProcess(
      app,
      bob,
      file('2022_FJI_Viti_Levu_raw.csv'),
      {
        filename: 'ED50_Results.csv',
        content: edResultsFromSeedProject(
          JSON.parse(fs.readFileSync(ctx.config.seedFile, 'utf8')),
          61,
        ),
      },
    );
    expect(detail.status).toBe('done');
    expect(diff).toMatchObject(
      created({
        experiments: 14,
        colonies: 70,
        biosamples: 556,
        observations: 556,
        thermal_tolerances: 139,
        breakpoint_temperatures: 139,
        thermal_limits: 139,
      }),
    );
    // Seed project 61 measured the same colonies: the MMM climatology of their place is reused.
    expect(detail.quality_flags.filter((f) => f.code === 'mmm_from_existing_colony')).toHaveLength(
      3,
    );
    const { rows } = await sql<{ abs_value: number; rel_value: number; sst_clim_mmm: number }>`
      SELECT t.abs_value, t.rel_value, t.sst_clim_mmm FROM thermal_tolerances t JOIN colonies c ON c.id = t.colony_id
      WHERE c.upload_id = ${detail.id} AND c.name = 'Vatu-o-lalai_Porites_cylindrica_1' AND t.condition = 'Winter'
    `.execute(ctx.database.db);
    expect(rows).toEqual([{ abs_value: 37.57, rel_value: 9.12, sst_clim_mmm: 28.45 }]);
    // Bob's colonies are his own, never merged with the seed owner's colonies of the same name.
    const { rows: owners } = await sql<{ username: string; n: number }>`
      SELECT u.username, count(*)::int AS n FROM colonies c JOIN users u ON u.id = c.owner_id
      WHERE c.name = 'Vatu-o-lalai_Porites_cylindrica_1' GROUP BY u.username ORDER BY u.username
    `.execute(ctx.database.db);
    expect(owners).toEqual([
      { username: 'betyaevilya', n: 1 },
      { username: 'bob', n: 1 },
    ]);
  });
});

describe('uploading again: a new version of the dataset, or a dataset of its own', () => {
  const cbass84 = () => datasheet('cbass_84.csv').toString('utf8');
  async function annDataset() {
    const { rows } = await sql<{ id: number }>`
      SELECT d.id FROM datasets d JOIN users u ON u.id = d.owner_id
      JOIN projects p ON p.id = d.project_id
      WHERE u.username = 'ann' AND p.name = 'Voolstra et al. 2021'
    `.execute(ctx.database.db);
    return rows[0]!.id;
  }

  it('the same data re-saved, as version 2: every row again, nothing changed', async () => {
    const datasetId = await annDataset();
    const before = await datasetSnapshot(ctx.database.db);
    const resaved = cbass84().replaceAll('\n', '\r\n');
    const { detail, created: diff } = await uploadAndProcess(
      app,
      ann,
      { filename: 'cbass_84 (copy).csv', content: resaved },
      null,
      { dataset_id: String(datasetId) },
    );
    expect(detail.status).toBe('done');
    expect(detail.dataset).toMatchObject({ id: datasetId, version: 2 });
    // Its description and licence came over from version 1: the message does not ask for them.
    expect(detail.message).toMatch(
      /Only you can see it: its description and licence are carried over from version 1; check them, then submit it for review\.$/,
    );
    expect(diff).toMatchObject({ projects: 0, datasets: 0, dataset_versions: 1, colonies: 28 });
    const response = await ann.request({ url: `/api/auth/datasets/${datasetId}/versions/2/` });
    expect(response.statusCode, response.body).toBe(200);
    const version = (
      await ann.request({ url: `/api/auth/datasets/${datasetId}/versions/2/` })
    ).json<TDatasetDetail>().version;
    expect(version.state).toBe('draft');
    expect(version.change_summary).toEqual({
      colonies_added: 0,
      colonies_changed: 0,
      colonies_removed: 0,
      thresholds_changed: 0,
    });
    // Its owner discards it again: its rows go, its upload is marked discarded.
    const discarded = await ann.request({
      method: 'DELETE',
      url: `/api/auth/datasets/${datasetId}/versions/2/`,
    });
    expect(discarded.statusCode, discarded.body).toBe(200);
    expect(difference(await datasetSnapshot(ctx.database.db), before)).toMatchObject({
      dataset_versions: 0,
      colonies: 0,
      observations: 0,
      thermal_tolerances: 0,
    });
    expect(
      (await ann.request({ url: `/api/auth/uploads/${detail.id}/` })).json<TUploadDetail>(),
    ).toMatchObject({ status: 'discarded', dataset: null });
  });

  it('a corrected value, as version 2: the change summary names it', async () => {
    const datasetId = await annDataset();
    const { detail } = await uploadAndProcess(
      app,
      ann,
      { filename: 'corrected.csv', content: cbass84().replaceAll(',36.91,', ',37.91,') },
      null,
      { dataset_id: String(datasetId) },
    );
    expect(detail.status).toBe('done');
    const version = (
      await ann.request({ url: `/api/auth/datasets/${datasetId}/versions/2/` })
    ).json<TDatasetDetail>().version;
    expect(version.change_summary).toEqual({
      colonies_added: 0,
      colonies_changed: 1,
      colonies_removed: 0,
      thresholds_changed: 1,
    });
    // One version in preparation at a time: a third upload is refused at once, nothing queued.
    const third = await upload(
      ann,
      { filename: 'third.csv', content: cbass84().replaceAll(',36.91,', ',38.91,') },
      null,
      { dataset_id: String(datasetId) },
    );
    expect(third.statusCode).toBe(409);
    expect(third.json<{ error: string }>().error).toBe(
      'This dataset already has a version in preparation: submit or discard it first.',
    );
  });

  it('a version of somebody else’s dataset is refused at once', async () => {
    const response = await upload(bob, file('cbass_84.csv'), null, {
      dataset_id: String(await annDataset()),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json<{ error: string }>().error).toMatch(/^There is no dataset \d+ of yours/);
  });

  it("another user's identical upload gets its own project, dataset and colonies", async () => {
    const { detail, created: diff } = await uploadAndProcess(app, bob, file('cbass_84.csv'));
    expect(detail.status).toBe('done');
    expect(diff).toMatchObject({ projects: 1, datasets: 1, colonies: 28, observations: 112 });
  });
});

describe('broken files fail with a row-level report and change nothing', () => {
  const cbass84 = datasheet('cbass_84.csv').toString('utf8');

  async function expectFailure(
    agent: TestAgent,
    main: FileArg,
    ed: FileArg | null,
    check: (detail: TUploadDetail) => void,
  ) {
    const before = await datasetSnapshot(ctx.database.db);
    const { detail } = await uploadAndProcess(app, agent, main, ed);
    expect(detail.status).toBe('failed');
    expect(detail.message).toMatch(
      /^The upload was refused: \d+ problems? to fix \(see the error report\)\. Nothing was imported\./,
    );
    check(detail);
    expect(await datasetSnapshot(ctx.database.db)).toEqual(before);
  }

  it('a bad date', () =>
    expectFailure(
      bob,
      { filename: 'bad-date.csv', content: cbass84.replace('2018-08-07', '2222-08-07') },
      null,
      (detail) => {
        expect(detail.errors).toEqual([
          {
            file: 'main',
            row: 2,
            column: 'Experiment.date',
            value: '2222-08-07',
            problem: '2222-08-07 is in the future.',
            fix: 'Check the year. Write dates as YYYY-MM-DD (for example 2022-09-20) or YYYYMMDD (20220920).',
          },
        ]);
        expect(detail.counts).toMatchObject({ rows: 112, errors: 1 });
      },
    ));

  it('an unknown country', () =>
    expectFailure(
      bob,
      { filename: 'country.csv', content: cbass84.replaceAll(',ISR,', ',XX,') },
      null,
      (detail) => {
        expect(detail.errors).toHaveLength(28);
        expect(detail.errors[0]).toMatchObject({
          column: 'Colony.country',
          value: 'XX',
          problem: '"XX" is not a known country code.',
        });
      },
    ));

  it('a missing column', () =>
    expectFailure(
      bob,
      {
        filename: 'missing.csv',
        content: cbass84.replace('Observation.timepoint', 'Observation.time_of_day'),
      },
      null,
      (detail) => {
        expect(detail.errors).toEqual([
          expect.objectContaining({
            column: 'Observation.timepoint',
            problem: 'The main data file has no Observation.timepoint column.',
          }) as unknown,
        ]);
      },
    ));

  it('an ED file that does not match the main file', () => {
    const ed = datasheet('cbass_dataset_ED50_Results.csv')
      .toString('utf8')
      .replace('_420_1",', '_420_11",');
    return expectFailure(
      bob,
      file('cbass_dataset_raw.csv'),
      { filename: 'other-ED50.csv', content: ed },
      (detail) => {
        const problems = detail.errors.map((e) => [e.file, e.row, e.problem]);
        expect(problems).toContainEqual([
          'ed50',
          2,
          'No colony in the main data file matches this row (Site Zugspitze, Condition Nursery, Species Acropora germania, Timepoint 420, Genotype 11).',
        ]);
        expect(problems).toContainEqual([
          'main',
          expect.any(Number) as number,
          'The ED50 results file has no row for Site Zugspitze, Condition Nursery, Species Acropora germania, Timepoint 420, Genotype 1.',
        ]);
      },
    );
  });

  it('a file naming two projects (a dataset lives in one project)', () =>
    expectFailure(
      ann,
      {
        filename: 'two-projects.csv',
        content: cbass84.replace(/\nVoolstra et al\. 2021,/, '\nAnother project,'),
      },
      null,
      (detail) => {
        expect(detail.errors[0]!.problem).toBe(
          'The file names 2 projects (“Another project”, “Voolstra et al. 2021”); an upload is one dataset, and a dataset belongs to one project.',
        );
      },
    ));
});
