import { configDefaults, defineProject } from 'vitest/config';
import {
  DATABASE_TEST_PATTERNS,
  REPLICA_TEST_PATTERN,
  type TestDatabaseKind,
} from './test/test-database-target.ts';

/**
 * The server suite on one database. On the embedded database it runs every file; on PostgreSQL
 * only the files that open the test database, `*.db.test.ts` (test/database-test-files.ts): the
 * others behave the same on either. The root vitest.config.ts runs both; run from apps/server,
 * TEST_DB picks one (embedded when unset).
 */
export function serverProject(database: TestDatabaseKind) {
  return {
    test: {
      name: `server:${database}`,
      include:
        database === 'embedded'
          ? ['src/**/*.test.ts', 'test/**/*.test.ts']
          : DATABASE_TEST_PATTERNS,
      // The read-replica test starts its own primary and standby: its own project and CI step
      // (vitest.replica.config.ts, `npm run test:replica`).
      exclude: [...configDefaults.exclude, REPLICA_TEST_PATTERN],
      environment: 'node',
      env: { TEST_DB: database },
      globalSetup: ['test/global-setup.ts'],
      // One module graph per worker, not per file: every file builds its own app on its own
      // database copy and no test mocks modules or changes the environment, so importing the
      // server again for each file (about 5 s of CPU) bought nothing (docs/decisions/0047-test-loop.md).
      isolate: false,
      // Each file opens its own database copy; PGlite needs up to ~1 GB per instance.
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  };
}

export default defineProject(
  serverProject(process.env.TEST_DB === 'postgres' ? 'postgres' : 'embedded'),
);
