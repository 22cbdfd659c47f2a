import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { E2eUser } from './users';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const serverMain = path.join(repoRoot, 'apps/server/dist/main.js');
const serverCli = path.join(repoRoot, 'apps/server/dist/cli.js');

/** Builds web and server when their sources changed, exactly as `npm start` does. */
export function ensureProductionBuild(): void {
  const result = spawnSync(
    process.execPath,
    ['--input-type=module', '-e', "(await import('./scripts/ensure-build.mjs')).ensureBuild()"],
    { cwd: repoRoot, stdio: 'inherit' },
  );
  if (result.status !== 0) throw new Error('Building the web app and server failed.');
}

export function freePort(): Promise<number> {
  return freePorts(1).then(([port]) => port!);
}

/** `count` different free ports: the probes stay open until all have one. */
export async function freePorts(count: number): Promise<number[]> {
  const probes = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<net.Server>((resolve, reject) => {
          const probe = net.createServer();
          probe.unref();
          probe.on('error', reject);
          probe.listen(0, '127.0.0.1', () => resolve(probe));
        }),
    ),
  );
  const ports = probes.map((probe) => (probe.address() as net.AddressInfo).port);
  await Promise.all(probes.map((probe) => new Promise((resolve) => probe.close(resolve))));
  return ports;
}

/**
 * Creates accounts with the server's CLI on the (not yet running) embedded database. Throws,
 * with what the CLI printed, when one cannot be created: the login journeys need every account,
 * so the run fails instead of skipping them.
 */
export function createUsers(dataDir: string, users: readonly E2eUser[]): void {
  const cli = (args: string[], input = '') =>
    spawnSync(process.execPath, [serverCli, ...args], {
      cwd: repoRoot,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
      input,
      encoding: 'utf8',
    });
  for (const user of users) {
    const steps: [string[], string][] = [[['user:create', user.username], `${user.password}\n`]];
    if (user.role) steps.push([['user:role', user.username, user.role], '']);
    for (const [args, input] of steps) {
      const result = cli(args, input);
      if (result.status !== 0) {
        throw new Error(
          `e2e: cannot prepare the account ${user.username} that the journeys need: ` +
            `\`cli.js ${args.join(' ')}\` exited with ${result.status ?? result.signal}.\n` +
            `${result.stdout}${result.stderr}`,
        );
      }
    }
  }
}

export interface RunningServer {
  baseUrl: string;
  ed50Port: number;
  stop(): Promise<void>;
}

export interface ServerOptions {
  /** More settings (the map's server mode: MAP_SERVER_CLUSTERING_FROM). */
  env?: Record<string, string>;
  /** Its port and ED50_PORT (default: two free ports). */
  ports?: [number, number];
  timeoutMs?: number;
}

/**
 * Starts the production server on a free port and the given data directory; it migrates and
 * seeds the bundled real dataset into the empty database. Resolves once the API answers.
 */
export async function startServer(
  dataDir: string,
  { env = {}, ports, timeoutMs = 180_000 }: ServerOptions = {},
): Promise<RunningServer> {
  const [port, ed50Port] = ports ?? ((await freePorts(2)) as [number, number]);
  const output: string[] = [];
  const child = spawn(process.execPath, ['--enable-source-maps', serverMain], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      ED50_PORT: String(ed50Port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      ED50_CALCULATOR_URL: '',
      LOG_LEVEL: 'warn',
      // Browser journeys never ask the real WoRMS (docs/decisions/0049-taxon-matching.md): the
      // seed's names stay "not yet checked", the same on every run, with or without internet.
      WORMS_API_URL: process.env.WORMS_API_URL ?? 'off',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [child.stdout, child.stderr]) {
    stream?.setEncoding('utf8');
    stream?.on('data', (chunk: string) => {
      output.push(chunk);
      if (output.length > 200) output.shift();
    });
  }
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitUntilReady(child, `${baseUrl}/api/public/config/`, timeoutMs);
  } catch (error) {
    await stopProcess(child);
    throw new Error(`${(error as Error).message}\nServer output:\n${output.join('')}`, {
      cause: error,
    });
  }
  return { baseUrl, ed50Port, stop: () => stopProcess(child) };
}

async function waitUntilReady(child: ChildProcess, url: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The e2e server exited with ${child.exitCode}.`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The e2e server did not answer ${url} within ${timeoutMs / 1000} s.`);
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

export function makeDataDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'coral-e2e-'));
}

/** A copy of a data directory no server has open (the embedded database is one process's). */
export function copyDataDir(dataDir: string): string {
  const copy = makeDataDir();
  fs.cpSync(dataDir, copy, { recursive: true });
  return copy;
}

export function removeDataDir(dataDir: string): void {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
