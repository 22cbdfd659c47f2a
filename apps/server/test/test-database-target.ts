/**
 * Which database a test run uses. `npm test` runs the server suite on the embedded database, and
 * again on a PostgreSQL server when TEST_DATABASE_URL is set (see the root vitest.config.ts).
 */
export type TestDatabaseKind = 'embedded' | 'postgres';

export const TEMPLATE_DUMP_KEY = 'pgliteTemplateDump';
export const TEMPLATE_DATABASE_KEY = 'postgresTemplateDatabase';

export function postgresUrlFor(baseUrl: string, database: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/**
 * The server test files that open the test database, the only ones the PostgreSQL pass runs
 * (test/database-test-files.ts keeps the names true).
 */
export const DATABASE_TEST_SUFFIX = '.db.test.ts';

/** The PostgreSQL pass's include patterns (relative to apps/server). */
export const DATABASE_TEST_PATTERNS = [
  `src/**/*${DATABASE_TEST_SUFFIX}`,
  `test/**/*${DATABASE_TEST_SUFFIX}`,
];

/**
 * The read-replica tests (docs/decisions/0073-read-replicas.md): they start their own primary
 * and standby, so they run in their own project (`npm run test:replica`), not in either pass.
 */
export const REPLICA_TEST_PATTERN = '**/*.replica.test.ts';
