import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app';
import { createUser } from '../../test/auth-client';
import { DATASHEETS, datasetSnapshot, makeDataDir } from '../../test/upload-test-helpers';
import { onTestDatabase, runCliCaptured } from '../../test/cli-in-process';

let ctx: TestContext;
let dataDir: string;
beforeAll(async () => {
  dataDir = makeDataDir();
  ctx = await createTestApp({ DATA_DIR: dataDir });
  await createUser(ctx.database.db, 'ann');
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const cli = (...argv: string[]) =>
  runCliCaptured(argv, onTestDatabase(ctx.config, ctx.database.db));

const sheet = (name: string) => path.join(DATASHEETS, name);

describe('npm run cli -- import <main.csv> [<ed50.csv>] --owner <username>', () => {
  it('imports a raw file with its ED results synchronously and says what it created', async () => {
    const result = await cli(
      'import',
      sheet('cbass_dataset_raw.csv'),
      sheet('cbass_dataset_ED50_Results.csv'),
      '--owner',
      'ann',
    );
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(
      /^Upload #\d+ \(cbass_dataset_raw\.csv \+ cbass_dataset_ED50_Results\.csv\): done\n/,
    );
    expect(result.stdout).toContain(
      'Created: 1 project, 5 experiments, 30 colonies, 240 biosamples, 240 observations, 60 ED50 / 60 ED5 / 60 ED95.',
    );
    const project = await ctx.database.db
      .selectFrom('projects')
      .innerJoin('users', 'users.id', 'projects.owner_id')
      .select(['projects.name', 'users.username'])
      .where('projects.name', '=', '202211_DEU_Zugspitze-Feldberg')
      .executeTakeFirstOrThrow();
    expect(project.username).toBe('ann');
  });

  it('the same files again import nothing', async () => {
    const before = await datasetSnapshot(ctx.database.db);
    const result = await cli(
      'import',
      sheet('cbass_dataset_raw.csv'),
      sheet('cbass_dataset_ED50_Results.csv'),
      '--owner=ann',
    );
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(
      /These files were already uploaded \(upload #\d+, done\); nothing new was queued\./,
    );
    expect(await datasetSnapshot(ctx.database.db)).toEqual(before);
  });

  it('a broken file exits 1 with the row-level report and can write it as CSV', async () => {
    const broken = path.join(dataDir, 'broken.csv');
    fs.writeFileSync(
      broken,
      fs.readFileSync(sheet('cbass_84.csv'), 'utf8').replace('2018-08-07', '2018-02-30'),
    );
    const report = path.join(dataDir, 'report.csv');
    const before = await datasetSnapshot(ctx.database.db);
    const result = await cli('import', broken, '--owner', 'ann', '--errors', report);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('failed');
    expect(result.stderr).toContain(
      'main file, row 2, Experiment.date: "2018-02-30" is not a real calendar date. (value: 2018-02-30)',
    );
    expect(fs.readFileSync(report, 'utf8')).toContain(
      'Main data file,2,Experiment.date,2018-02-30',
    );
    expect(await datasetSnapshot(ctx.database.db)).toEqual(before);
  });

  it('prints a mismatched pair grouped by kind of problem (decision 0022), not 199 lines', async () => {
    const result = await cli(
      'import',
      sheet('2022_FJI_Viti_Levu_raw.csv'),
      sheet('cbass_dataset_ED50_Results.csv'),
      '--owner',
      'ann',
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      [
        '199 problems:',
        '  ED50 file, GroupingProperty: 60 rows: No colony in the main data file matches this row (Site …); first 5: rows 2, 3, 4, 5, 6',
        '    → Upload the ED50 results file computed from this main data file, or delete this row.',
        '  main file, Genotype: 139 rows: The ED50 results file has no row for Site …; first 5: rows 2, 3, 4, 5, 6',
        '    → Every colony needs its ED row: upload the ED50 results file computed from this main data file, or remove this colony’s rows.',
        '',
      ].join('\n'),
    );
  });

  it('refuses at once what needs no database: a raw file without its ED file', async () => {
    const result = await cli('import', sheet('cbass_dataset_raw.csv'), '--owner', 'ann');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('A raw CBASS file needs its ED50 results file.');
  });

  it('usage mistakes exit 2; an unknown owner or a missing file exits 1', async () => {
    expect((await cli('import', sheet('cbass_84.csv'))).code).toBe(2);
    expect((await cli('import', '--owner', 'ann')).code).toBe(2);
    const unknown = await cli('import', sheet('cbass_84.csv'), '--owner', 'nobody');
    expect(unknown).toMatchObject({
      code: 1,
      stderr: 'No user "nobody". Create the account first: npm run cli -- user:create nobody\n',
    });
    const missing = await cli('import', '/nonexistent/file.csv', '--owner', 'ann');
    expect(missing).toMatchObject({
      code: 1,
      stderr: 'Cannot read /nonexistent/file.csv: ENOENT.\n',
    });
  });
});
