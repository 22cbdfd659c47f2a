import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TBiosample, TColony } from '@coral/core';
import { createUser, TestAgent } from '../../../test/auth-client';
import { COMPLETE_METADATA, studyVariant, uploadDraft } from '../../../test/dataset-helpers';
import {
  closeUploadTestApp,
  openUploadTestApp,
  type UploadTestApp,
} from '../../../test/upload-test-helpers';
import { usersService } from '../users/users.service';

/**
 * Pages read from the database list public rows only (decision 0012, `isPublicRow`): a draft, an
 * embargoed and a withdrawn dataset, each with its own species, project and an ED50 no seed colony
 * has, are in no page of GET /api/public/colonies/ or /biosamples/, filtered or not; and the
 * public answer is the same before and after they exist.
 */
let app: UploadTestApp;
let cora: TestAgent;
let anonymous: TestAgent;

/** ED50 above every seed colony (44.06), still plausible: a leak shows as this value. */
const HIDDEN_ED50 = 44.8;
const LABELS = { draft: 'Drafty', embargoed: 'Embargoa', withdrawn: 'Withdrawna' } as const;

const versionUrl = (id: number) => `/api/auth/datasets/${id}/versions/1`;
async function call(agent: TestAgent, method: 'PUT' | 'POST', url: string, payload: object) {
  const response = await agent.request({ method, url, payload });
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(200);
}

/** Every page of `path?query` with `limit`, put together. */
async function allPages<T extends { id: number }>(path: string, query: string, limit: number) {
  const rows: T[] = [];
  let cursor: string | undefined;
  for (;;) {
    const url = `${path}?${query}${query ? '&' : ''}limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`;
    const response = await anonymous.request({ url });
    expect(response.statusCode, response.body).toBe(200);
    rows.push(...response.json<T[]>());
    cursor = response.headers['x-next-cursor'] as string | undefined;
    if (cursor === undefined) return rows;
  }
}

const QUERIES = [
  '',
  ...Object.values(LABELS).flatMap((label) => [
    `species=${encodeURIComponent(`${label}ia secreta`)}`,
    `project=${encodeURIComponent(`${label} study`)}`,
  ]),
  `ed50=${HIDDEN_ED50 - 0.5},${HIDDEN_ED50 + 0.5}`,
  'hideFlagged=true',
  'years=2022',
];

async function publicPages() {
  const answers: string[] = [];
  for (const query of QUERIES) {
    const colonies = await allPages<TColony>('/api/public/colonies/', query, 300);
    const biosamples = await allPages<TBiosample>('/api/public/biosamples/', query, 1000);
    answers.push(`${query} → ${JSON.stringify({ colonies, biosamples })}`);
  }
  return answers;
}

let before: string[];

beforeAll(async () => {
  app = await openUploadTestApp();
  const db = app.ctx.database.db;
  await createUser(db, 'cora');
  await usersService.setRole(db, 'cora', 'curator');
  cora = await new TestAgent(app.ctx.app).loginOrThrow('cora');
  anonymous = new TestAgent(app.ctx.app);
  before = await publicPages();

  const variant = (label: string) => studyVariant(label, { ed50: HIDDEN_ED50 });
  await uploadDraft(app.ctx, app.ann, variant(LABELS.draft));
  const embargoed = await uploadDraft(app.ctx, app.ann, variant(LABELS.embargoed));
  const withdrawn = await uploadDraft(app.ctx, app.ann, variant(LABELS.withdrawn));
  const embargo = `${new Date().getUTCFullYear() + 2}-01-01`;
  for (const [id, metadata] of [
    [embargoed.datasetId, { ...COMPLETE_METADATA, embargo_until: embargo }],
    [withdrawn.datasetId, COMPLETE_METADATA],
  ] as const) {
    await call(app.ann, 'PUT', `${versionUrl(id)}/metadata/`, metadata);
    await call(app.ann, 'POST', `${versionUrl(id)}/submit/`, {});
    await call(cora, 'POST', `${versionUrl(id)}/approve/`, { message: 'Quality flags checked.' });
  }
  await call(app.ann, 'POST', `/api/auth/datasets/${withdrawn.datasetId}/withdraw/`, {
    reason: 'Test withdrawal.',
  });
}, 240_000);
afterAll(() => closeUploadTestApp(app));

describe('pages of colonies and biosamples read from the database', () => {
  it('leave out drafts, embargoed and withdrawn datasets, filtered or not', async () => {
    const after = await publicPages();
    expect(after).toEqual(before);
    for (const answer of after.map((text) => text.slice(text.indexOf(' → ')))) {
      for (const label of Object.values(LABELS)) expect(answer).not.toContain(label);
      expect(answer).not.toContain(`"abs_thermal_tolerance":${HIDDEN_ED50},`);
    }
    // The hidden rows exist (the test is not vacuous): colonies and entries of each label.
    const { rows } = await sql<{ species: string; entries: number }>`
      SELECT c.species, count(t.id)::int AS entries
      FROM colonies c JOIN thermal_tolerances t ON t.colony_id = c.id
      WHERE t.abs_value = ${HIDDEN_ED50} GROUP BY c.species ORDER BY c.species
    `.execute(app.ctx.database.db);
    expect(rows.map((r) => r.species).sort()).toEqual(
      Object.values(LABELS)
        .map((label) => `${label}ia secreta`)
        .sort(),
    );
    expect(rows.every((r) => r.entries > 0)).toBe(true);
  });
});
