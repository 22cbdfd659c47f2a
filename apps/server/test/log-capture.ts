import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import type { DatabaseHandle } from '../src/db/database';
import { createTestDatabase } from './test-database';

/** One line of the server's JSON log (pino). */
export interface LogLine {
  level: number;
  msg: string;
  statusCode?: number;
  durationMs?: number;
  url?: string;
  err?: { message?: string; code?: string };
}

/** pino's numeric levels. */
export const LOG_LEVELS = { debug: 20, info: 30, warn: 40, error: 50 } as const;

export interface LoggedApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  /** Every line the real logger wrote so far, parsed. */
  lines: LogLine[];
  close(): Promise<void>;
}

/**
 * The application on a private copy of the seeded database, with its real logger writing JSON
 * lines into an array (the test app has no logger otherwise). `addRoutes` runs before `ready()`.
 */
export async function createLoggedApp(
  env: Record<string, string>,
  addRoutes: (app: FastifyInstance) => void = () => undefined,
): Promise<LoggedApp> {
  const lines: LogLine[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) {
        lines.push(JSON.parse(line) as LogLine);
      }
      callback();
    },
  });
  const database = await createTestDatabase();
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: '/nonexistent', ...env });
  const app = await buildApp({ config, db: database.db, logStream });
  addRoutes(app);
  await app.ready();
  return {
    app,
    database,
    lines,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
