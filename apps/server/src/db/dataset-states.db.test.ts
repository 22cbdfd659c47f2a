import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATASET_VERSION_STATES } from '@coral/core';
import { createTestDatabase } from '../../test/test-database';
import type { DatabaseHandle } from './database';

/**
 * The database stores exactly the states of core's table (docs/decisions/0046-dataset-states.md):
 * a state added to the table without a migration widening the CHECK of `dataset_versions.state`
 * fails here, not on the first version that enters it.
 */
let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('dataset_versions.state', () => {
  it("allows exactly the state table's states", async () => {
    const { rows } = await sql<{ definition: string }>`
      SELECT pg_get_constraintdef(c.oid) AS definition FROM pg_constraint c
      WHERE c.conrelid = 'dataset_versions'::regclass AND c.contype = 'c'
    `.execute(database.db);
    const checks = rows.map((row) => row.definition).filter((d) => /\bstate\b/.test(d));
    expect(checks).toHaveLength(1);
    const allowed = [...checks[0]!.matchAll(/'([a-z_]+)'::text/g)].map((match) => match[1]);
    expect(allowed.sort()).toEqual([...DATASET_VERSION_STATES].sort());
  });
});
