import { defineProject } from 'vitest/config';

export default defineProject({
  // The workbook fixtures are imported as bytes (`?inline`, a data URL) by the tests.
  assetsInclude: ['**/*.xlsx'],
  test: {
    name: 'core',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // One module graph per worker, as the server's: core's files spend more time importing than
    // testing, and none mocks a module or changes the environment (apps/server/test/
    // shared-module-graph.test.ts checks it; docs/decisions/0047-test-loop.md, amendment 2).
    isolate: false,
  },
});
