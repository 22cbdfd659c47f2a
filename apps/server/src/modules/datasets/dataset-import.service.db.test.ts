import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  emptyBundle,
  THRESHOLD_KIND_INFO,
  THRESHOLD_KINDS,
  type DatasetBundle,
  type EdProvenance,
} from '@coral/core';
import type { DatabaseHandle } from '../../db/database';
import type { AppDb } from '../../db/schema';
import { createTestDatabase } from '../../../test/test-database';
import { importAsPublished } from './dataset-seed.service';

/** The true source of this test's hand-made data (decision 0060). */
const TEST_SOURCE = { name: 'dataset-import.service.db.test.ts', url: null };

const statements: string[] = [];
let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase({ onQuery: (text) => statements.push(text) });
});
afterAll(() => database.close());

/** Names as researchers and spreadsheets make them: every character COPY treats specially. */
const NAMES = {
  project: 'Reef\tstudy "2024" \\ back',
  description: 'Line one\nline two\r\nand 🪸, façade, 中文',
  experiment: '\\N',
  colonies: ['NULL', 'colony \\. one', 'Ångström\\'],
  species: 'Porites "lobata"\t(cf.)',
  biosample: 'sample, with comma; and \u2028 separator',
};

function awkwardBundle(options: { brokenLastThreshold?: boolean } = {}): DatasetBundle {
  const bundle = emptyBundle();
  bundle.projects.push({
    key: 'p',
    name: NAMES.project,
    description: NAMES.description,
    registrationDate: '2024-02-29',
    ownerUsername: null,
  });
  bundle.experiments.push({ key: 'e', projectKey: 'p', name: NAMES.experiment, date: null });
  NAMES.colonies.forEach((name, c) => {
    bundle.colonies.push({
      key: `c${c}`,
      name,
      species: NAMES.species,
      country: 'AUS',
      latitude: -18.5 + c / 3,
      longitude: 147.5,
      ownerUsername: null,
    });
    bundle.biosamples.push({
      key: `b${c}`,
      colonyKey: `c${c}`,
      projectKey: 'p',
      name: `${NAMES.biosample} ${c}`,
      collectionDate: c === 0 ? null : '2023-01-05',
    });
    [30, 33.3335, 36, 39].forEach((temperature, t) => {
      bundle.observations.push({
        key: `o${c}.${t}`,
        experimentKey: 'e',
        biosampleKey: `b${c}`,
        condition: t === 0 ? null : '',
        temperature,
        timepoint: 't\t1',
        pamValue: t === 3 ? null : 0.1 + 0.2 * t,
      });
    });
  });
  THRESHOLD_KINDS.forEach((kind, k) => {
    NAMES.colonies.forEach((_, c) => {
      const broken = options.brokenLastThreshold && k === THRESHOLD_KINDS.length - 1 && c === 2;
      // A refit without its model breaks the table's CHECK: the database refuses the row.
      const provenance: EdProvenance | undefined = broken
        ? { method: 'refit', model: null, fit: null, bounds: null, software: null }
        : undefined;
      bundle.thresholds[kind].push({
        key: `${kind}.${c}`,
        colonyKey: `c${c}`,
        condition: null,
        timepoint: '',
        abs: 36 + c / 7,
        rel: c === 1 ? null : 7.5,
        mmm: c === 2 ? null : 28.4,
        observationKeys: [0, 1, 2, 3].map((t) => `o${c}.${t}`),
        provenance,
      });
    });
  });
  return bundle;
}

