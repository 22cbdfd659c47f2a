import fs from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect, PostgresDriver, type Dialect } from 'kysely';
import pg from 'pg';
import type { AppDb, Database } from './schema';
import { copyThroughBlob, copyThroughSocket, withCopySupport, type CopyRunner } from './copy-rows';
import { acquireEmbeddedLock, DatabaseInUseError } from './embedded-lock';
import { PgliteThread, PgliteThreadConnection } from './pglite-thread';
import { describeDatabaseError } from '../lib/database-errors';
import { ReplicaRouter, routingDialect, type ReplicaStats } from './replicas';

export interface DatabaseHandle {
  db: AppDb;
  /** Same connection pool, for libraries that speak node-postgres themselves (pg-boss). */
  pool: pg.Pool;
  kind: 'embedded' | 'server';
  /** For logs: where the data lives, never with a password. */
  description: string;
  /** Embedded only: the whole data directory as a tarball (test templates). */
  dump?: () => Promise<Blob>;
  /**
   * With read replicas (DATABASE_REPLICA_URLS): which statements each served and why reads fell
   * back to the primary (docs/decisions/0073-read-replicas.md).
   */
  replicaStats?: () => ReplicaStats;
  close(): Promise<void>;
}

export class DatabaseUnavailableError extends Error {}

const DATE_OID = 1082;
const NUMERIC_OID = 1700;
const INT8_OID = 20;

/**
 * DATE stays an ISO string (no time-zone shift of collection dates), NUMERIC (temperatures)
 * and INT8 (counts) become numbers. Every value they hold here fits a double.
 */
const typeParsers: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    if (oid === DATE_OID) return (value: string) => value;
    if (oid === NUMERIC_OID || oid === INT8_OID) return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format) as (value: string) => unknown;
  }) as pg.CustomTypesConfig['getTypeParser'],
};

export type DatabaseTarget =
  /** `replicaUrls`: streaming replicas of that server for public reads (decision 0073). */
  | { kind: 'server'; url: string; replicaUrls?: readonly string[] }
  | { kind: 'embedded'; dataDir: string }
  /** In-memory PGlite, optionally started from a dump (tests). */
  | { kind: 'memory'; loadDataDir?: Blob | Uint8Array };

export interface OpenOptions {
  /** Called for every SQL statement once it ran (tests count queries, benchmarks time them). */
  onQuery?: (sql: string, durationMs: number) => void;
  /** Where lost server connections are reported (default: the console). */
  onConnectionError?: (message: string) => void;
}

/** Connections lost within this window after a report are counted, not reported again. */
const CONNECTION_LOSS_QUIET_MS = 30_000;

function connectionLossReporter(
  sink: (message: string) => void = (message) => console.warn(message),
): (error: Error) => void {
  let quietUntil = 0;
  return (error) => {
    const now = Date.now();
    if (now < quietUntil) return;
    quietUntil = now + CONNECTION_LOSS_QUIET_MS;
    sink(
      `database connection lost: ${describeDatabaseError(error)}; the pool reconnects on the next query`,
    );
  };
}

export async function openDatabase(
  target: DatabaseTarget,
  options: OpenOptions = {},
): Promise<DatabaseHandle> {
  return target.kind === 'server'
    ? openServer(target.url, target.replicaUrls ?? [], options)
    : openEmbedded(target, options);
}

/** `copy`: how this database runs the bulk inserts' COPY (`copy-rows.ts`). */
function createKysely(pool: pg.Pool, copy: CopyRunner, options: OpenOptions) {
  return kyselyOn(new PostgresDialect({ pool: withCopySupport(pool, copy) }), options);
}

function kyselyOn(dialect: Dialect, { onQuery }: OpenOptions) {
  return new Kysely<Database>({
    dialect,
    log: onQuery
      ? (event) => {
          if (event.level === 'query') onQuery(event.query.sql, event.queryDurationMillis);
        }
      : undefined,
  });
}

export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'the configured DATABASE_URL';
  }
}

