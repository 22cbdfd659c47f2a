import { defineConfig } from 'vitest/config';

// One `npm test` runs every suite. Each workspace is a Vitest project; server tests share one
// seeded database template per run (see apps/server/test/global-setup.ts).
export default defineConfig({
  test: {
    projects: ['packages/core', 'apps/server', 'apps/web'],
  },
});