/** The awkward bundle's rows as stored, with references as names (ids differ between imports). */
async function storedAwkwardRows(db: AppDb) {
  const species = NAMES.species;
  const colonies = await sql`
    SELECT p.name AS project, p.description, p.registration_date::text, c.name, c.species,
      c.country, c.latitude, c.longitude, c.owner_id, c.upload_id, b.name AS biosample,
      b.collection_date::text, e.name AS experiment, e.date::text AS experiment_date,
      o.condition, o.temperature::text, o.timepoint, o.pam_value
    FROM colonies c JOIN biosamples b ON b.colony_id = c.id JOIN projects p ON p.id = b.project_id
      JOIN observations o ON o.biosample_id = b.id JOIN experiments e ON e.id = o.experiment_id
    WHERE c.species = ${species} ORDER BY c.id, b.id, o.id
  `.execute(db);
  const thresholds = await Promise.all(
    THRESHOLD_KINDS.map(async (kind) => {
      const { table, observationLinkTable } = THRESHOLD_KIND_INFO[kind];
      const { rows } = await sql`
        SELECT c.name, t.condition, t.timepoint, t.abs_value, t.rel_value, t.sst_clim_mmm,
          t.quality_flags, t.ed_method, t.ed_model, t.ed_fit, t.ed_software,
          array(SELECT b.name || '/' || o.temperature FROM ${sql.table(observationLinkTable)} l
            JOIN observations o ON o.id = l.observation_id JOIN biosamples b ON b.id = o.biosample_id
            WHERE l.threshold_id = t.id ORDER BY o.id) AS observations
        FROM ${sql.table(table)} t JOIN colonies c ON c.id = t.colony_id
        WHERE c.species = ${species} ORDER BY t.id
      `.execute(db);
      return rows;
    }),
  );
  return { colonies: colonies.rows, thresholds };
}

/** The indexes and constraints of every table, as PostgreSQL describes them. */
async function schemaDefinitions(db: AppDb) {
  const { rows } = await sql`
    SELECT c.relname AS table, i.indexrelid::regclass::text AS name,
      pg_get_indexdef(i.indexrelid) AS definition
    FROM pg_index i JOIN pg_class c ON c.oid = i.indrelid
    JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = 'public'
    UNION ALL
    SELECT c.relname, k.conname, pg_get_constraintdef(k.oid)
    FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid
    JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = 'public'
    ORDER BY 1, 2, 3
  `.execute(db);
  return rows;
}

