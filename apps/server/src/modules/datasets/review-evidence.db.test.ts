import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  UPLOAD_FLAG_CODES,
  VALUE_FLAG_REPORTED_BY_UPLOAD,
  type TDatasetDetail,
  type TErrorResponse,
  type TReviewItem,
  type TUploadSummary,
} from '@coral/core';
import { createUser, TestAgent } from '../../../test/auth-client';
import { COMPLETE_METADATA } from '../../../test/dataset-helpers';
import {
  closeUploadTestApp,
  datasetSnapshot,
  datasheet,
  openUploadTestApp,
  uploadAndProcess,
  type UploadTestApp,
} from '../../../test/upload-test-helpers';
import { usersService } from '../users/users.service';

/**
 * Review with evidence (docs/decisions/0055-review-with-evidence.md): the queue shows a flagged
 * upload's flags by kind, species, sites, licence, creators and protocol; approving it needs a
 * note that acknowledges the flags, recorded in the history.
 */
let app: UploadTestApp;
let cora: TestAgent;

beforeAll(async () => {
  app = await openUploadTestApp();
  const db = app.ctx.database.db;
  await createUser(db, 'cora');
  await usersService.setRole(db, 'cora', 'curator');
  cora = await new TestAgent(app.ctx.app).loginOrThrow('cora');
});
afterAll(() => closeUploadTestApp(app));

const versionUrl = (id: number, n: number) => `/api/auth/datasets/${id}/versions/${n}`;
const file = (name: string) => ({ filename: name, content: datasheet(name) });

