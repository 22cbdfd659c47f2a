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
