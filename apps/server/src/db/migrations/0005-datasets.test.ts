import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Migrator, sql } from 'kysely';
import { openDatabase, type DatabaseHandle } from '../database';
import { migrateToLatest, migrationProvider } from '../migrate';

/**
 * Migration 0005 on a database that holds data from before datasets existed: every project
 * becomes a published version 1 of its own dataset, every science row belongs to it, nothing is
 * lost, and the seed's placeholder publication is gone.
 */
let database: DatabaseHandle;
const run = (query: string) => sql.raw(query).execute(database.db);
const one = async <T>(query: string) => (await sql.raw<T>(query).execute(database.db)).rows;

beforeAll(async () => {
  database = await openDatabase({ kind: 'memory' });
  const { error } = await new Migrator({
    db: database.db,
    provider: migrationProvider,
  }).migrateTo('0004-snapshot-format');
  if (error) throw error instanceof Error ? error : new Error(JSON.stringify(error));
  await run(`INSERT INTO users (id, username, password_hash) VALUES (7, 'voolstra', '!')`);
  await run(`INSERT INTO projects (id, name, description, owner_id, registration_date)
             VALUES (3, 'Red Sea gradient', 'Four reefs.', 7, '2021-05-01'),
                    (4, 'Ownerless', '', NULL, '2022-01-01')`);
  await run(`INSERT INTO publications (id, title, year, doi)
             VALUES (1, 'No publications available', NULL, 'No doi available'),
                    (2, 'A real paper', 2021, '10.1111/mec.16064')`);
  await run(`INSERT INTO project_publications (project_id, publication_id) VALUES (3, 1), (3, 2)`);
  await run(
    `INSERT INTO experiments (id, project_id, name, date) VALUES (5, 3, 'AF', '2018-08-07')`,
  );
  await run(`INSERT INTO colonies (id, name, species, country, latitude, longitude)
             VALUES (11, 'AF1', 'Stylophora pistillata', 'SAU', 22.3, 38.96)`);
  await run(`INSERT INTO biosamples (id, colony_id, project_id, name, collection_date)
             VALUES (13, 11, 3, 'AF1-30', '2018-08-07')`);
  await run(`INSERT INTO observations (id, experiment_id, biosample_id, condition, temperature, timepoint, pam_value)
             VALUES (17, 5, 13, 'Wild', 30, 420, 0.57)`);
  await run(`INSERT INTO thermal_tolerances (id, colony_id, abs_value) VALUES (19, 11, 36.91)`);
  await migrateToLatest(database.db);
});
afterAll(() => database.close());

describe('migration 0005 on existing data', () => {
  it('makes each project a dataset with a published version 1 described from the project', async () => {
    const versions = await one<{
      project_id: number;
      number: number;
      state: string;
      metadata: { title: string; description: string; creators: { name: string }[] };
      public: boolean;
    }>(`SELECT d.project_id, v.number, v.state, v.metadata, d.public_version_id = v.id AS public
        FROM datasets d JOIN dataset_versions v ON v.dataset_id = d.id ORDER BY d.project_id`);
    expect(versions).toEqual([
      {
        project_id: 3,
        number: 1,
        state: 'published',
        public: true,
        metadata: expect.objectContaining({
          title: 'Red Sea gradient',
          description: 'Four reefs.',
          creators: [{ name: 'voolstra', affiliation: null, orcid: null }],
          licence: null,
        }) as object,
      },
      expect.objectContaining({ project_id: 4, state: 'published', public: true }),
    ]);
    expect(versions[1]!.metadata.creators).toEqual([]);
  });

  it('puts every row of a project in its version, and keeps every row', async () => {
    const [version] = await one<{ id: number }>(
      `SELECT public_version_id AS id FROM datasets WHERE project_id = 3`,
    );
    for (const table of [
      'experiments',
      'biosamples',
      'observations',
      'colonies',
      'thermal_tolerances',
      'project_publications',
    ]) {
      const rows = await one<{ dataset_version_id: number | null }>(
        `SELECT dataset_version_id FROM ${table}`,
      );
      expect([table, rows.map((r) => r.dataset_version_id)]).toEqual([table, [version!.id]]);
    }
    const [visible] = await one<{ n: number }>(
      `SELECT count(*)::int AS n FROM colonies WHERE dataset_version_id IN (SELECT id FROM public_dataset_versions)`,
    );
    expect(visible!.n).toBe(1);
  });

  it('drops the placeholder publication and keeps the real one', async () => {
    expect(await one(`SELECT id, title FROM publications ORDER BY id`)).toEqual([
      { id: 2, title: 'A real paper' },
    ]);
  });
});
