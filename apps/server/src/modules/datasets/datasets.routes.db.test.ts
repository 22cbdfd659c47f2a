import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type {
  TDatasetActionResult,
  TDatasetDetail,
  TDatasetSummary,
  TErrorResponse,
  TReviewItem,
} from '@coral/core';
import { TestAgent } from '../../../test/auth-client';
import { COMPLETE_METADATA, studyVariant, uploadDraft } from '../../../test/dataset-helpers';
import {
  closeUploadTestApp,
  openUploadTestApp,
  upload,
  type UploadTestApp,
} from '../../../test/upload-test-helpers';
import { createUser } from '../../../test/auth-client';
import { usersService } from '../users/users.service';

/**
 * The dataset routes as the pages use them: the whole review cycle over HTTP, and every way a
 * user could reach a dataset that is not theirs (IDOR), a change without its CSRF token, or a
 * review of their own work.
 */
let app: UploadTestApp;
let ann: TestAgent;
let bob: TestAgent;
let cora: TestAgent;
let anonymous: TestAgent;

beforeAll(async () => {
  app = await openUploadTestApp();
  ({ ann, bob } = app);
  const db = app.ctx.database.db;
  await createUser(db, 'cora');
  await usersService.setRole(db, 'cora', 'curator');
  cora = await new TestAgent(app.ctx.app).loginOrThrow('cora');
  anonymous = new TestAgent(app.ctx.app);
});
afterAll(() => closeUploadTestApp(app));

const base = (id: number) => `/api/auth/datasets/${id}`;
const versionUrl = (id: number, n: number) => `${base(id)}/versions/${n}`;

function put(agent: TestAgent, url: string, payload: object, csrf = true) {
  return agent.request({ method: 'PUT', url, payload, csrf });
}
function post(agent: TestAgent, url: string, payload: object = {}, csrf = true) {
  return agent.request({ method: 'POST', url, payload, csrf });
}
const errorOf = (response: { json: <T>() => T }) => response.json<TErrorResponse>();

