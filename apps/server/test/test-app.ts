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
  /**
   * Another instance of the application on the same database, as a second server process would
   * be (optionally with other settings). Closed with the context.
   */
  anotherApp(env?: Record<string, string>): Promise<FastifyInstance>;
  close(): Promise<void>;
}

/** The real application on a private copy of the seeded database. */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestContext> {
  const queries: string[] = [];
  const database = await createTestDatabase({ onQuery: (sql) => queries.push(sql) });
  const configFor = (overrides: Record<string, string>) =>
    loadConfig({ NODE_ENV: 'test', DATA_DIR: '/nonexistent', ...overrides });
  const config = configFor(env);
  const app = await buildApp({ config, db: database.db });
  await app.ready();
  const others: FastifyInstance[] = [];
  return {
    app,
    database,
    config,
    queries,
    async anotherApp(otherEnv = env) {
      const other = await buildApp({ config: configFor(otherEnv), db: database.db });
      await other.ready();
      others.push(other);
      return other;
    },
    async close() {
      await Promise.all(others.map((other) => other.close()));
      await app.close();
      await database.close();
    },
  };
}
