import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  TClusterMembers,
  TColonyChoices,
  TColonyClusters,
  TColonyIds,
  TErrorResponse,
} from '@coral/core';
import { publishDataset, studyVariant, uploadDraft } from '../../../test/dataset-helpers';
import {
  closeUploadTestApp,
  openUploadTestApp,
  type UploadTestApp,
} from '../../../test/upload-test-helpers';
import { usersService } from '../users/users.service';

/**
 * Only public colonies are clustered and counted: a draft's colonies are not, the same
 * colonies once published are, and withdrawn they are gone again.
 */
let app: UploadTestApp;
beforeAll(async () => {
  app = await openUploadTestApp();
});
afterAll(() => closeUploadTestApp(app));

/** studyVariant('Draft') gives every colony of the study this species. */
const SPECIES = 'Draftia secreta';
async function clusters(query = ''): Promise<TColonyClusters> {
  const response = await app.ctx.app.inject({
    method: 'GET',
    url: `/api/public/colonies/clusters/?zoom=0&bbox=-180,-85,180,85${query}`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TColonyClusters>();
}
async function answer<T>(path: string, query = ''): Promise<T> {
  const response = await app.ctx.app.inject({ url: `/api/public/colonies/${path}?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
}
const choices = () => answer<TColonyChoices>('choices/');
const ids = (query = '') => answer<TColonyIds>('ids/', query);
const withoutVersion = <T extends { data_version: number }>(value: T) => ({
  ...value,
  data_version: 0,
});

/** The study's sites in the Red Sea, where no seed colony is. */
const STUDY_SITES = [
  '22.26189,39.04878',
  '22.26302,39.05165',
  '22.29634,38.95914',
  '29.5,34.93333',
];
/** The members of a site, or the code of the refusal. */
async function siteMembers(site: string, version: number, query = '') {
  const response = await app.ctx.app.inject({
    url: `/api/public/colonies/clusters/members/?marker=site:${site}&data_version=${version}&limit=200${query}`,
  });
  return response.statusCode === 200
    ? response.json<TClusterMembers>()
    : response.json<TErrorResponse>().code;
}
const speciesQuery = `&species=${encodeURIComponent(SPECIES)}`;

const markerCount = (answer: TColonyClusters) =>
  answer.markers.reduce((sum, marker) => sum + marker.count, 0);

describe('members, choices and ids of the map and unpublished data', () => {
  it('list a dataset only while it is published', async () => {
    const seedChoices = await choices();
    const seedIds = await ids();
    const { datasetId } = await uploadDraft(app.ctx, app.ann, studyVariant('Listed'));
    const species = 'Listedia secreta';

    // A draft: nothing of it in the choices, the ids or at its sites.
    expect(withoutVersion(await choices())).toEqual(withoutVersion(seedChoices));
    expect(withoutVersion(await ids())).toEqual(withoutVersion(seedIds));
    const draftVersion = (await ids()).data_version;
    for (const site of STUDY_SITES) {
      expect(await siteMembers(site, draftVersion)).toBe('MARKER_NOT_FOUND');
    }

    const ann = await usersService.find(app.ctx.database.db, 'ann');
    await publishDataset(app.ctx.database.db, datasetId, ann!.id);
    const published = await choices();
    expect(published.species).toContain(species);
    expect(published.projects).toContain('Listed study');
    const added = published.total - seedChoices.total;
    expect(added).toBeGreaterThan(0);
    const listed = await ids(`species=${encodeURIComponent(species)}`);
    expect(listed.ids).toHaveLength(added);
    expect((await ids()).ids).toEqual([...seedIds.ids, ...listed.ids].sort((a, b) => a - b));
    const atSites = await Promise.all(
      STUDY_SITES.map((site) => siteMembers(site, listed.data_version)),
    );
    const colonies = atSites.flatMap((m) => (typeof m === 'string' ? [] : m.colonies));
    expect(colonies.map((c) => c.id).sort((a, b) => a - b)).toEqual(listed.ids);
    expect(new Set(colonies.map((c) => c.species))).toEqual(new Set([species]));

    const withdrawn = await app.ann.request({
      method: 'POST',
      url: `/api/auth/datasets/${datasetId}/withdraw/`,
      payload: { reason: 'Test withdrawal.' },
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withoutVersion(await choices())).toEqual(withoutVersion(seedChoices));
    expect(withoutVersion(await ids())).toEqual(withoutVersion(seedIds));
    const after = (await ids()).data_version;
    expect(after).toBeGreaterThan(listed.data_version);
    for (const site of STUDY_SITES) {
      expect(await siteMembers(site, after)).toBe('MARKER_NOT_FOUND');
      expect(await siteMembers(site, after, speciesQuery)).toBe('MARKER_NOT_FOUND');
      // The published version's markers are stale now.
      expect(await siteMembers(site, listed.data_version)).toBe('STALE_DATA_VERSION');
    }
  });
});

describe('GET /api/public/colonies/clusters/ and unpublished data', () => {
  it('counts a dataset only while it is published', async () => {
    const seed = await clusters();
    expect(seed.total).toBe(682);
    const { datasetId } = await uploadDraft(app.ctx, app.ann, studyVariant('Draft'));

    const withDraft = await clusters();
    expect({ ...withDraft, data_version: 0 }).toEqual({ ...seed, data_version: 0 });
    expect((await clusters(`&species=${encodeURIComponent(SPECIES)}`)).matching).toBe(0);

    const ann = await usersService.find(app.ctx.database.db, 'ann');
    await publishDataset(app.ctx.database.db, datasetId, ann!.id);
    const published = await clusters();
    const added = published.total - seed.total;
    expect(added).toBeGreaterThan(0);
    expect(markerCount(published)).toBe(published.total);
    expect((await clusters(`&species=${encodeURIComponent(SPECIES)}`)).matching).toBe(added);

    const withdrawn = await app.ann.request({
      method: 'POST',
      url: `/api/auth/datasets/${datasetId}/withdraw/`,
      payload: { reason: 'Test withdrawal.' },
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    const after = await clusters();
    expect(after.total).toBe(682);
    expect(markerCount(after)).toBe(682);
    expect((await clusters(`&species=${encodeURIComponent(SPECIES)}`)).matching).toBe(0);
  });
});
