import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresUrlFor } from './test-database-target';

/**
 * Several processes starting at once on one new PostgreSQL database (docs/decisions/0052): all of
 * them migrate and seed under one advisory lock, so each migration and the seed run once and every
 * process comes up. Three processes, started together, on a fresh database each round.
 */
const main = path.resolve(import.meta.dirname, '../src/main.ts');
const baseUrl = process.env.TEST_DATABASE_URL;
const ROUNDS = 3;
const PROCESSES = 3;
const READY = /^Coral thermal-tolerance platform: /m;

interface Started {
  ready: boolean;
  code: number | null;
  output: string;
}

function startServer(url: string, children: ChildProcess[]): Promise<Started> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', main], {
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'test',
        PORT: '0',
        ED50_PORT: '0',
        DATABASE_URL: url,
        LOG_LEVEL: 'warn',
      },
    });
    children.push(child);
    let output = '';
    const timer = setTimeout(() => resolve({ ready: false, code: null, output }), 120_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (READY.test(output)) {
        clearTimeout(timer);
        resolve({ ready: true, code: null, output });
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ ready: READY.test(output), code, output });
    });
  });
}

async function stop(children: ChildProcess[]) {
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        }),
    ),
  );
}

let admin: pg.Client;
beforeAll(async () => {
  if (!baseUrl) return;
  admin = new pg.Client({ connectionString: postgresUrlFor(baseUrl, 'postgres') });
  await admin.connect();
});
afterAll(() => admin?.end());

describe.skipIf(!baseUrl || process.env.TEST_DB !== 'postgres')(
  'three processes starting at once on one new PostgreSQL database',
  () => {
    it(`all start, with the schema migrated and the data seeded once (${ROUNDS} rounds)`, async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const name = `startup_together_${process.pid}_${round}`;
        await admin.query(`DROP DATABASE IF EXISTS ${name}`);
        await admin.query(`CREATE DATABASE ${name}`);
        const url = postgresUrlFor(baseUrl!, name);
        const children: ChildProcess[] = [];
        try {
          const started = await Promise.all(
            Array.from({ length: PROCESSES }, () => startServer(url, children)),
          );
          for (const process of started) {
            expect(process, process.output).toMatchObject({ ready: true });
          }
          // The seed ran in one process; the others found it there.
          const seeded = started.filter((process) => /^Seeded the database/m.test(process.output));
          expect(seeded).toHaveLength(1);
          const client = new pg.Client({ connectionString: url });
          await client.connect();
          try {
            const migrations = await client.query<{ name: string; n: number }>(
              'SELECT name, count(*)::int AS n FROM kysely_migration GROUP BY name HAVING count(*) > 1',
            );
            expect(migrations.rows).toEqual([]);
            const colonies = await client.query<{ n: number }>(
              'SELECT count(*)::int AS n FROM colonies',
            );
            expect(colonies.rows[0]!.n).toBe(
              Number(/"colonies":(\d+)/.exec(seeded[0]!.output)?.[1]),
            );
          } finally {
            await client.end();
          }
        } finally {
          await stop(children);
          await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        }
      }
    }, 600_000);
  },
);