function serverPool(url: string, report: (error: Error) => void): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    types: typeParsers,
    // While the server is unreachable a request fails after this instead of hanging (503).
    connectionTimeoutMillis: 10_000,
  });
  // A connection lost while idle, or in the middle of a query (a database restart), must not
  // crash the process: the query in flight rejects with the error, and the pool replaces the
  // connection. Logged once per outage rather than once per connection.
  pool.on('error', report);
  pool.on('connect', (client) => client.on('error', report));
  return pool;
}

async function openServer(
  url: string,
  replicaUrls: readonly string[],
  options: OpenOptions,
): Promise<DatabaseHandle> {
  const report = connectionLossReporter(options.onConnectionError);
  const pool = serverPool(url, report);
  try {
    await pool.query('SELECT 1');
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw new DatabaseUnavailableError(
      `Cannot reach the PostgreSQL server at ${redactUrl(url)}: ${(error as Error).message}`,
    );
  }
  if (replicaUrls.length === 0) {
    const db = createKysely(pool, copyThroughSocket, options);
    return {
      db,
      pool,
      kind: 'server',
      description: `PostgreSQL at ${redactUrl(url)}`,
      close: () => db.destroy(),
    };
  }
  // A replica that cannot be reached at start is not fatal: reads go to the primary until it
  // answers (the router asks again), so a standby being rebuilt does not stop the site.
  const replicaReport = connectionLossReporter(options.onConnectionError);
  const router = new ReplicaRouter(
    new PostgresDriver({ pool: withCopySupport(pool, copyThroughSocket) }),
    replicaUrls.map((replicaUrl) => ({
      description: redactUrl(replicaUrl),
      driver: new PostgresDriver({ pool: serverPool(replicaUrl, replicaReport) }),
    })),
    (description, error) =>
      replicaReport(
        new Error(`read replica ${description}: ${(error as Error).message ?? String(error)}`),
      ),
  );
  const db = kyselyOn(routingDialect(router), options);
  const names = replicaUrls.map(redactUrl).join(', ');
  return {
    db,
    pool,
    kind: 'server',
    description: `PostgreSQL at ${redactUrl(url)}, public reads from ${replicaUrls.length} replica(s) at ${names}`,
    replicaStats: () => router.stats(),
    close: () => db.destroy(),
  };
}

async function openEmbedded(
  target: Extract<DatabaseTarget, { kind: 'embedded' | 'memory' }>,
  options: OpenOptions,
): Promise<DatabaseHandle> {
  let release = () => undefined as void;
  let thread: PgliteThread;
  let description = 'embedded PostgreSQL (in memory)';
  try {
    if (target.kind === 'embedded') {
      const dir = path.join(target.dataDir, 'pgdata');
      fs.mkdirSync(dir, { recursive: true });
      release = acquireEmbeddedLock(path.join(target.dataDir, 'pglite.lock'), target.dataDir);
      description = `embedded PostgreSQL in ${dir}`;
      thread = await PgliteThread.open({ dataDir: dir });
    } else {
      thread = await PgliteThread.open({ loadDataDir: target.loadDataDir });
    }
  } catch (error) {
    release();
    if (error instanceof DatabaseInUseError) throw error;
    const where = target.kind === 'embedded' ? ` in ${target.dataDir}` : '';
    const reason = error instanceof Error ? error.message : String(error);
    throw new DatabaseUnavailableError(`Cannot open the embedded database${where}: ${reason}`);
  }
  // PGlite has one session: one connection, which node-postgres reuses after an error.
  const pool = new pg.Pool({
    connection: new PgliteThreadConnection(thread),
    max: 1,
    types: typeParsers,
  } as pg.PoolConfig);
  const db = createKysely(pool, copyThroughBlob(thread), options);
  return {
    db,
    pool,
    kind: 'embedded',
    description,
    dump: () => thread.dump(),
    async close() {
      await db.destroy();
      await thread.close();
      release();
    },
  };
}
