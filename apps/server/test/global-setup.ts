import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { loadConfig } from '../src/config';
import { openDatabase, type DatabaseHandle } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { seedDatabase } from '../src/modules/datasets/dataset-seed.service';
import {
  postgresUrlFor,
  TEMPLATE_DATABASE_KEY,
  TEMPLATE_DUMP_KEY,
  type TestDatabaseKind,
} from './test-database-target';

declare module 'vitest' {
  export interface ProvidedContext {
    [TEMPLATE_DUMP_KEY]: string;
    [TEMPLATE_DATABASE_KEY]: string;
  }
}

/**
 * Migrates and seeds one template per run, so that each test file starts from a copy of the real
 * seeded database in well under a second instead of re-creating it (PGlite initdb alone takes
 * 2–4 s). Embedded: a PGlite data-dir dump. PostgreSQL: a template database.
 */
export default async function setup(project: TestProject) {
  // The root config's projects set TEST_DB; run from apps/server alone, the shell's or embedded.
  const kind = (project.config.env?.TEST_DB ??
    process.env.TEST_DB ??
    'embedded') as TestDatabaseKind;
  return kind === 'embedded' ? setupEmbedded(project) : setupPostgres(project);
}

async function migrateAndSeed(handle: DatabaseHandle) {
  await migrateToLatest(handle.db);
  await seedDatabase(handle.db, loadConfig({ NODE_ENV: 'test' }).seedFile);
}

async function setupEmbedded(project: TestProject) {
  const handle = await openDatabase({ kind: 'memory' });
  await migrateAndSeed(handle);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'coral-test-'));
  const dumpPath = path.join(dir, 'seeded.tar');
  fs.writeFileSync(dumpPath, Buffer.from(await (await handle.dump!()).arrayBuffer()));
  await handle.close();
  project.provide(TEMPLATE_DUMP_KEY, dumpPath);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}

async function setupPostgres(project: TestProject) {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) throw new Error('The postgres test project needs TEST_DATABASE_URL');
  const template = `coral_test_${process.pid}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await dropDatabases(admin, template);
  await admin.query(`CREATE DATABASE ${template}`);
  const handle = await openDatabase({ kind: 'server', url: postgresUrlFor(baseUrl, template) });
  await migrateAndSeed(handle);
  await handle.close();
  project.provide(TEMPLATE_DATABASE_KEY, template);
  return async () => {
    await dropDatabases(admin, template);
    await admin.end();
  };
}

/** The template and every per-file copy made from it (named `${template}_…`). */
async function dropDatabases(admin: pg.Client, template: string) {
  const { rows } = await admin.query<{ datname: string }>(
    `SELECT datname FROM pg_database WHERE datname = $1 OR datname LIKE $2`,
    [template, `${template}\\_%`],
  );
  for (const { datname } of rows) {
    await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  }
}
