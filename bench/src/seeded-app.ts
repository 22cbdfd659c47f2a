import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig, type AppConfig } from '../../apps/server/src/config';
import { openDatabase, type DatabaseHandle } from '../../apps/server/src/db/database';
import { migrateToLatest } from '../../apps/server/src/db/migrate';
import { seedDatabase } from '../../apps/server/src/modules/datasets/dataset-seed.service';

/**
 * The benchmarks' one set-up of "the seed, served over a port" (decision 0063): a database
 * migrated and holding the seed, a test configuration with a temporary DATA_DIR (uploads and
 * caches of the run), and the app listening on a free port of 127.0.0.1.
 */

/** Migrates `handle`'s database and imports the seed into it, as `npm start` does with SEED. */
export async function migrateAndSeed(handle: DatabaseHandle, config: AppConfig): Promise<void> {
  await migrateToLatest(handle.db);
  await seedDatabase(handle.db, config.seedFile);
}

export interface SeededDatabase {
  config: AppConfig;
  handle: DatabaseHandle;
  /** Closes the database and removes the temporary DATA_DIR. */
  close(): Promise<void>;
}

/**
 * The database `open` gives (in memory unless told), migrated and seeded, with a test
 * configuration (`env` on top) whose DATA_DIR is a new temporary folder.
 */
export async function openSeededDatabase(
  open: () => Promise<DatabaseHandle> = () => openDatabase({ kind: 'memory' }),
  env: Record<string, string> = {},
): Promise<SeededDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'coral-bench-'));
  const removeDataDir = () => fs.rmSync(dataDir, { recursive: true, force: true });
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, ...env });
  let handle: DatabaseHandle;
  try {
    handle = await open();
  } catch (error) {
    removeDataDir();
    throw error;
  }
  const close = async () => {
    try {
      await handle.close();
    } finally {
      removeDataDir();
    }
  };
  try {
    await migrateAndSeed(handle, config);
  } catch (error) {
    await close();
    throw error;
  }
  return { config, handle, close };
}

export interface ListeningApp {
  app: FastifyInstance;
  port: number;
  /** `http://127.0.0.1:<port>` */
  origin: string;
  close(): Promise<void>;
}

/** The app on the seeded database, listening on `port` of 127.0.0.1 (default: a free one). */
export async function listenOnSeeded(
  { config, handle }: SeededDatabase,
  listenPort = 0,
): Promise<ListeningApp> {
  const app = await buildApp({ config, db: handle.db });
  try {
    await app.listen({ host: '127.0.0.1', port: listenPort });
  } catch (error) {
    await app.close();
    throw error;
  }
  const { port } = app.server.address() as AddressInfo;
  return { app, port, origin: `http://127.0.0.1:${port}`, close: () => app.close() };
}
