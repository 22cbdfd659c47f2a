// A PostgreSQL streaming replica of a test's own cluster (docs/decisions/0073-read-replicas.md):
// pg_basebackup -R copies the primary and configures it to follow; started as a hot standby.
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import {
  freePort,
  giveToPostgresUser,
  postgresBinDir,
  postgresCommand,
  startOwnPostgresCluster,
  type OwnPostgresCluster,
} from './own-postgres-cluster';

export interface OwnStandby {
  port: number;
  url(database?: string): string;
  /** Stops applying the primary's changes (pg_wal_replay_pause): the standby lags from now on. */
  pauseReplay(): Promise<void>;
  resumeReplay(): Promise<void>;
  /** Waits until `sql`'s first value on the standby's `database` satisfies `done`. */
  waitFor(database: string, sql: string, done: (value: unknown) => boolean): Promise<void>;
  /** A query on the standby (to show what it has, or has not, replayed). */
  query<R extends pg.QueryResultRow>(database: string, sql: string): Promise<R[]>;
  destroy(): Promise<void>;
}

const REQUIRED_PROGRAMS = ['initdb', 'pg_ctl', 'pg_basebackup'];

/**
 * The PostgreSQL server programs the replica test needs, or an error naming what is missing: the
 * test fails (it is never skipped) on a machine without them.
 */
export function requirePostgresServerPrograms(): string {
  const bin = postgresBinDir();
  const missing = bin
    ? REQUIRED_PROGRAMS.filter((name) => !fs.existsSync(path.join(bin, name)))
    : REQUIRED_PROGRAMS;
  if (!bin || missing.length > 0) {
    throw new Error(
      `The read-replica test starts its own PostgreSQL primary and standby and needs ` +
        `${missing.join(', ')} (Debian: apt-get install postgresql; or set PG_BIN_DIR to their ` +
        `directory${bin ? `; looked in ${bin}` : ''}).`,
    );
  }
  return bin;
}

/** Where and on which ports (REPLICA_TEST_PORTS="primary,standby"; default: free ports). */
function testPorts(): { primary?: number; standby?: number } {
  const [primary, standby] = (process.env.REPLICA_TEST_PORTS ?? '')
    .split(',')
    .map((p) => Number(p.trim()))
    .filter((p) => Number.isInteger(p) && p > 0);
  return { primary, standby };
}

/** A primary of the test's own, with `databases` made by `prepare` before the standby copies it. */
export async function startPrimaryAndStandby(
  databases: readonly string[],
  prepare: (primary: OwnPostgresCluster) => Promise<void>,
): Promise<{ primary: OwnPostgresCluster; standby: OwnStandby }> {
  const bin = requirePostgresServerPrograms();
  const ports = testPorts();
  const parentDir = process.env.REPLICA_TEST_DIR;
  const primary = await startOwnPostgresCluster(databases, { port: ports.primary, parentDir });
  try {
    await prepare(primary);
    const standby = await startStandby(bin, primary, ports.standby);
    return { primary, standby };
  } catch (error) {
    await primary.destroy();
    throw error;
  }
}

async function startStandby(
  bin: string,
  primary: OwnPostgresCluster,
  wantedPort: number | undefined,
): Promise<OwnStandby> {
  const pgCommand = postgresCommand(bin);
  const dir = path.join(primary.dir, 'standby');
  fs.mkdirSync(dir);
  await giveToPostgresUser(dir);
  const data = path.join(dir, 'data');
  const logFile = path.join(dir, 'server.log');
  const port = wantedPort ?? (await freePort());
  // -R: standby.signal and primary_conninfo, so it starts as a streaming replica of the primary.
  await pgCommand('pg_basebackup', [
    '-h',
    '127.0.0.1',
    '-p',
    String(primary.port),
    '-U',
    'postgres',
    '-D',
    data,
    '-R',
    '-X',
    'stream',
    '--no-sync',
  ]);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c hot_standby=on -c fsync=off`;
  try {
    await pgCommand('pg_ctl', ['-D', data, '-o', options, '-l', logFile, '-w', 'start']);
  } catch (error) {
    const log = fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8') : '';
    throw new Error(`Cannot start the standby: ${String(error)}\n${log}`, { cause: error });
  }
  const url = (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`;
  const query = async <R extends pg.QueryResultRow>(database: string, sql: string) => {
    const client = new pg.Client({ connectionString: url(database) });
    await client.connect();
    try {
      return (await client.query<R>(sql)).rows;
    } finally {
      await client.end();
    }
  };
  const standby: OwnStandby = {
    port,
    url,
    query,
    async pauseReplay() {
      await query('postgres', 'SELECT pg_wal_replay_pause()');
      // Paused once the state says so (a record being applied finishes first).
      await standby.waitFor(
        'postgres',
        'SELECT pg_get_wal_replay_pause_state()',
        (s) => s === 'paused',
      );
    },
    async resumeReplay() {
      await query('postgres', 'SELECT pg_wal_replay_resume()');
    },
    async waitFor(database, sql, done) {
      const deadline = Date.now() + 30_000;
      for (;;) {
        const [row] = await query<Record<string, unknown>>(database, sql);
        const value = row ? Object.values(row)[0] : undefined;
        if (done(value)) return;
        if (Date.now() > deadline) {
          throw new Error(`the standby did not reach the state (${sql} is ${String(value)})`);
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    async destroy() {
      await pgCommand('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']).catch(() => undefined);
      await primary.destroy();
    },
  };
  return standby;
}
