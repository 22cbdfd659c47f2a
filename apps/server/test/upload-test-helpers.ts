// Helpers for the upload tests.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { expect } from 'vitest';
import type { TUploadAccepted, TUploadDetail } from '@coral/core';
import { repoRoot } from '../src/config';
import { processUpload } from '../src/modules/uploads/upload-processor';
import type { AppDb } from '../src/db/schema';
import { createUser, TestAgent } from './auth-client';
import { createTestApp, type TestContext } from './test-app';

export const DATASHEETS = path.join(repoRoot, 'fixtures/datasheets');

export function datasheet(name: string): Buffer {
  return fs.readFileSync(path.join(DATASHEETS, name));
}

export function makeDataDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'coral-uploads-'));
}

export interface UploadTestApp {
  ctx: TestContext;
  /** The app's own DATA_DIR, where uploaded files are stored. */
  dataDir: string;
  ann: TestAgent;
  bob: TestAgent;
}

/** An app on a throw-away data directory with two users, ann and bob, both logged in. */
export async function openUploadTestApp(env: Record<string, string> = {}): Promise<UploadTestApp> {
  const dataDir = makeDataDir();
  const ctx = await createTestApp({ ...env, DATA_DIR: dataDir });
  await createUser(ctx.database.db, 'ann');
  await createUser(ctx.database.db, 'bob');
  const ann = await new TestAgent(ctx.app).loginOrThrow('ann');
  const bob = await new TestAgent(ctx.app).loginOrThrow('bob');
  return { ctx, dataDir, ann, bob };
}

export async function closeUploadTestApp({ ctx, dataDir }: UploadTestApp): Promise<void> {
  await ctx.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

export interface Part {
  field: string;
  /** Absent for a text field (dataset_id, metadata). */
  filename?: string;
  content: Buffer | string;
  type?: string;
}

/** A multipart/form-data body as a browser sends it. */
export function multipart(parts: readonly Part[]): {
  payload: Buffer;
  headers: Record<string, string>;
} {
  const boundary = `----coral${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const head =
      part.filename === undefined
        ? `--${boundary}\r\nContent-Disposition: form-data; name="${part.field}"\r\n\r\n`
        : `--${boundary}\r\nContent-Disposition: form-data; name="${part.field}"; filename="${part.filename}"\r\n` +
          `Content-Type: ${part.type ?? 'text/csv'}\r\n\r\n`;
    chunks.push(
      Buffer.from(head),
      Buffer.isBuffer(part.content) ? part.content : Buffer.from(part.content),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/**
 * POST /api/auth/upload-csv/ with the main file, (optionally) the ED file, and text fields
 * (dataset_id, metadata).
 */
export function upload(
  agent: TestAgent,
  main: { filename: string; content: Buffer | string } | null,
  ed: { filename: string; content: Buffer | string } | null = null,
  fields: Record<string, string> = {},
) {
  const parts: Part[] = [];
  if (main) parts.push({ field: 'csv_file', ...main });
  if (ed) parts.push({ field: 'ed50_file', ...ed });
  for (const [field, content] of Object.entries(fields)) parts.push({ field, content });
  const body = multipart(parts);
  return agent.request({
    method: 'POST',
    url: '/api/auth/upload-csv/',
    payload: body.payload,
    headers: body.headers,
  });
}

export type UploadFile = { filename: string; content: Buffer | string };

/**
 * Uploads through the API (expecting 202), runs the queued job as the worker would, and returns
 * the upload's detail as its owner reads it and the rows it created in each dataset table.
 */
export async function uploadAndProcess(
  app: UploadTestApp,
  agent: TestAgent,
  main: UploadFile,
  ed: UploadFile | null = null,
  fields: Record<string, string> = {},
): Promise<{ detail: TUploadDetail; created: Record<string, number> }> {
  const { db } = app.ctx.database;
  const before = await datasetSnapshot(db);
  const response = await upload(agent, main, ed, fields);
  expect(response.statusCode, response.body).toBe(202);
  const { upload_id } = response.json<TUploadAccepted>();
  await processUpload({ db, config: app.ctx.config }, upload_id);
  const detail = (
    await agent.request({ url: `/api/auth/uploads/${upload_id}/` })
  ).json<TUploadDetail>();
  return { detail, created: difference(await datasetSnapshot(db), before) };
}

/** Row counts of every dataset table and the dataset version: "nothing changed" checks. */
export async function datasetSnapshot(db: AppDb) {
  const { rows } = await sql<Record<string, number>>`
    SELECT
      (SELECT count(*) FROM projects)::int AS projects,
      (SELECT count(*) FROM datasets)::int AS datasets,
      (SELECT count(*) FROM dataset_versions)::int AS dataset_versions,
      (SELECT count(*) FROM publications)::int AS publications,
      (SELECT count(*) FROM project_publications)::int AS project_publications,
      (SELECT count(*) FROM experiments)::int AS experiments,
      (SELECT count(*) FROM colonies)::int AS colonies,
      (SELECT count(*) FROM biosamples)::int AS biosamples,
      (SELECT count(*) FROM observations)::int AS observations,
      (SELECT count(*) FROM thermal_tolerances)::int AS thermal_tolerances,
      (SELECT count(*) FROM breakpoint_temperatures)::int AS breakpoint_temperatures,
      (SELECT count(*) FROM thermal_limits)::int AS thermal_limits,
      (SELECT count(*) FROM thermal_tolerance_observations)::int AS thermal_tolerance_observations,
      (SELECT version FROM dataset_state)::int AS version
  `.execute(db);
  return rows[0]!;
}

export function difference(after: Record<string, number>, before: Record<string, number>) {
  return Object.fromEntries(Object.keys(after).map((key) => [key, after[key]! - before[key]!]));
}

/** Files kept in the upload storage (content-addressed), not counting temporary files. */
export function storedFiles(dataDir: string): string[] {
  const root = path.join(dataDir, 'uploads', 'sha256');
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.csv'));
}

export function tempFiles(dataDir: string): string[] {
  const root = path.join(dataDir, 'uploads', 'tmp');
  return fs.existsSync(root) ? fs.readdirSync(root) : [];
}
