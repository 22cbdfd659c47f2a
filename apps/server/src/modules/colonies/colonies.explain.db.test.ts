import { CompiledQuery, sql, type Compilable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  colonyPredicate,
  FALLBACK_DEFAULT_RANGES,
  THRESHOLD_KIND_INFO,
  THRESHOLD_KINDS,
  type ColonyCondition,
  type DefaultRanges,
  type FilterSet,
} from '@coral/core';
import { createTestDatabase, testDatabaseKind } from '../../../test/test-database';
import type { DatabaseHandle } from '../../db/database';
import { biosamplePageQuery } from '../biosamples/biosamples.repository';
import { colonyPageQuery } from './colonies.repository';

/**
 * The filters evaluated in the database use indexes (decision 0031, migration 0010, decision 0037):
 * for each kind of condition of the core's predicate, the PostgreSQL planner's plan of a keyset
 * page (colonies and biosamples) reads the large tables the condition reads (colonies for the
 * species, biosamples for projects and years, the threshold tables for ranges and "Hide flagged
 * values") through an index, and none of them by a sequential scan.
 *
 * The seed alone is too small for that question: on 682 colonies a sequential scan is the right
 * plan. So the test's private database gets 20,000 synthetic public colonies (2 biosamples and 1
 * entry per kind each, values spread like real ones, 4 % of entries flagged), is analysed,
 * and the planner is asked with its default settings (no `enable_seqscan = off`: the plan must be the one production gets
 * at that size). PostgreSQL only: the embedded database has the same planner, but filling it
 * would take most of a minute.
 */
const COLONIES = 20_000;
const THRESHOLD_TABLES = THRESHOLD_KINDS.map((kind) => THRESHOLD_KIND_INFO[kind].table);
const BIG_TABLES = new Set(['colonies', 'biosamples', ...THRESHOLD_TABLES]);

let database: DatabaseHandle;
/** A project of the seed (synthetic biosamples are spread over every project). */
let projectName: string;
/** Any range the cases use differs from these, so it is a condition; that is all they are for. */
const defaults: DefaultRanges = FALLBACK_DEFAULT_RANGES;

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Alias?: string;
  Plans?: PlanNode[];
}

function* nodesOf(node: PlanNode): Generator<PlanNode> {
  yield node;
  for (const child of node.Plans ?? []) yield* nodesOf(child);
}

async function planOf(query: Compilable): Promise<PlanNode> {
  const { sql: text, parameters } = query.compile();
  const { rows } = await database.db.executeQuery<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
    CompiledQuery.raw(`EXPLAIN (FORMAT JSON) ${text}`, [...parameters]),
  );
  return rows[0]!['QUERY PLAN'][0].Plan;
}

/** The aliases db/colony-predicate.ts gives the tables its conditions read. */
const CONDITION_ALIAS = /^(t|t_\d+|yb|pb)$/;

const INDEX_READS = new Set(['Index Scan', 'Index Only Scan', 'Bitmap Heap Scan']);

/**
 * The large tables the plan reads sequentially (all of them, and those read by a filter
 * condition), and the large tables it reads through an index.
 */
function scansOf(plan: PlanNode) {
  const sequential: string[] = [];
  const sequentialInConditions: string[] = [];
  const indexed = new Set<string>();
  for (const node of nodesOf(plan)) {
    const relation = node['Relation Name'];
    if (!relation || !BIG_TABLES.has(relation)) continue;
    if (node['Node Type'] === 'Seq Scan') {
      sequential.push(relation);
      if (CONDITION_ALIAS.test(node.Alias ?? '')) sequentialInConditions.push(relation);
    }
    if (INDEX_READS.has(node['Node Type'])) indexed.add(relation);
  }
  return { sequential, sequentialInConditions, indexed: [...indexed].sort() };
}

