import { CompiledQuery, sql, type Compilable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { colonyPredicate, FALLBACK_DEFAULT_RANGES } from '@coral/core';
import { createTestDatabase } from '../../../test/test-database';
import type { DatabaseHandle } from '../../db/database';
import type { AppDb } from '../../db/schema';
import { biosamplePageQuery } from '../biosamples/biosamples.repository';
import { colonyPageQuery } from './colonies.repository';

/**
 * The species filter reads colonies through `colonies_species_idx` (decision 0063), on both
 * databases: the shown name is turned into the names written under it once per query, never
 * computed per colony (a per-colony name cannot be looked up in an index of the names as
 * written, so every colony was read). The seed is small enough that a sequential scan is the
 * cheapest plan, so the planner is asked with sequential scans disabled: what is left is whether
 * the condition can be served by the index at all. A synonym of the filtered species is
 * registered, so the filter compares against more than one written name.
 */
let database: DatabaseHandle;
const SPECIES = 'Porites lobata';

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

function* nodesOf(node: PlanNode): Generator<PlanNode> {
  yield node;
  for (const child of node.Plans ?? []) yield* nodesOf(child);
}

/** The indexes the plan of `query` reads, with sequential scans disabled. */
async function indexesRead(query: (trx: AppDb) => Compilable): Promise<string[]> {
  return database.db.transaction().execute(async (trx) => {
    await sql`SET LOCAL enable_seqscan = off`.execute(trx);
    const { sql: text, parameters } = query(trx).compile();
    const { rows } = await trx.executeQuery<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
      CompiledQuery.raw(`EXPLAIN (FORMAT JSON) ${text}`, [...parameters]),
    );
    const plan = rows[0]!['QUERY PLAN'][0].Plan;
    return [...nodesOf(plan)].flatMap((node) => node['Index Name'] ?? []);
  });
}

describe('the species filter', () => {
  beforeAll(async () => {
    database = await createTestDatabase();
    await sql`
      INSERT INTO taxon_names (name, status, source, accepted_name, checked_at)
      VALUES ('Porites synonymica', 'synonym', 'local', ${SPECIES}, now())
    `.execute(database.db);
    await sql`ANALYZE colonies`.execute(database.db);
  });
  afterAll(() => database?.close());

  const predicate = colonyPredicate({ species: SPECIES }, FALLBACK_DEFAULT_RANGES);

  it('is a condition of the pages', () => {
    expect(predicate.all.map((condition) => condition.kind)).toEqual(['species']);
  });

  // Without a page size: every colony of the species, as a download of a map view reads them. (A
  // page of 101 may walk the primary key instead when the species is common: a costed choice.)
  it('reads colonies through colonies_species_idx (colonies)', async () => {
    const indexes = await indexesRead((trx) => colonyPageQuery(trx, { predicate }));
    expect(indexes).toContain('colonies_species_idx');
  });

  it('reads colonies through colonies_species_idx (biosamples)', async () => {
    const indexes = await indexesRead((trx) => biosamplePageQuery(trx, { predicate }));
    expect(indexes).toContain('colonies_species_idx');
  });
});
