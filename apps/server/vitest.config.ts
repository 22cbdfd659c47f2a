import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['test/global-setup.ts'],
    // Each file opens its own database copy; PGlite needs up to ~1 GB per instance.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
