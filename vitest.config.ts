import { defineConfig } from 'vitest/config';
import { serverProject } from './apps/server/vitest.config.ts';

/**
 * `npm test` runs every suite: core, web, docs, and the server suite on the embedded database,
 * plus the server's database tests (`*.db.test.ts`) again on a PostgreSQL server when
 * TEST_DATABASE_URL is set.
 */
const serverOn = (database: 'embedded' | 'postgres') => {
  const project = serverProject(database);
  return { ...project, root: './apps/server' };
};

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
