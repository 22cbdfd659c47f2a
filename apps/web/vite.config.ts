import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The dev server proxies the API to a running `npm start` (port 8000).
export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  server: { proxy: { '/api': 'http://127.0.0.1:8000' } },
  build: {
    outDir: 'dist',
    sourcemap: true,
    rolldownOptions: {
      treeshake: { moduleSideEffects: (id: string) => !id.includes('/packages/core/src/') },
      // The plugin timing notice reads like a warning in `npm start`'s output but asks for
      // nothing: most of a build this size is plugin time (decision 0048).
      checks: { pluginTimings: false },
    },
  },
});
