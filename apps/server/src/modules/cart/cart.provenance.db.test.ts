import Papa from 'papaparse';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CART_EXPORT_CITATIONS_FILENAME,
  CART_EXPORT_FILE_COLUMNS,
  LICENCE_NOT_STATED,
} from '@coral/core';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { createUser, TestAgent } from '../../../test/auth-client';

/**
 * The cart export's provenance (decision 0054): every row names its dataset version, licence,
 * citation key and how each value was computed; the citations file covers exactly the dataset
 * versions of the rows, and only its owner can have either.
 */

let ctx: TestContext;
let ann: TestAgent;
let bob: TestAgent;
let groupId: number;
/** Colony id → its dataset's id and version number. */
const versionOf = new Map<number, { datasetId: number; version: number }>();
let licensedDataset: number;
let otherDataset: number;
let notExported: string;

const keyOf = (id: number, version: number) => `coral-dataset-${id}-v${version}`;

function parse(csv: string) {
  const parsed = Papa.parse<Record<string, string>>(csv.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: true,
  });
  expect(parsed.errors).toEqual([]);
  return parsed.data;
}

const post = (agent: TestAgent, url: string, payload: Record<string, unknown>) =>
  agent.request({ method: 'POST', url, payload });

beforeAll(async () => {
  ctx = await createTestApp();
  const { db } = ctx.database;
  const { rows } = await sql<{ colony_id: number; dataset_id: number; number: number }>`
    SELECT c.id AS colony_id, v.dataset_id, v.number
    FROM colonies c JOIN dataset_versions v ON v.id = c.dataset_version_id
    ORDER BY v.dataset_id, c.id
  `.execute(db);
  for (const row of rows) {
    versionOf.set(row.colony_id, { datasetId: row.dataset_id, version: row.number });
  }
  const datasets = [...new Set(rows.map((r) => r.dataset_id))];
  expect(datasets.length).toBeGreaterThanOrEqual(3);
  [licensedDataset, otherDataset] = datasets as [number, number];
  const third = rows.find((r) => r.dataset_id === datasets[2])!;
  notExported = keyOf(third.dataset_id, third.number);
  // The seed states no licence: one dataset gets one, so the rows must tell the two apart.
  await sql`
    UPDATE dataset_versions
    SET metadata = jsonb_set(metadata::jsonb, '{licence}', '"CC-BY-4.0"')
    WHERE dataset_id = ${licensedDataset}
  `.execute(db);

  await createUser(db, 'ann');
  await createUser(db, 'bob');
  ann = await new TestAgent(ctx.app).loginOrThrow('ann');
  bob = await new TestAgent(ctx.app).loginOrThrow('bob');
  const pick = (datasetId: number, n: number) =>
    rows
      .filter((r) => r.dataset_id === datasetId)
      .slice(0, n)
      .map((r) => r.colony_id);
  const response = await post(ann, '/api/auth/cart/', {
    colony_ids: [...pick(licensedDataset, 3), ...pick(otherDataset, 4)],
    name: 'Two datasets',
  });
  expect(response.statusCode, response.body).toBe(201);
  groupId = response.json<{ group_id: number }>().group_id;
});
afterAll(() => ctx.close());

