import { defineProject } from 'vitest/config';

export default defineProject({
  // The workbook fixtures are imported as bytes (`?inline`, a data URL) by the tests.
  assetsInclude: ['**/*.xlsx'],
  test: {
    name: 'core',
    include: ['src/**/*.test.ts'],
    environment: 'node',
  },
});
