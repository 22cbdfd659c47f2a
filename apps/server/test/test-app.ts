import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig, type AppConfig } from '../src/config';
import type { DatabaseHandle } from '../src/db/database';
import { createTestDatabase } from './test-database';

export interface TestContext {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: AppConfig;
  /** SQL statements run since the last reset (for "constant number of queries" checks). */
  queries: string[];
  close(): Promise<void>;
}

/** The real application on a private copy of the seeded database. */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestContext> {
  const queries: string[] = [];
  const database = await createTestDatabase({ onQuery: (sql) => queries.push(sql) });
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: '/nonexistent', ...env });
  const app = await buildApp({ config, db: database.db });
  await app.ready();
  return {
    app,
    database,
    config,
    queries,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
