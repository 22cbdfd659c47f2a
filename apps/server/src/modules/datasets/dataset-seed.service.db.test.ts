import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { loadConfig } from '../../config';
import type { DatabaseHandle } from '../../db/database';
import { coralFutureDumpToBundle, SeedFormatError } from '../../db/seed/coralfuture-json';
import { createTestDatabase } from '../../../test/test-database';
import { seedDatabase } from './dataset-seed.service';

const seedFile = loadConfig({ NODE_ENV: 'test' }).seedFile;
const tables = [
  'users',
  'projects',
  'datasets',
  'dataset_versions',
  'publications',
  'experiments',
  'colonies',
  'biosamples',
  'observations',
  'thermal_tolerances',
  'breakpoint_temperatures',
  'thermal_limits',
];

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

async function counts() {
  const result: Record<string, number> = {};
  for (const table of tables) {
    const { rows } = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM ${sql.table(table)}`.execute(database.db);
    result[table] = rows[0]!.n;
  }
  return result;
}

describe('seedDatabase', () => {
  it('holds the real dataset, with project owners as accounts that cannot log in yet', async () => {
    expect(await counts()).toEqual({
      users: 2,
      projects: 11,
      datasets: 11,
      dataset_versions: 11,
      // the original platform's placeholder ("No publications available") is not imported
      publications: 1,
      experiments: 51,
      colonies: 682,
      biosamples: 2991,
      observations: 2991,
      thermal_tolerances: 751,
      breakpoint_temperatures: 751,
      thermal_limits: 751,
    });
    const owners = await database.db
      .selectFrom('users')
      .select(['username', 'password_hash'])
      .orderBy('username')
      .execute();
    expect(owners).toEqual([
      { username: 'betyaevilya', password_hash: null },
      { username: 'chris', password_hash: null },
    ]);
  });

  it('makes each project a published dataset version 1 holding every row of the project', async () => {
    const versions = await sql<{
      project: string;
      state: string;
      number: number;
      public: boolean;
      title: string;
      licence: string | null;
      creators: { name: string }[];
      imported_from: { name: string; url: string };
    }>`
      SELECT p.name AS project, v.state, v.number, d.public_version_id = v.id AS public,
             v.metadata->>'title' AS title, v.metadata->>'licence' AS licence,
             v.metadata->'creators' AS creators, v.metadata->'imported_from' AS imported_from
      FROM datasets d JOIN projects p ON p.id = d.project_id
      JOIN dataset_versions v ON v.dataset_id = d.id
      ORDER BY p.id
    `.execute(database.db);
    expect(versions.rows).toHaveLength(11);
    for (const version of versions.rows) {
      expect(version).toMatchObject({ state: 'published', number: 1, public: true, licence: null });
      // The source knows only the account that owned a project, not who made the data: no
      // creator is claimed, and the source is named (decision 0050).
      expect(version.creators).toEqual([]);
      expect(version.imported_from).toEqual({
        name: 'Coral Future database',
        url: 'https://coralfuture.org',
      });
    }
    // Same-named projects get distinct titles from their own sites (experiment names).
    expect(versions.rows.map((version) => version.title)).toEqual([
      '2022_FJI_Viti_Levu_ElisaJahreis',
      'GlobalSearch_AmSamoa',
      'GlobalSearch_ArabSeas',
      'GlobalSearch_Carib: Curacao',
      'GlobalSearch_Carib: Lower Florida Keys',
      'GlobalSearch_Carib: USVI_Flat',
      'GlobalSearch_Carib: USVI_Thatch',
      'GlobalSearch_GBR: Davies',
      'GlobalSearch_GBR: Lady Musgrave',
      'GlobalSearch_GBR: Moore',
      'GlobalSearch_GBR: North Direction',
    ]);
    for (const table of tables.slice(5)) {
      if (table === 'publications') continue;
      const { rows } = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM ${sql.table(table)}
        WHERE dataset_version_id IS NULL
           OR dataset_version_id NOT IN (SELECT id FROM public_dataset_versions)
      `.execute(database.db);
      expect(rows[0]!.n, table).toBe(0);
    }
  });

  it('changes nothing when run again (restart), even concurrently', async () => {
    const before = await counts();
    const outcomes = await Promise.all([
      seedDatabase(database.db, seedFile),
      seedDatabase(database.db, seedFile),
    ]);
    expect(outcomes).toEqual([
      { seeded: false, reason: 'already-seeded' },
      { seeded: false, reason: 'already-seeded' },
    ]);
    expect(await counts()).toEqual(before);
  });

  it('continues the id sequences after the seed ids', async () => {
    const { id } = await database.db
      .insertInto('colonies')
      .values({
        name: 'n',
        species: 's',
        country: 'FJI',
        latitude: 0,
        longitude: 0,
        owner_id: null,
        upload_id: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(id).toBeGreaterThan(
      Math.max(
        ...(await database.db.selectFrom('colonies').select('id').execute())
          .map((r) => r.id)
          .filter((x) => x !== id),
      ),
    );
    await database.db.deleteFrom('colonies').where('id', '=', id).execute();
  });

  it('refuses a file that is not a Coral Future dump, before writing anything', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'coral-seed-'));
    const bad = path.join(dir, 'bad.json');
    fs.writeFileSync(bad, JSON.stringify({ source: 'x', projects: [{ id: 'one' }] }));
    const fresh = await createTestDatabase();
    try {
      await fresh.db.updateTable('dataset_state').set({ seeded_at: null }).execute();
      await expect(seedDatabase(fresh.db, bad)).rejects.toThrow(SeedFormatError);
    } finally {
      await fresh.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
    expect(() =>
      coralFutureDumpToBundle({
        ...JSON.parse(fs.readFileSync(seedFile, 'utf8')),
        colonies: [
          { id: 1, name: 'x', species: 'y', country: 'Atlantis', latitude: 0, longitude: 0 },
        ],
      }),
    ).toThrow(/unknown country: Atlantis/);
  });
});
