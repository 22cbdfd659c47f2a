import { gunzipSync } from 'node:zlib';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, TestAgent } from '../../../test/auth-client';
import { COMPLETE_METADATA, studyVariant, uploadDraft } from '../../../test/dataset-helpers';
import { seededRandom } from '../../../test/random-filter-sets';
import {
  closeUploadTestApp,
  openUploadTestApp,
  type UploadTestApp,
} from '../../../test/upload-test-helpers';
import { buildColonyFeedGzip, COLONY_FEED_FORMAT } from '../colonies/colonies.service';
import { currentDataVersion } from '../read-models/read-models.service';
import { usersService } from '../users/users.service';

/**
 * Decision 0038: a data change rebuilds only the feed's parts holding the colonies it
 * touched. After every change of a seeded random series (publications, new versions, withdrawals,
 * colony ids spread over several 1,024-id parts and sharing parts with other datasets), the feed
 * served must be byte for byte the JSON a full rebuild gives, through two gzip readers, under the
 * ETag rule of before.
 */
let app: UploadTestApp;
let ann: TestAgent;
let cora: TestAgent;

beforeAll(async () => {
  app = await openUploadTestApp();
  ({ ann } = app);
  await createUser(app.ctx.database.db, 'cora');
  await usersService.setRole(app.ctx.database.db, 'cora', 'curator');
  cora = await new TestAgent(app.ctx.app).loginOrThrow('cora');
});
afterAll(() => closeUploadTestApp(app));

async function call(agent: TestAgent, method: 'PUT' | 'POST', url: string, payload: object = {}) {
  const response = await agent.request({ method, url, payload });
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(200);
}

/** Submits and approves a dataset's draft version `number`: it becomes the public version. */
async function publish(datasetId: number, number: number) {
  const url = `/api/auth/datasets/${datasetId}/versions/${number}`;
  await call(ann, 'PUT', `${url}/metadata/`, COMPLETE_METADATA);
  await call(ann, 'POST', `${url}/submit/`);
  await call(cora, 'POST', `${url}/approve/`, { message: 'Quality flags checked.' });
}

/** Browsers' gzip reader (WHATWG DecompressionStream), next to zlib's. */
async function decompressStream(gz: Buffer): Promise<Buffer> {
  const stream = new Blob([gz]).stream().pipeThrough(new DecompressionStream('gzip'));
  return Buffer.from(await new Response(stream).arrayBuffer());
}

/** The next colonies get ids `gap` past the highest: the series lands in other parts. */
async function skipColonyIds(gap: number) {
  await sql`
    SELECT setval(pg_get_serial_sequence('colonies', 'id'), (SELECT max(id) FROM colonies) + ${gap})
  `.execute(app.ctx.database.db);
}

async function partVersions(): Promise<Map<number, number>> {
  const { rows } = await sql<{ part: number; built_version: string | number }>`
    SELECT part, built_version FROM published_snapshot_parts WHERE name = 'colonies'
  `.execute(app.ctx.database.db);
  return new Map(rows.map((r) => [r.part, Number(r.built_version)]));
}

async function expectFeedAsFullRebuild(step: string) {
  const db = app.ctx.database.db;
  const { version } = await currentDataVersion(db);
  const full = gunzipSync(await buildColonyFeedGzip(db));
  // Another process: it reads the stored parts, it does not rebuild them.
  const other = await app.ctx.anotherApp();
  const url = '/api/public/colonies/';
  const zipped = await other.inject({ url, headers: { 'accept-encoding': 'gzip' } });
  expect(zipped.headers['content-encoding'], step).toBe('gzip');
  expect(zipped.headers.etag, step).toBe(`"colonies-v${version}.${COLONY_FEED_FORMAT}"`);
  expect(gunzipSync(zipped.rawPayload).equals(full), `${step}: zlib`).toBe(true);
  expect((await decompressStream(zipped.rawPayload)).equals(full), `${step}: stream`).toBe(true);
  const plain = await other.inject({ url });
  expect(plain.headers['content-encoding'], step).toBeUndefined();
  expect(plain.rawPayload.equals(full), `${step}: plain`).toBe(true);
  const notModified = await other.inject({
    url,
    headers: { 'accept-encoding': 'gzip', 'if-none-match': zipped.headers.etag as string },
  });
  expect(notModified.statusCode, step).toBe(304);
  return JSON.parse(full.toString()) as { id: number }[];
}

describe('the colonies feed republished by parts', () => {
  it('equals a full rebuild after every change of a random series, and keeps untouched parts', async () => {
    const next = seededRandom(16);
    const seedPart = 0; // the seed's ids 658..1023: no change below touches them
    const seedBuild = (await partVersions()).get(seedPart);
    expect(seedBuild).toBeDefined();
    const datasets: { id: number; project: string; versions: number; withdrawn: boolean }[] = [];
    const done: string[] = [];
    let previous = await expectFeedAsFullRebuild('seed');

    const steps = ['new', 'new', 'version', 'withdraw', 'lost', 'new', 'version', 'withdraw'];
    for (const [i, step] of steps.entries()) {
      const label = `Part${i}`;
      // 0: the same part as the previous upload; else one or several parts further.
      await skipColonyIds([0, 300, 1500, 3000][Math.floor(next() * 4)]!);
      const open = datasets.filter((d) => !d.withdrawn);
      if (step === 'new' || open.length === 0) {
        const project = `${label} study`;
        const { datasetId } = await uploadDraft(app.ctx, ann, studyVariant(label));
        await publish(datasetId, 1);
        datasets.push({ id: datasetId, project, versions: 1, withdrawn: false });
      } else if (step === 'version') {
        const dataset = open[Math.floor(next() * open.length)]!;
        await uploadDraft(app.ctx, ann, studyVariant(label, { project: dataset.project }), {
          dataset_id: String(dataset.id),
        });
        dataset.versions += 1;
        await publish(dataset.id, dataset.versions);
      } else if (step === 'withdraw') {
        const dataset = open[Math.floor(next() * open.length)]!;
        await call(ann, 'POST', `/api/auth/datasets/${dataset.id}/withdraw/`, {
          reason: 'Test withdrawal.',
        });
        dataset.withdrawn = true;
      } else {
        // A snapshot lost (deleted by hand): the next change rebuilds every part.
        await app.ctx.database.db.deleteFrom('published_snapshots').execute();
        const { datasetId } = await uploadDraft(app.ctx, ann, studyVariant(label));
        await publish(datasetId, 1);
        datasets.push({ id: datasetId, project: `${label} study`, versions: 1, withdrawn: false });
      }
      done.push(step);
      const colonies = await expectFeedAsFullRebuild(`${i}: ${step}`);
      expect(colonies, `${i}: ${step} changed the feed`).not.toEqual(previous);
      previous = colonies;
      const built = await partVersions();
      const { version } = await currentDataVersion(app.ctx.database.db);
      if (step === 'lost') {
        expect([...built.values()].every((v) => v === version)).toBe(true);
      } else {
        // Only the touched parts were rebuilt: the seed's first part is older.
        expect(built.get(seedPart), `${i}: ${step}`).toBeLessThan(version);
      }
    }
    expect(done).toEqual(steps);
    // Without a lost snapshot the seed's part would have been built once, with the seed.
    expect(seedBuild).toBeLessThan((await partVersions()).get(seedPart)!);
  });
});