describe('the cart export of colonies of two datasets', () => {
  let rows: Record<string, string>[];
  beforeAll(async () => {
    const response = await post(ann, '/api/auth/cart/export/', { group_ids: [groupId] });
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    rows = parse(response.body);
  });

  it("keeps the spec's columns first, then the provenance", () => {
    expect(Object.keys(rows[0]!)).toEqual(CART_EXPORT_FILE_COLUMNS.map((c) => c.header));
    expect(Object.keys(rows[0]!).slice(-7)).toEqual([
      'dataset_id',
      'dataset_version',
      'licence',
      'citation_key',
      'ed50_method',
      'ed5_method',
      'ed95_method',
    ]);
  });

  it('names on every row the dataset, version, licence and citation key of its colony', () => {
    expect(new Set(rows.map((r) => r.colony_id)).size).toBe(7);
    for (const row of rows) {
      const { datasetId, version } = versionOf.get(Number(row.colony_id))!;
      expect(row).toMatchObject({
        dataset_id: String(datasetId),
        dataset_version: String(version),
        citation_key: keyOf(datasetId, version),
        licence: datasetId === licensedDataset ? 'CC-BY-4.0' : 'not stated',
      });
    }
    expect(new Set(rows.map((r) => r.dataset_id))).toEqual(
      new Set([String(licensedDataset), String(otherDataset)]),
    );
  });

  it('says how each value was computed, and nothing where the row has no value', () => {
    let methods = 0;
    for (const row of rows) {
      for (const kind of ['ed50', 'ed5', 'ed95']) {
        if (row[`${kind}_abs`] === '') {
          expect(row[`${kind}_method`]).toBe('');
        } else {
          expect(row[`${kind}_method`]).toMatch(/^(As submitted|Refit by the platform: .+)$/);
          methods += 1;
        }
      }
    }
    expect(methods).toBeGreaterThan(0);
  });
});

describe('POST /api/auth/cart/export/citations/', () => {
  it('cites exactly the dataset versions of the rows, with their licences', async () => {
    const response = await post(ann, '/api/auth/cart/export/citations/', { group_ids: [groupId] });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="${CART_EXPORT_CITATIONS_FILENAME}"`,
    );
    expect(response.headers['cache-control']).toBe('no-store');
    const text = response.body;
    const cited = [...text.matchAll(/^\[(coral-dataset-\d+-v\d+)\] /gm)].map((m) => m[1]);
    const expected = [licensedDataset, otherDataset].map((id) => {
      const version = [...versionOf.values()].find((v) => v.datasetId === id)!.version;
      return keyOf(id, version);
    });
    expect(cited).toEqual(expected);
    expect(text).not.toContain(notExported);
    // The licences section: both licences, most restrictive (not stated) first, with their keys.
    const licences = text.slice(text.indexOf('Licences\n'));
    expect(licences).toContain('come under several licences');
    expect(licences.indexOf(LICENCE_NOT_STATED)).toBeLessThan(licences.indexOf('CC BY 4.0'));
    expect(licences).toContain(`Dataset versions: ${expected[0]}`);
    expect(licences).toContain(`Dataset versions: ${expected[1]}`);
  });
});

describe('another user', () => {
  it('cannot export or cite your group: it looks missing (404)', async () => {
    for (const url of ['/api/auth/cart/export/', '/api/auth/cart/export/citations/']) {
      const response = await post(bob, url, { group_ids: [groupId] });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ error: `Cart group ${groupId} not found` });
    }
  });

  it('exports only their own (empty) cart with export_all', async () => {
    const csv = await post(bob, '/api/auth/cart/export/', { export_all: true });
    expect(parse(csv.body)).toEqual([]);
    const text = (await post(bob, '/api/auth/cart/export/citations/', { export_all: true })).body;
    expect(text).toContain('no dataset version is to be cited');
    expect(text).not.toMatch(/coral-dataset-/);
  });
});

describe('bad requests for the citations', () => {
  it('answers with a clear message', async () => {
    const url = '/api/auth/cart/export/citations/';
    const none = await post(ann, url, { group_ids: [] });
    expect(none.statusCode).toBe(400);
    expect(none.body).toContain('Choose at least one group to export, or set export_all.');
    const text = await post(ann, url, { group_ids: ['x'] });
    expect(text.statusCode).toBe(400);
    expect(text.body).toMatch(/group_ids/);
    // Logged out (with a CSRF token, so the session check is what answers).
    const visitor = new TestAgent(ctx.app);
    await visitor.fetchCsrf();
    const anonymous = await post(visitor, url, { export_all: true });
    expect(anonymous.statusCode).toBe(401);
  });
});
