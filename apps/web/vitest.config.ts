import { defineProject } from 'vitest/config';

// Vite's built-in transform compiles TSX with React's automatic JSX runtime.
export default defineProject({
  resolve: { alias: { '@': new URL('./src', import.meta.url).pathname } },
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'happy-dom',
    setupFiles: ['src/testing/setup.ts'],
    restoreMocks: true,
    // see src/testing/setup.ts: a busy machine renders the first lazy chunk slowly
    testTimeout: 20_000,
  },
});
