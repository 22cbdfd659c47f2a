import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TColonyClusters } from '@coral/core';
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
const markerCount = (answer: TColonyClusters) =>
  answer.markers.reduce((sum, marker) => sum + marker.count, 0);

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
