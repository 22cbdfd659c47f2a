// A PostgreSQL server of a test's own, which the test may stop and start (a database restart)
// without touching the shared server of the run (TEST_DATABASE_URL).
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

export interface OwnPostgresCluster {
  port: number;
  /** The server's data directory and the directory of its socket and log. */
  dataDir: string;
  dir: string;
  /** Runs one of PostgreSQL's programs as the user the server runs as. */
  pgCommand(name: string, args: string[]): Promise<{ stdout: string; stderr: string }>;
  /** A connection URL (trust authentication, user postgres). */
  url(database?: string): string;
  /** `pg_ctl stop -m fast`: sessions are ended (57P01), new connections refused. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops the server and deletes its files. */
  destroy(): Promise<void>;
}

/** The PostgreSQL binaries: PG_BIN_DIR, else the newest /usr/lib/postgresql/<n>/bin (Debian). */
export function postgresBinDir(): string | null {
  if (process.env.PG_BIN_DIR) return process.env.PG_BIN_DIR;
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return null;
  const versions = fs
    .readdirSync(root)
    .filter((v) => fs.existsSync(path.join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], 'bin') : null;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Runs PostgreSQL's programs from `bin`: as the `postgres` user when the tests run as root. */
export function postgresCommand(bin: string) {
  const asRoot = process.getuid?.() === 0;
  return (name: string, args: string[]) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', path.join(bin, name), ...args])
      : run(path.join(bin, name), args);
}

/** Makes `dir` the postgres user's when the tests run as root (the server refuses root). */
export async function giveToPostgresUser(dir: string): Promise<void> {
  if (process.getuid?.() !== 0) return;
  const { stdout } = await run('id', ['-u', 'postgres']);
  const { stdout: gid } = await run('id', ['-g', 'postgres']);
  fs.chownSync(dir, Number(stdout.trim()), Number(gid.trim()));
}

export interface OwnClusterOptions {
  /** Default: a free port. */
  port?: number;
  /** Where its temporary directory is made (default: the system's). */
  parentDir?: string;
}

/**
 * initdb + pg_ctl start on a free port in a temporary directory. PostgreSQL refuses to run as
 * root (CI runs the tests as root): then every command runs as the `postgres` user.
 */
export async function startOwnPostgresCluster(
  databases: readonly string[] = [],
  where: OwnClusterOptions = {},
): Promise<OwnPostgresCluster> {
  const bin = postgresBinDir();
  if (!bin) throw new Error('PostgreSQL binaries not found (set PG_BIN_DIR)');
  const parentDir = where.parentDir ?? os.tmpdir();
  fs.mkdirSync(parentDir, { recursive: true });
  const dir = fs.mkdtempSync(path.join(parentDir, 'coral-own-pg-'));
  const data = path.join(dir, 'data');
  const logFile = path.join(dir, 'server.log');
  await giveToPostgresUser(dir);
  const pgCommand = postgresCommand(bin);

  await pgCommand('initdb', [
    '-D',
    data,
    '-A',
    'trust',
    '-U',
    'postgres',
    '-E',
    'UTF8',
    '--no-sync',
  ]);
  const port = where.port ?? (await freePort());
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const url = (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`;
  const cluster: OwnPostgresCluster = {
    port,
    dataDir: data,
    dir,
    pgCommand,
    url,
    async start() {
      await pgCommand('pg_ctl', ['-D', data, '-o', options, '-l', logFile, '-w', 'start']);
    },
    async stop() {
      await pgCommand('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
    },
    async destroy() {
      await cluster.stop().catch(() => undefined);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  try {
    await cluster.start();
    const admin = new pg.Client({ connectionString: url() });
    await admin.connect();
    try {
      for (const database of databases) await admin.query(`CREATE DATABASE "${database}"`);
    } finally {
      await admin.end();
    }
  } catch (error) {
    const log = fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8') : '';
    await cluster.destroy();
    throw new Error(
      `Cannot start a PostgreSQL server of the test's own: ${String(error)}\n${log}`,
      {
        cause: error,
      },
    );
  }
  return cluster;
}