describe('a flagged upload in review', () => {
  let datasetId: number;
  let item: TReviewItem;

  it('the queue shows its flags by kind with counts and examples, species, sites and metadata', async () => {
    // The Zugspitze sheet: every colony in the German Alps (flagged far inland).
    const { detail } = await uploadAndProcess(
      app,
      app.ann,
      file('cbass_dataset_raw.csv'),
      file('cbass_dataset_ED50_Results.csv'),
    );
    expect(detail.status, detail.message ?? '').toBe('done');
    datasetId = detail.dataset!.id;
    const url = versionUrl(datasetId, 1);
    const saved = await app.ann.request({
      method: 'PUT',
      url: `${url}/metadata/`,
      payload: { ...COMPLETE_METADATA, title: 'Alpine corals' },
      csrf: true,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // My uploads names the dataset the upload became and its project (decision 0056).
    const project = await app.ctx.database.db
      .selectFrom('datasets')
      .innerJoin('projects', 'projects.id', 'datasets.project_id')
      .select(['projects.id', 'projects.name'])
      .where('datasets.id', '=', datasetId)
      .executeTakeFirstOrThrow();
    const uploads = (await app.ann.request({ url: '/api/auth/uploads/' })).json<TUploadSummary[]>();
    expect(uploads.find((u) => u.id === detail.id)!.dataset).toEqual({
      id: datasetId,
      version: 1,
      title: 'Alpine corals',
      project: { id: project.id, name: project.name },
    });
    const submitted = await app.ann.request({
      method: 'POST',
      url: `${url}/submit/`,
      payload: {},
      csrf: true,
    });
    expect(submitted.statusCode, submitted.body).toBe(200);

    const queue = (await cora.request({ url: '/api/auth/review/' })).json<TReviewItem[]>();
    item = queue.find((i) => i.dataset_id === datasetId)!;
    expect(item).toMatchObject({
      title: 'Alpine corals',
      licence: 'CC-BY-4.0',
      creators: [{ name: 'Ann Example', orcid: '0000-0002-1825-0097' }],
      change_summary: null,
    });
    expect(item.protocol).toEqual(expect.objectContaining({ pam_instrument: null }));

    const inland = item.flags.find((g) => g.code === 'far_inland')!;
    // One flag per place of the sheet (decision 0056).
    const places = detail.quality_flags.filter((f) => f.code === 'far_inland').length;
    expect(inland).toMatchObject({ source: 'upload', count: places });
    expect(inland.label).toMatch(/^Coordinates on land/);
    expect(inland.examples).toHaveLength(Math.min(places, 3));
    expect(inland.examples[0]).toMatch(
      /^\d+ colonies at the same place .* lie on land, more than 5 km from the sea/,
    );
    // Every upload flag of the report is in a group, counted as the report counts it.
    for (const [code, count] of Object.entries(detail.counts.flag_counts ?? {})) {
      expect(item.flags.find((g) => g.source === 'upload' && g.code === code)?.count).toBe(count);
    }
    // The flags stored on the values are grouped too, each with what was flagged.
    for (const group of item.flags.filter((g) => g.source === 'value')) {
      expect(group.count).toBeGreaterThan(0);
      expect(group.examples.length).toBeGreaterThan(0);
      expect(group.examples[0]).toMatch(/ · ED\d+ /);
    }
    // Each problem is counted once (decision 0060): the sheet has no MMM, which the report
    // counts per place and the stored values per ED value; the note acknowledges the report's.
    const reported = detail.counts.flag_counts ?? {};
    expect(reported['missing_mmm']).toBeGreaterThan(0);
    const mmmValues = item.flags.find((g) => g.source === 'value' && g.code === 'missing_mmm')!;
    expect(mmmValues.count).toBeGreaterThan(reported['missing_mmm']!);
    for (const code of Object.values(VALUE_FLAG_REPORTED_BY_UPLOAD)) {
      expect(UPLOAD_FLAG_CODES).toContain(code);
    }
    // What the note acknowledges: the report's flags, the species flags, and the stored-value
    // flags of problems the report does not count.
    const sum = (groups: TReviewItem['flags']) => groups.reduce((n, g) => n + g.count, 0);
    const valueOnly = item.flags.filter(
      (g) => g.source === 'value' && !(reported[VALUE_FLAG_REPORTED_BY_UPLOAD[g.code] ?? ''] ?? 0),
    );
    expect(item.flag_count).toBe(
      Object.values(reported).reduce((n, count) => n + count, 0) +
        sum(valueOnly) +
        sum(item.flags.filter((g) => g.source === 'taxon')),
    );
    expect(item.flag_count).toBe(sum(item.flags.filter((g) => g.counted)));
    expect(mmmValues.counted).toBe(false);
    expect(item.flag_count).toBeGreaterThan(places);

    expect(item.species.reduce((sum, s) => sum + s.colonies, 0)).toBe(detail.counts.colonies);
    expect(item.species[0]).toMatchObject({ status: 'unchecked', flag: null });
    expect(item.sites.length).toBeGreaterThan(0);
    expect(item.sites.reduce((sum, s) => sum + s.colony_count, 0)).toBe(detail.counts.colonies);
    expect(item.sites[0]!.label).toMatch(/^[A-Z]{3} -?\d+\.\d{4}, -?\d+\.\d{4}$/);
  });

  it('approving it without a note is refused, naming the flag count, and changes nothing', async () => {
    const before = await datasetSnapshot(app.ctx.database.db);
    for (const payload of [{}, { message: '   ' }]) {
      const refused = await cora.request({
        method: 'POST',
        url: `${versionUrl(datasetId, 1)}/approve/`,
        payload,
        csrf: true,
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json<TErrorResponse>().error).toBe(
        `This version has ${item.flag_count} quality flags: approving it needs a note that acknowledges them (what you checked and why the data can be published as they are).`,
      );
    }
    expect(await datasetSnapshot(app.ctx.database.db)).toEqual(before);
    const detail = (
      await cora.request({ url: `/api/auth/datasets/${datasetId}/` })
    ).json<TDatasetDetail>();
    expect(detail.version.state).toBe('in_review');
    expect(detail.history.map((e) => e.action)).not.toContain('approved');
  });

  it('approving it with a note publishes it and records the note in the history', async () => {
    const note = 'Far-inland flags checked: a test sheet, published as an example.';
    const approved = await cora.request({
      method: 'POST',
      url: `${versionUrl(datasetId, 1)}/approve/`,
      payload: { message: note },
      csrf: true,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const detail = (
      await cora.request({ url: `/api/auth/datasets/${datasetId}/` })
    ).json<TDatasetDetail>();
    expect(detail.version.state).toBe('published');
    expect(detail.history).toContainEqual(
      expect.objectContaining({ action: 'approved', message: note }),
    );
    const queue = (await cora.request({ url: '/api/auth/review/' })).json<TReviewItem[]>();
    expect(queue.find((i) => i.dataset_id === datasetId)).toBeUndefined();
  });
});
