import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  assertDatabaseTestFile,
  namingErrors,
  readServerSources,
  serverDir,
  TEST_DATABASE_MODULE,
} from './database-test-files';
import { serverProject } from '../vitest.config';

describe('the PostgreSQL pass runs every server test file that opens the test database', () => {
  it('names each test file opening the test database *.db.test.ts, and no other', () => {
    const sources = readServerSources();
    expect(sources[TEST_DATABASE_MODULE]).toContain('export async function createTestDatabase');
    expect(namingErrors(sources)).toEqual([]);
  });

  it('includes exactly the *.db.test.ts files in the PostgreSQL pass, every file in the embedded one', () => {
    expect(serverProject('postgres').test.include).toEqual([
      'src/**/*.db.test.ts',
      'test/**/*.db.test.ts',
    ]);
    expect(serverProject('embedded').test.include).toEqual([
      'src/**/*.test.ts',
      'test/**/*.test.ts',
    ]);
  });

  it('finds a test file that reaches the test database through helpers', () => {
    const sources = {
      [TEST_DATABASE_MODULE]: 'export async function createTestDatabase() {}',
      'test/app-helper.ts': "import { createTestDatabase } from './test-database';",
      'test/types-only.ts': "import type { createTestDatabase } from './test-database';",
      'src/a/through-helper.test.ts': "import { helper } from '../../test/app-helper';",
      'src/a/direct.db.test.ts': "import { createTestDatabase } from '../../test/test-database';",
      'src/a/types.db.test.ts': "import '../../test/types-only';",
      'src/a/pure.test.ts': "import { x } from './x';",
    };
    expect(namingErrors(sources)).toEqual([
      'src/a/through-helper.test.ts opens the test database: name it *.db.test.ts',
      'src/a/types.db.test.ts never opens the test database: name it *.test.ts',
    ]);
  });

  it('stops a file without the suffix that opens the test database at run time', () => {
    const file = path.join(serverDir, 'src/modules/x/x.routes.test.ts');
    expect(() => assertDatabaseTestFile(file)).toThrow(
      'src/modules/x/x.routes.test.ts opens the test database but is not named *.db.test.ts, so ' +
        'the PostgreSQL pass would skip it: rename it to src/modules/x/x.routes.db.test.ts.',
    );
    expect(() => assertDatabaseTestFile(file.replace('.test.ts', '.db.test.ts'))).not.toThrow();
  });
});
