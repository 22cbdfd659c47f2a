// Route options added by plugins registered in app.ts (e.g. `compress: false`).
import type {} from '@fastify/compress';
