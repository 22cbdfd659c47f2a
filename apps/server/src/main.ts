import type { FastifyInstance } from 'fastify';
import { buildApp, datasetsServiceOptions } from './app';
import { ConfigError, loadConfig, type AppConfig } from './config';
import { openDatabase, DatabaseUnavailableError, type DatabaseHandle } from './db/database';
import { DatabaseInUseError } from './db/embedded-lock';
import { describeDatabaseError, isDatabaseUnavailableError } from './lib/database-errors';
import { serveEd50Calculator } from './ed50-listener';
import { migrateToLatest } from './db/migrate';
import { underStartupLock } from './db/startup-lock';
import { seedDatabase } from './modules/datasets/dataset-seed.service';
import { createJobQueue, jobQueueOptions } from './jobs/job-queue';
import { startUploadWorker } from './modules/uploads/upload-import.job';
import { startEmbargoReleaseWorker } from './modules/datasets/embargo-release.job';
import { startDoiRegistrationWorker } from './modules/datasets/doi-registration.job';
import { startTaxonMatchWorker, wormsClientFor } from './modules/taxa/match-taxa.job';
import { createDatasetsService } from './modules/datasets/datasets.service';
import { createDataCiteClient } from './modules/datasets/datacite-client';
import { createDoiRegistrationService } from './modules/datasets/dataset-doi.service';

/**
 * Starts the platform: opens the database (embedded PGlite in DATA_DIR, or DATABASE_URL),
 * migrates, seeds the bundled real dataset into an empty database, and serves API + web app
 * (ROLE=all|api) and runs the upload worker (ROLE=all|worker).
 */
async function main() {
  keepRunningOnUnhandledRejections();
  const config = loadConfig();
  if (!config.database.url && config.database.replicaUrls.length > 0) {
    // A replica is a copy of a PostgreSQL server; the embedded database has none to follow.
    console.log(
      'DATABASE_REPLICA_URLS is set but ignored: the embedded database (no DATABASE_URL) reads ' +
        'only itself (docs/decisions/0073-read-replicas.md)',
    );
  }
  const database = await openDatabase(
    config.database.url
      ? { kind: 'server', url: config.database.url, replicaUrls: config.database.replicaUrls }
      : { kind: 'embedded', dataDir: config.dataDir },
  );
  const servers: FastifyInstance[] = [];
  const stoppers: (() => Promise<void>)[] = [];
  registerShutdown(database, servers, stoppers);

  // One job queue per process: the API puts upload jobs on it, the worker takes them.
  const jobs = createJobQueue(database.db, jobQueueOptions(config, config.role !== 'api'));
  stoppers.push(() => jobs.stop());

  // Processes starting together on one PostgreSQL database take turns (decision 0052).
  await underStartupLock(database, async () => {
    await migrateToLatest(database.db);
    if (config.seedOnStart) {
      const outcome = await seedDatabase(database.db, config.seedFile);
      if (outcome.seeded) {
        console.log(
          `Seeded the database with the bundled dataset: ${JSON.stringify(outcome.counts)}`,
        );
      }
    }
    // The queue's own schema (pg-boss) and queues, created here rather than on first use.
    await jobs.start();
  });
  if (config.role !== 'api') {
    const worker = await startUploadWorker({
      db: database.db,
      config,
      queue: jobs,
      recoverOrphanedJobs: database.kind === 'embedded',
    });
    stoppers.unshift(() => worker.stop());
    const embargoWorker = await startEmbargoReleaseWorker({
      queue: jobs,
      datasets: createDatasetsService(database.db, datasetsServiceOptions(config, jobs)),
    });
    stoppers.unshift(() => embargoWorker.stop());
    if (config.datacite) {
      const doiWorker = await startDoiRegistrationWorker({
        queue: jobs,
        dois: createDoiRegistrationService(database.db, {
          publicUrl: config.publicUrl,
          prefix: config.datacite.prefix,
          client: createDataCiteClient(config.datacite),
        }),
      });
      stoppers.unshift(() => doiWorker.stop());
    }
    const taxonWorker = await startTaxonMatchWorker({
      db: database.db,
      queue: jobs,
      client: wormsClientFor(config),
    });
    stoppers.unshift(() => taxonWorker.stop());
    console.log(`Upload worker started (${database.description})`);
  }

  if (config.role !== 'worker') {
    const app = await buildApp({
      config,
      db: database.db,
      jobs,
      warmMapModel: true,
      readReplicas: database.replicaStats !== undefined,
    });
    servers.push(app);
    serveEd50Calculator(app, { port: config.ed50.port, host: config.http.host });
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

function registerShutdown(
  database: DatabaseHandle,
  servers: FastifyInstance[],
  stoppers: (() => Promise<void>)[],
) {
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: shutting down`);
    await Promise.allSettled(servers.map((s) => s.close()));
    // The worker first (a running import finishes or is handed back), then the queue.
    for (const stop of stoppers) await stop().catch(() => undefined);
    await database.close().catch(() => undefined);
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}

/**
 * A promise rejected with nobody listening (a library's background query during a database
 * restart) must not end the server, which Node does by default: it is logged — loudly, with its
 * stack, since it may also be a bug — and the process keeps serving (decision 0026).
 */
function keepRunningOnUnhandledRejections() {
  process.on('unhandledRejection', (reason) => {
    if (isDatabaseUnavailableError(reason)) {
      console.error(`unhandled rejection (database unavailable): ${describeDatabaseError(reason)}`);
    } else {
      console.error('unhandled rejection (a bug; the server keeps running):', reason);
    }
  });
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