describe('the review cycle over HTTP', () => {
  let datasetId: number;

  it('an upload with only its files becomes a draft that only its owner sees', async () => {
    ({ datasetId } = await uploadDraft(app.ctx, ann, studyVariant('Cycle')));
    const mine = (await ann.request({ url: '/api/auth/datasets/' })).json<TDatasetSummary[]>();
    expect(mine.find((d) => d.id === datasetId)).toMatchObject({ state: 'draft', version: 1 });

    const detail = (await ann.request({ url: `${base(datasetId)}/` })).json<TDatasetDetail>();
    expect(detail.version.state).toBe('draft');
    expect(detail.missing_for_submission).toEqual(
      expect.arrayContaining([expect.stringMatching(/licence/)]),
    );
    expect(detail.can).toMatchObject({ edit: true, submit: false, withdraw: false });

    for (const agent of [bob, anonymous]) {
      const publicDetail = await agent.request({ url: `/api/public/datasets/${datasetId}/` });
      expect(publicDetail.statusCode).toBe(404);
      const list = (await agent.request({ url: '/api/public/datasets/' })).json<
        TDatasetSummary[]
      >();
      expect(list.map((d) => d.id)).not.toContain(datasetId);
    }
  });

  it('refuses to submit before the licence is chosen, and says what is missing', async () => {
    const response = await post(ann, `${versionUrl(datasetId, 1)}/submit/`);
    expect(response.statusCode).toBe(409);
    expect(errorOf(response).error).toMatch(/^Before review, the dataset needs .*licence/);
  });

  it('rejects invalid metadata with the field named, and changes nothing', async () => {
    const response = await put(ann, `${versionUrl(datasetId, 1)}/metadata/`, {
      creators: [{ name: 'Ann', orcid: '0000-0002-1825-0098' }],
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toMatch(/ORCID/);
    const detail = (await ann.request({ url: `${base(datasetId)}/` })).json<TDatasetDetail>();
    expect(detail.version.metadata.creators).toEqual([]);
  });

  it('submit → reject with a message → fix → resubmit → approve → public', async () => {
    const saved = await put(ann, `${versionUrl(datasetId, 1)}/metadata/`, {
      ...COMPLETE_METADATA,
      title: 'Cycle study',
      licence: 'CC-BY-NC-4.0',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await post(ann, `${versionUrl(datasetId, 1)}/submit/`)).statusCode).toBe(200);

    const queue = (await cora.request({ url: '/api/auth/review/' })).json<TReviewItem[]>();
    expect(queue).toContainEqual(
      expect.objectContaining({ dataset_id: datasetId, version: 1, own: false }),
    );

    const noMessage = await post(cora, `${versionUrl(datasetId, 1)}/reject/`, { message: '' });
    expect(noMessage.statusCode).toBe(400);
    const rejected = await post(cora, `${versionUrl(datasetId, 1)}/reject/`, {
      message: 'Please name the PAM instrument.',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);

    const seen = (await ann.request({ url: `${base(datasetId)}/` })).json<TDatasetDetail>();
    expect(seen.version).toMatchObject({
      state: 'rejected',
      review_message: 'Please name the PAM instrument.',
    });
    expect(seen.history.map((e) => e.action)).toEqual(
      expect.arrayContaining(['created', 'metadata_edited', 'submitted', 'rejected']),
    );

    await put(ann, `${versionUrl(datasetId, 1)}/metadata/`, {
      protocol: { pam_instrument: 'walz_diving_pam_ii' },
    }).then((r) => expect(r.statusCode, r.body).toBe(200));
    expect((await post(ann, `${versionUrl(datasetId, 1)}/submit/`)).statusCode).toBe(200);
    const approved = await post(cora, `${versionUrl(datasetId, 1)}/approve/`, {
      message: 'Quality flags checked.',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json<TDatasetActionResult>().message).toBe(
      'Version 1 was approved and published.',
    );

    const publicDetail = await anonymous.request({ url: `/api/public/datasets/${datasetId}/` });
    expect(publicDetail.statusCode).toBe(200);
    const shown = publicDetail.json<TDatasetDetail>();
    expect(shown.version).toMatchObject({ number: 1, state: 'published', review_message: null });
    expect(shown.version.metadata.licence).toBe('CC-BY-NC-4.0');
    expect(shown.version.citation.text).toContain('Cycle study');
  });

  it('a published version: descriptive fields change (recorded), the licence does not', async () => {
    const licence = await put(ann, `${versionUrl(datasetId, 1)}/metadata/`, { licence: 'CC0-1.0' });
    expect(licence.statusCode).toBe(409);
    expect(errorOf(licence).error).toMatch(/“licence” cannot change in a published version/);

    const title = await put(ann, `${versionUrl(datasetId, 1)}/metadata/`, {
      title: 'Cycle study (corrected title)',
    });
    expect(title.statusCode, title.body).toBe(200);
    const detail = (
      await anonymous.request({ url: `/api/public/datasets/${datasetId}/` })
    ).json<TDatasetDetail>();
    expect(detail.version.metadata.title).toBe('Cycle study (corrected title)');
    expect(detail.history.at(-1)).toMatchObject({
      action: 'metadata_edited',
      actor: 'ann',
      changes: { title: { from: 'Cycle study', to: 'Cycle study (corrected title)' } },
    });
  });

  it('version 2 is a draft of its own; version 1 stays public and readable by number', async () => {
    const v2 = await uploadDraft(app.ctx, ann, studyVariant('Cycle2', { project: 'Cycle study' }), {
      dataset_id: String(datasetId),
    });
    expect(v2).toMatchObject({ datasetId, version: 2 });

    const latest = (
      await anonymous.request({ url: `/api/public/datasets/${datasetId}/` })
    ).json<TDatasetDetail>();
    expect(latest.version.number).toBe(1);
    expect(latest.versions.map((v) => v.number)).toEqual([1]);
    expect(
      (await anonymous.request({ url: `/api/public/datasets/${datasetId}/versions/2/` }))
        .statusCode,
    ).toBe(404);

    const own = (await ann.request({ url: `${base(datasetId)}/` })).json<TDatasetDetail>();
    expect(own.versions.map((v) => [v.number, v.state])).toEqual([
      [1, 'published'],
      [2, 'draft'],
    ]);
    expect(own.versions[1]!.change_summary).not.toBeNull();

    // A second version in preparation is refused, with the reason.
    const third = await upload(ann, studyVariant('Cycle3', { project: 'Cycle study' }), null, {
      dataset_id: String(datasetId),
    });
    expect(third.statusCode).toBe(409);
    expect(errorOf(third).error).toMatch(/already has a version in preparation/);

    await put(ann, `${versionUrl(datasetId, 2)}/metadata/`, COMPLETE_METADATA);
    expect((await post(ann, `${versionUrl(datasetId, 2)}/submit/`)).statusCode).toBe(200);
    expect(
      (
        await post(cora, `${versionUrl(datasetId, 2)}/approve/`, {
          message: 'Quality flags checked.',
        })
      ).statusCode,
    ).toBe(200);

    const v1 = await anonymous.request({ url: `/api/public/datasets/${datasetId}/versions/1/` });
    expect(v1.statusCode).toBe(200);
    expect(v1.json<TDatasetDetail>().version).toMatchObject({ number: 1, state: 'published' });
    const after = (
      await anonymous.request({ url: `/api/public/datasets/${datasetId}/` })
    ).json<TDatasetDetail>();
    expect(after.version.number).toBe(2);
  });

  it('withdrawal needs a reason; the page becomes a tombstone that still cites', async () => {
    const noReason = await post(ann, `${base(datasetId)}/withdraw/`, { reason: '' });
    expect(noReason.statusCode).toBe(400);
    const withdrawn = await post(ann, `${base(datasetId)}/withdraw/`, {
      reason: 'A calibration error in the PAM.',
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);

    const tombstone = await anonymous.request({ url: `/api/public/datasets/${datasetId}/` });
    expect(tombstone.statusCode).toBe(200);
    const detail = tombstone.json<TDatasetDetail>();
    expect(detail.withdrawal).toMatchObject({
      by: 'ann',
      reason: 'A calibration error in the PAM.',
    });
    expect(detail.version.citation.text).toContain('A test dataset (Version 2)');

    const again = await post(ann, `${base(datasetId)}/withdraw/`, { reason: 'twice' });
    expect(again.statusCode).toBe(409);
    const edit = await put(ann, `${versionUrl(datasetId, 2)}/metadata/`, { title: 'x' });
    expect(edit.statusCode).toBe(409);
    expect(errorOf(edit).error).toBe('This dataset has been withdrawn.');
  });
});

describe('nobody reaches what is not theirs', () => {
  let draft: { datasetId: number; version: number };
  let published: { datasetId: number; version: number };

  beforeAll(async () => {
    draft = await uploadDraft(app.ctx, ann, studyVariant('Private'));
    published = await uploadDraft(app.ctx, ann, studyVariant('Shared'));
    await put(ann, `${versionUrl(published.datasetId, 1)}/metadata/`, COMPLETE_METADATA);
    await post(ann, `${versionUrl(published.datasetId, 1)}/submit/`);
    await post(cora, `${versionUrl(published.datasetId, 1)}/approve/`, {
      message: 'Quality flags checked.',
    });
  });

  it("another user gets 404 on every route of a draft, exactly as for a dataset that doesn't exist", async () => {
    const { datasetId: id } = draft;
    const missing = 999_999;
    const routes = (target: number) =>
      [
        ['GET', `${base(target)}/`, undefined],
        ['GET', `${versionUrl(target, 1)}/`, undefined],
        ['PUT', `${versionUrl(target, 1)}/metadata/`, { title: 'mine now' }],
        ['POST', `${versionUrl(target, 1)}/submit/`, {}],
        ['POST', `${versionUrl(target, 1)}/approve/`, {}],
        ['POST', `${versionUrl(target, 1)}/reject/`, { message: 'no' }],
        ['DELETE', `${versionUrl(target, 1)}/`, undefined],
        ['POST', `${base(target)}/withdraw/`, { reason: 'mine now' }],
        ['GET', `/api/public/datasets/${target}/`, undefined],
        ['GET', `/api/public/datasets/${target}/versions/1/`, undefined],
      ] as const;
    const before = (await ann.request({ url: `${base(id)}/` })).body;
    for (const [index, [method, url, payload]] of routes(id).entries()) {
      const response = await bob.request({ method, url, payload });
      const [, missingUrl, missingPayload] = routes(missing)[index]!;
      const control = await bob.request({ method, url: missingUrl, payload: missingPayload });
      expect([method, url, response.statusCode]).toEqual([method, url, 404]);
      expect(response.body.replaceAll(String(id), 'ID')).toBe(
        control.body.replaceAll(String(missing), 'ID'),
      );
    }
    expect((await ann.request({ url: `${base(id)}/` })).body).toBe(before);
  });

  it('another user cannot change a published dataset, nor add a version to it', async () => {
    const { datasetId: id } = published;
    const edit = await put(bob, `${versionUrl(id, 1)}/metadata/`, { title: 'mine now' });
    expect(edit.statusCode).toBe(403);
    expect(errorOf(edit).error).toBe('Only the owner can edit a dataset.');
    const withdraw = await post(bob, `${base(id)}/withdraw/`, { reason: 'mine now' });
    expect(withdraw.statusCode).toBe(403);
    expect(errorOf(withdraw).error).toBe('Only the owner or a curator can withdraw a dataset.');
    const version = await upload(bob, studyVariant('Hijack'), null, { dataset_id: String(id) });
    expect(version.statusCode).toBe(409);
    expect(errorOf(version).error).toBe(`There is no dataset ${id} of yours to add a version to.`);
    const detail = (
      await anonymous.request({ url: `/api/public/datasets/${id}/` })
    ).json<TDatasetDetail>();
    expect(detail.version.metadata.title).toBe(COMPLETE_METADATA.title);
    expect(detail.withdrawal).toBeNull();
  });

  it('a contributor has no review queue and cannot review', async () => {
    const queue = await bob.request({ url: '/api/auth/review/' });
    expect(queue.statusCode).toBe(403);
    const other = await uploadDraft(app.ctx, ann, studyVariant('Queued'));
    await put(ann, `${versionUrl(other.datasetId, 1)}/metadata/`, COMPLETE_METADATA);
    await post(ann, `${versionUrl(other.datasetId, 1)}/submit/`);
    const approve = await post(bob, `${versionUrl(other.datasetId, 1)}/approve/`, {});
    // bob cannot even see a version in review that is not his.
    expect(approve.statusCode).toBe(404);
    const asOwner = await post(ann, `${versionUrl(other.datasetId, 1)}/approve/`, {});
    expect(asOwner.statusCode).toBe(403);
    expect(errorOf(asOwner).error).toBe('Only curators review datasets.');
  });

  it('a curator cannot approve their own dataset', async () => {
    const own = await uploadDraft(app.ctx, cora, studyVariant('Curated'));
    await put(cora, `${versionUrl(own.datasetId, 1)}/metadata/`, COMPLETE_METADATA);
    await post(cora, `${versionUrl(own.datasetId, 1)}/submit/`);
    const queue = (await cora.request({ url: '/api/auth/review/' })).json<TReviewItem[]>();
    expect(queue).toContainEqual(expect.objectContaining({ dataset_id: own.datasetId, own: true }));
    const approve = await post(cora, `${versionUrl(own.datasetId, 1)}/approve/`, {});
    expect(approve.statusCode).toBe(403);
    expect(errorOf(approve).error).toBe('Nobody can approve their own dataset.');
    const detail = (await cora.request({ url: `${base(own.datasetId)}/` })).json<TDatasetDetail>();
    expect(detail.version.state).toBe('in_review');
  });

  it('every change needs its CSRF token, and nothing changes without it', async () => {
    const { datasetId: id } = draft;
    const before = (await ann.request({ url: `${base(id)}/` })).body;
    const attempts = [
      put(ann, `${versionUrl(id, 1)}/metadata/`, { title: 'forged' }, false),
      post(ann, `${versionUrl(id, 1)}/submit/`, {}, false),
      post(cora, `${versionUrl(published.datasetId, 1)}/approve/`, {}, false),
      post(cora, `${versionUrl(published.datasetId, 1)}/reject/`, { message: 'x' }, false),
      ann.request({ method: 'DELETE', url: `${versionUrl(id, 1)}/`, csrf: false }),
      post(ann, `${base(published.datasetId)}/withdraw/`, { reason: 'forged' }, false),
    ];
    for (const response of await Promise.all(attempts)) expect(response.statusCode).toBe(403);
    expect((await ann.request({ url: `${base(id)}/` })).body).toBe(before);
    const shown = (
      await anonymous.request({ url: `/api/public/datasets/${published.datasetId}/` })
    ).json<TDatasetDetail>();
    expect(shown.withdrawal).toBeNull();
  });

  it('an anonymous visitor gets 401 on every private dataset route', async () => {
    for (const url of ['/api/auth/datasets/', `${base(draft.datasetId)}/`, '/api/auth/review/']) {
      expect((await anonymous.request({ url })).statusCode).toBe(401);
    }
    expect((await anonymous.request({ url: '/api/auth/colonies/drafts/' })).statusCode).toBe(401);
  });

  it("the map's drafts are the viewer's own only", async () => {
    type Draft = { name: string; dataset: { id: number } };
    const annDrafts = (await ann.request({ url: '/api/auth/colonies/drafts/' })).json<Draft[]>();
    expect(annDrafts.some((c) => c.dataset.id === draft.datasetId)).toBe(true);
    const bobDrafts = (await bob.request({ url: '/api/auth/colonies/drafts/' })).json<Draft[]>();
    expect(bobDrafts.some((c) => c.dataset.id === draft.datasetId)).toBe(false);
  });

  it('discarding a draft removes it and its rows; the upload says so', async () => {
    const extra = await uploadDraft(app.ctx, ann, studyVariant('Discarded'));
    const colonies = async () =>
      (
        await sql<{ n: number }>`SELECT count(*)::int AS n FROM colonies`.execute(
          app.ctx.database.db,
        )
      ).rows[0]!.n;
    const before = await colonies();
    const response = await ann.request({
      method: 'DELETE',
      url: `${versionUrl(extra.datasetId, 1)}/`,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await colonies()).toBe(before - 28);
    expect((await ann.request({ url: `${base(extra.datasetId)}/` })).statusCode).toBe(404);
    const uploadDetail = (await ann.request({ url: `/api/auth/uploads/${extra.uploadId}/` })).json<{
      status: string;
    }>();
    expect(uploadDetail.status).toBe('discarded');
  });
});

describe('upload with a dataset description', () => {
  it('bad metadata in the upload is refused at once and nothing is stored', async () => {
    const response = await upload(ann, studyVariant('BadMeta'), null, {
      metadata: JSON.stringify({ licence: 'CC-BY-SA-4.0' }),
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).error).toMatch(
      /^The dataset description is not valid: metadata\.licence: Invalid option/,
    );
    const notJson = await upload(ann, studyVariant('BadMeta'), null, { metadata: '{' });
    expect(errorOf(notJson).error).toBe('The metadata field is not valid JSON.');
  });

  it('metadata sent with the files is the draft’s description, ready to submit', async () => {
    const { datasetId } = await uploadDraft(app.ctx, ann, studyVariant('Described'), {
      metadata: JSON.stringify({ ...COMPLETE_METADATA, title: 'Described at upload' }),
    });
    const detail = (await ann.request({ url: `${base(datasetId)}/` })).json<TDatasetDetail>();
    expect(detail.version.metadata.title).toBe('Described at upload');
    expect(detail.missing_for_submission).toEqual([]);
    expect(detail.can.submit).toBe(true);
  });
});
