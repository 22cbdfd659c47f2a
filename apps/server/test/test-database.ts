import crypto from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { expect, inject } from 'vitest';
import { openDatabase, type DatabaseHandle, type OpenOptions } from '../src/db/database';
import {
  postgresUrlFor,
  TEMPLATE_DATABASE_KEY,
  TEMPLATE_DUMP_KEY,
  type TestDatabaseKind,
} from './test-database-target';
import { assertDatabaseTestFile } from './database-test-files';

export const testDatabaseKind = (process.env.TEST_DB ?? 'embedded') as TestDatabaseKind;

/**
 * A private, freshly seeded database for one test file: a copy of the run's template (see
 * global-setup.ts). Close it in afterAll. Only a `*.db.test.ts` file may open one, or the
 * PostgreSQL pass would skip it (test/database-test-files.ts).
 */
export async function createTestDatabase(options: OpenOptions = {}): Promise<DatabaseHandle> {
  assertDatabaseTestFile(expect.getState().testPath);
  if (testDatabaseKind === 'embedded') {
    const dump = fs.readFileSync(inject(TEMPLATE_DUMP_KEY));
    return openDatabase({ kind: 'memory', loadDataDir: dump }, options);
  }
  const baseUrl = process.env.TEST_DATABASE_URL!;
  const template = inject(TEMPLATE_DATABASE_KEY);
  const name = `${template}_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
  } finally {
    await admin.end();
  }
  const handle = await openDatabase(
    { kind: 'server', url: postgresUrlFor(baseUrl, name) },
    options,
  );
  return {
    ...handle,
    async close() {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: baseUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await cleanup.end();
    },
  };
}
