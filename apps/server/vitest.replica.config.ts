import { defineConfig } from 'vitest/config';
import { REPLICA_TEST_PATTERN } from './test/test-database-target.ts';

/**
 * `npm run test:replica`: the read-replica tests (docs/decisions/0073-read-replicas.md). Each
 * file starts its own PostgreSQL primary and streaming standby (pg_basebackup -R), so it needs
 * PostgreSQL's server programs and fails with their names when they are missing.
 */
export default defineConfig({
  test: {
    name: 'server:replica',
    root: import.meta.dirname,
    include: [REPLICA_TEST_PATTERN],
    environment: 'node',
    maxWorkers: 1,
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
