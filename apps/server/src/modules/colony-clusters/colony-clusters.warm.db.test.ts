import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import type { DatabaseHandle } from '../../db/database';
import { createTestDatabase } from '../../../test/test-database';

/**
 * A serving process (main.ts: `warmMapModel`) builds the map's model when it is ready, before
 * any request asks for clusters (decision 0041); an app without the option (the tests') reads
 * no part until asked.
 */
let database: DatabaseHandle;
const queries: string[] = [];
const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: '/nonexistent' });
/** The statement reading stored parts by build (read-models repository, findPartsBuilt). */
const readsParts = () => queries.some((q) => q.includes('FROM published_snapshot_parts p'));

beforeAll(async () => {
  database = await createTestDatabase({ onQuery: (sql) => queries.push(sql) });
});
afterAll(() => database.close());

describe('warming the map model', () => {
  it('does not happen in an app built without the option', async () => {
    const app = await buildApp({ config, db: database.db });
    try {
      queries.length = 0;
      await app.ready();
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(readsParts()).toBe(false);
    } finally {
      await app.close();
    }
  });

  it('reads the parts once a serving app is ready, without a request', async () => {
    const app = await buildApp({ config, db: database.db, warmMapModel: true });
    try {
      queries.length = 0;
      await app.ready();
      await vi.waitFor(() => expect(readsParts()).toBe(true), { timeout: 20_000 });
    } finally {
      await app.close();
    }
  });
});
