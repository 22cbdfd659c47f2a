import { defineConfig } from 'vitest/config';

/**
 * `npm test` runs every suite: core, web, and the server suite on the embedded database, plus
 * the server suite again on a PostgreSQL server when TEST_DATABASE_URL is set.
 */
const serverOn = (database: 'embedded' | 'postgres') => ({
  extends: './apps/server/vitest.config.ts',
  root: './apps/server',
  test: { name: `server:${database}`, env: { TEST_DB: database } },
});

export default defineConfig({
  test: {
    projects: [
      'packages/core',
      'apps/web',
      'docs',
      serverOn('embedded'),
      ...(process.env.TEST_DATABASE_URL ? [serverOn('postgres')] : []),
    ],
    // Two cores: one file per core at most; PGlite instances are memory-hungry.
    maxWorkers: 2,
  },
});
