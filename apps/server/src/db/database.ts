import fs from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { AppDb, Database } from './schema';
import { copyThroughBlob, copyThroughSocket, withCopySupport, type CopyRunner } from './copy-rows';
import { acquireEmbeddedLock, DatabaseInUseError } from './embedded-lock';
import { PgliteThread, PgliteThreadConnection } from './pglite-thread';
import { describeDatabaseError } from '../lib/database-errors';

export interface DatabaseHandle {
  db: AppDb;
  /** Same connection pool, for libraries that speak node-postgres themselves (pg-boss). */
  pool: pg.Pool;
  kind: 'embedded' | 'server';
  /** For logs: where the data lives, never with a password. */
  description: string;
  /** Embedded only: the whole data directory as a tarball (test templates). */
  dump?: () => Promise<Blob>;
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
  | { kind: 'server'; url: string }
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
  return target.kind === 'server' ? openServer(target.url, options) : openEmbedded(target, options);
}

/** `copy`: how this database runs the bulk inserts' COPY (`copy-rows.ts`). */
function createKysely(pool: pg.Pool, copy: CopyRunner, { onQuery }: OpenOptions) {
  return new Kysely<Database>({
    dialect: new PostgresDialect({ pool: withCopySupport(pool, copy) }),
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

async function openServer(url: string, options: OpenOptions): Promise<DatabaseHandle> {
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
  const report = connectionLossReporter(options.onConnectionError);
  pool.on('error', report);
  pool.on('connect', (client) => client.on('error', report));
  try {
    await pool.query('SELECT 1');
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw new DatabaseUnavailableError(
      `Cannot reach the PostgreSQL server at ${redactUrl(url)}: ${(error as Error).message}`,
    );
  }
  const db = createKysely(pool, copyThroughSocket, options);
  return {
    db,
    pool,
    kind: 'server',
    description: `PostgreSQL at ${redactUrl(url)}`,
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