/** Every table's row count, and the data version: what an import may change. */
async function fingerprint(db: AppDb) {
  const { rows: tables } = await sql<{ name: string }>`
    SELECT table_name AS name FROM information_schema.tables
    WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name
  `.execute(db);
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const { rows } = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM ${sql.table(name)}`.execute(db);
    counts[name] = rows[0]!.n;
  }
  const state = await sql`SELECT * FROM dataset_state`.execute(db);
  return { counts, state: state.rows };
}

describe('importDataset through COPY', () => {
  it('stores awkward text as given: tabs, newlines, backslashes, quotes, unicode, NULL vs empty', async () => {
    const counts = await database.db
      .transaction()
      .execute((trx) => importAsPublished(trx, awkwardBundle(), TEST_SOURCE));
    expect(counts.colonies).toBe(3);
    // The version names the source its caller gave, never the Coral Future database by default.
    const version = await database.db
      .selectFrom('dataset_versions')
      .select(['metadata'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(version.metadata).toMatchObject({ imported_from: TEST_SOURCE });
    const event = await database.db
      .selectFrom('dataset_events')
      .select(['message'])
      .where('action', '=', 'published')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(event.message).toBe(
      'Imported from the dataset-import.service.db.test.ts, where it was public.',
    );
    const project = await database.db
      .selectFrom('projects')
      .select(['id', 'name', 'description', 'registration_date'])
      .where('name', '=', NAMES.project)
      .executeTakeFirstOrThrow();
    expect(project).toMatchObject({
      description: NAMES.description,
      registration_date: '2024-02-29',
    });
    const colonies = await database.db
      .selectFrom('colonies')
      .innerJoin('biosamples', 'biosamples.colony_id', 'colonies.id')
      .select(['colonies.name', 'species', 'latitude', 'biosamples.name as biosample'])
      .select('collection_date')
      .where('biosamples.project_id', '=', project.id)
      .orderBy('colonies.id')
      .execute();
    expect(colonies).toEqual(
      NAMES.colonies.map((name, c) => ({
        name,
        species: NAMES.species,
        latitude: -18.5 + c / 3,
        biosample: `${NAMES.biosample} ${c}`,
        collection_date: c === 0 ? null : '2023-01-05',
      })),
    );
    const observations = await sql<Record<string, unknown>>`
      SELECT o.condition, o.temperature::text AS temperature, o.timepoint, o.pam_value,
        e.name AS experiment, e.date
      FROM observations o JOIN experiments e ON e.id = o.experiment_id
      WHERE e.project_id = ${project.id} ORDER BY o.id LIMIT 4
    `.execute(database.db);
    expect(observations.rows).toEqual([
      {
        condition: null,
        temperature: '30.000',
        timepoint: 't\t1',
        pam_value: 0.1,
        experiment: '\\N',
        date: null,
      },
      {
        condition: '',
        temperature: '33.334',
        timepoint: 't\t1',
        pam_value: 0.1 + 0.2,
        experiment: '\\N',
        date: null,
      },
      {
        condition: '',
        temperature: '36.000',
        timepoint: 't\t1',
        pam_value: 0.1 + 0.4,
        experiment: '\\N',
        date: null,
      },
      {
        condition: '',
        temperature: '39.000',
        timepoint: 't\t1',
        pam_value: null,
        experiment: '\\N',
        date: null,
      },
    ]);
    for (const kind of THRESHOLD_KINDS) {
      const { table, observationLinkTable } = THRESHOLD_KIND_INFO[kind];
      const { rows } = await sql<Record<string, unknown>>`
        SELECT t.condition, t.timepoint, t.rel_value, t.sst_clim_mmm, t.quality_flags, t.ed_method,
          (SELECT count(*)::int FROM ${sql.table(observationLinkTable)} l WHERE l.threshold_id = t.id) AS links
        FROM ${sql.table(table)} t JOIN colonies c ON c.id = t.colony_id
        WHERE c.species = ${NAMES.species} ORDER BY t.id
      `.execute(database.db);
      expect(rows.map((r) => [r['condition'], r['timepoint'], r['rel_value'], r['links']])).toEqual(
        [
          [null, '', 7.5, 4],
          [null, '', null, 4],
          [null, '', 7.5, 4],
        ],
      );
      expect(rows.map((r) => r['ed_method'])).toEqual(['submitted', 'submitted', 'submitted']);
      // The quality rule's flags arrive as the text[] the rule gave (no MMM: flagged).
      expect((rows[2]!['quality_flags'] as string[]).length).toBeGreaterThan(0);
      expect(rows[2]!['sst_clim_mmm']).toBeNull();
    }
  });

  it('stores the same rows into empty tables, loaded before their indexes and keys are made', async () => {
    const onTablesWithRows = await storedAwkwardRows(database.db);
    expect(onTablesWithRows.colonies).toHaveLength(12);
    const schema = await schemaDefinitions(database.db);
    // Every dataset, its versions and rows go; the tables the import writes are empty.
    await sql`TRUNCATE projects, publications, colonies, users CASCADE`.execute(database.db);
    const emptied = await fingerprint(database.db);
    // A failure part way rolls the set-aside indexes and keys back with the rows.
    statements.length = 0;
    const broken = database.db
      .transaction()
      .execute((trx) =>
        importAsPublished(trx, awkwardBundle({ brokenLastThreshold: true }), TEST_SOURCE),
      );
    await expect(broken).rejects.toThrow(/ed_refit_known/);
    expect(statements.filter((text) => text.startsWith('DROP INDEX')).length).toBeGreaterThan(10);
    expect(await schemaDefinitions(database.db)).toEqual(schema);
    expect(await fingerprint(database.db)).toEqual(emptied);

    statements.length = 0;
    await database.db
      .transaction()
      .execute((trx) => importAsPublished(trx, awkwardBundle(), TEST_SOURCE));
    expect(statements.filter((text) => text.startsWith('DROP INDEX')).length).toBeGreaterThan(10);
    expect(await storedAwkwardRows(database.db)).toEqual(onTablesWithRows);
    expect(await schemaDefinitions(database.db)).toEqual(schema);
  });

  it('leaves nothing behind when the database refuses a row of the last table part way', async () => {
    const before = await fingerprint(database.db);
    const attempt = database.db
      .transaction()
      .execute((trx) =>
        importAsPublished(trx, awkwardBundle({ brokenLastThreshold: true }), TEST_SOURCE),
      );
    await expect(attempt).rejects.toThrow(/ed_refit_known/);
    expect(await fingerprint(database.db)).toEqual(before);
    // The same data without the broken row goes in afterwards: nothing half-written stands in
    // its way.
    await database.db
      .transaction()
      .execute((trx) => importAsPublished(trx, awkwardBundle(), TEST_SOURCE));
    const after = await fingerprint(database.db);
    expect(after.counts['colonies']).toBe(before.counts['colonies']! + 3);
  });
});