describe.runIf(testDatabaseKind === 'postgres')('filter plans on 20,000 colonies', () => {
  beforeAll(async () => {
    database = await createTestDatabase();
    const db = database.db;
    // One transaction without waiting for the disk at commit: the rows are thrown away after.
    await db.transaction().execute(async (trx) => {
      await sql`SET LOCAL synchronous_commit = off`.execute(trx);
      // Synthetic rows in the seed's first public version, so that every visibility check passes.
      await sql`
        CREATE TEMP TABLE synthetic ON COMMIT DROP AS
        SELECT (SELECT min(public_version_id) FROM datasets) AS version,
               (SELECT array_agg(id ORDER BY id) FROM projects) AS projects
      `.execute(trx);
      await sql`
        INSERT INTO colonies (name, species, country, latitude, longitude, dataset_version_id)
        SELECT 'synthetic ' || i, 'Synthetica ' || (i % 300), 'FJI',
               (i % 170) - 85, (i % 350) - 175, s.version
        FROM generate_series(1, ${COLONIES}) i, synthetic s
      `.execute(trx);
      await sql`
        INSERT INTO biosamples (colony_id, project_id, name, collection_date, dataset_version_id)
        SELECT c.id, s.projects[1 + (c.id + k) % array_length(s.projects, 1)],
               c.name || ' ' || k, DATE '2012-01-01' + ((c.id * 7 + k * 101) % 4000), s.version
        FROM colonies c, generate_series(1, 2) k, synthetic s
        WHERE c.name LIKE 'synthetic %'
      `.execute(trx);
      for (const kind of THRESHOLD_KINDS) {
        await sql`
          INSERT INTO ${sql.table(THRESHOLD_KIND_INFO[kind].table)}
            (colony_id, condition, timepoint, abs_value, rel_value, sst_clim_mmm, quality_flags,
             dataset_version_id)
          SELECT c.id, 'Winter', '420', 33 + ((c.id * 13 + k * 7) % 900) / 100.0,
                 5 + ((c.id * 13 + k * 7) % 900) / 100.0, 28,
                 CASE WHEN (c.id + k) % 25 = 0 THEN ARRAY['implausible_absolute'] ELSE '{}' END,
                 s.version
          FROM colonies c, generate_series(1, 1) k, synthetic s
          WHERE c.name LIKE 'synthetic %'
        `.execute(trx);
      }
      // The tables the pages read (the seed's own observations need no new statistics).
      const analysed = ['colonies', 'biosamples', 'projects', 'datasets', ...THRESHOLD_TABLES];
      await sql`ANALYZE ${sql.join(analysed.map((table) => sql.table(table)))}`.execute(trx);
    });
    const { rows } = await sql<{ name: string }>`
      SELECT name FROM projects ORDER BY id LIMIT 1`.execute(db);
    projectName = rows[0]!.name;
  }, 60_000);
  afterAll(() => database?.close());

  /** Per case: the condition kind it must produce, and the large tables that condition reads. */
  const cases: [string, ColonyCondition['kind'], () => FilterSet, string[]][] = [
    ['species', 'species', () => ({ species: 'Synthetica 17' }), ['colonies']],
    ['project', 'project', () => ({ project: projectName }), ['biosamples']],
    ['one year (9 % of biosamples)', 'collectionYear', () => ({ years: [2019] }), ['biosamples']],
    ['two years', 'collectionYear', () => ({ years: [2013, 2020] }), ['biosamples']],
    ['a year nobody has', 'collectionYear', () => ({ years: [1990] }), ['biosamples']],
    [
      'an ED50 range (5 % of entries)',
      'thresholdInRange',
      () => ({ absThermalTolerance: [36, 36.5] }),
      ['thermal_tolerances'],
    ],
    [
      'a narrow ED50 range (0.2 % of entries)',
      'thresholdInRange',
      () => ({ absThermalTolerance: [36, 36.01] }),
      ['thermal_tolerances'],
    ],
    [
      'a relative ED95 range with hideFlagged',
      'thresholdInRange',
      () => ({ relThermalLimit: [9, 9.5], hideFlagged: true }),
      ['thermal_limits'],
    ],
    ['hideFlagged', 'notOnlyFlagged', () => ({ hideFlagged: true }), THRESHOLD_TABLES],
  ];

  it.each(cases)('%s: read through indexes', async (_, kind, filters, tables) => {
    const predicate = colonyPredicate(filters(), defaults);
    expect(predicate.all.map((c) => c.kind)).toContain(kind);
    for (const afterId of [undefined, COLONIES / 2]) {
      const page = { predicate, afterId, limit: 101 };
      const colonies = scansOf(await planOf(colonyPageQuery(database.db, page)));
      const biosamples = scansOf(await planOf(biosamplePageQuery(database.db, page)));
      const where = `${kind}, after ${afterId}: ${JSON.stringify({ colonies, biosamples })}`;
      // No table a condition reads is read sequentially. The page's own rows (colonies c,
      // biosamples b) may be: when the filter is narrow (a hash join of a few hundred colonies
      // with one pass over the colonies) or wide (biosamples sorted by id), the planner may find
      // that cheaper than as many index probes, a costed choice rather than a missing index.
      expect(colonies.sequentialInConditions, where).toEqual([]);
      expect(biosamples.sequentialInConditions, where).toEqual([]);
      // And the condition's own tables are read through an index, in both pages.
      for (const table of tables) {
        expect(colonies.indexed, where).toContain(table);
        expect(biosamples.indexed, where).toContain(table);
      }
    }
  });
});
