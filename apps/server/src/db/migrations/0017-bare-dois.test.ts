import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Migrator, sql } from 'kysely';
import { openDatabase, type DatabaseHandle } from '../database';
import { migrateToLatest, migrationProvider } from '../migrate';

/** Migration 0017 on publications stored before DOIs were stored bare (decision 0058). */
let database: DatabaseHandle;
const run = (query: string) => sql.raw(query).execute(database.db);

beforeAll(async () => {
  database = await openDatabase({ kind: 'memory' });
  const { error } = await new Migrator({
    db: database.db,
    provider: migrationProvider,
  }).migrateTo('0014-orcid-names');
  if (error) throw error instanceof Error ? error : new Error(JSON.stringify(error));
  // As fixtures/datasheets/cbass_84.csv gives it, and other ways researchers write a DOI.
  await run(`INSERT INTO publications (id, title, year, doi) VALUES
    (1, 'Contrasting heat stress response patterns', 2021, 'https://doi.org/10.1111/mec.16064'),
    (2, 'b', 2022, 'http://dx.doi.org/10.3389/fmars.2022.1018337'),
    (3, 'c', 2021, 'doi: 10.1111/gcb.15148'),
    (4, 'd', 2021, '10.21203/rs.3.rs-8231598/v1'),
    (5, 'No publications available', NULL, 'No doi available'),
    (6, 'f', NULL, NULL),
    (7, 'g', NULL, 'https://doi.org/not-a-doi'),
    (8, 'h', 2020, ' 10.1111/mec.16064 ')`);
  await migrateToLatest(database.db);
});
afterAll(() => database.close());

describe('migration 0017', () => {
  it('stores every DOI bare and leaves anything that is not a DOI as it was', async () => {
    const rows = (
      await sql<{
        id: number;
        doi: string | null;
      }>`SELECT id, doi FROM publications ORDER BY id`.execute(database.db)
    ).rows;
    expect(rows.map((row) => row.doi)).toEqual([
      '10.1111/mec.16064',
      '10.3389/fmars.2022.1018337',
      '10.1111/gcb.15148',
      '10.21203/rs.3.rs-8231598/v1',
      'No doi available',
      null,
      'https://doi.org/not-a-doi',
      '10.1111/mec.16064',
    ]);
  });
});
