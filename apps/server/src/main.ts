import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { ConfigError, loadConfig, type AppConfig } from './config';
import { openDatabase, DatabaseUnavailableError, type DatabaseHandle } from './db/database';
import { DatabaseInUseError } from './db/embedded-lock';
import { migrateToLatest } from './db/migrate';
import { seedDatabase } from './db/seed/seed-database';

/**
 * Starts the platform: opens the database (embedded PGlite in DATA_DIR, or DATABASE_URL),
 * migrates, seeds the bundled real dataset into an empty database, and serves API + web app.
 */
async function main() {
  const config = loadConfig();
  const database = await openDatabase(
    config.database.url
      ? { kind: 'server', url: config.database.url }
      : { kind: 'embedded', dataDir: config.dataDir },
  );
  const servers: FastifyInstance[] = [];
  registerShutdown(database, servers);

  await migrateToLatest(database.db);
  if (config.seedOnStart) {
    const outcome = await seedDatabase(database.db, config.seedFile);
    if (outcome.seeded) {
      console.log(
        `Seeded the database with the bundled dataset: ${JSON.stringify(outcome.counts)}`,
      );
    }
  }

  if (config.role !== 'worker') {
    const app = await buildApp({ config, db: database.db });
    servers.push(app);
    await app.listen({ port: config.http.port, host: config.http.host });
    console.log(
      `Coral thermal-tolerance platform: http://${displayHost(config)}:${config.http.port} (${database.description})`,
    );
  }
}

function displayHost(config: AppConfig) {
  return config.http.host === '0.0.0.0' || config.http.host === '::'
    ? 'localhost'
    : config.http.host;
}

function registerShutdown(database: DatabaseHandle, servers: FastifyInstance[]) {
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: shutting down`);
    await Promise.allSettled(servers.map((s) => s.close()));
    await database.close().catch(() => undefined);
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}

const EXPECTED_STARTUP_ERRORS = [ConfigError, DatabaseUnavailableError, DatabaseInUseError];

main().catch((error: unknown) => {
  // One clear line for the problems an operator can fix; the stack only for real bugs.
  if (EXPECTED_STARTUP_ERRORS.some((type) => error instanceof type)) {
    console.error(`Cannot start: ${(error as Error).message}`);
  } else if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
    console.error(
      `Cannot start: ${(error as Error).message} (is another server running on that port?)`,
    );
  } else {
    console.error('Cannot start:', error);
  }
  process.exit(1);
});
