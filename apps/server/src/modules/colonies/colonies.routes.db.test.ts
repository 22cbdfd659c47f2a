import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { THRESHOLD_KINDS, type TColony } from '@coral/core';
import { buildApp } from '../../app';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { seedJson } from '../../../test/seed-json';
import {
  bumpDataVersion,
  currentDataVersion,
  findSnapshot,
  findSnapshotParts,
  saveSnapshot,
} from '../read-models/read-models.service';
import { buildColonyFeedGzip, COLONY_FEED_FORMAT, COLONY_FEED_STORAGE } from './colonies.service';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

async function getColonies(headers: Record<string, string> = {}) {
  return ctx.app.inject({ method: 'GET', url: '/api/public/colonies/', headers });
}

describe('GET /api/public/colonies/', () => {
  it('lists every seed colony with its projects and thresholds', async () => {
    const response = await getColonies();
    expect(response.statusCode).toBe(200);
    const colonies = response.json<TColony[]>();
    expect(colonies).toHaveLength(seedJson.colonies.length);
    expect(colonies).toHaveLength(682);

    const colony = colonies.find((c) => c.id === 658)!;
    expect(colony).toMatchObject({
      name: 'Vatu-o-lalai_Porites_cylindrica_1',
      species: 'Porites cylindrica',
      country: 'FJI',
      latitude: -18.20583554,
      longitude: 177.6889888,
      projects: ['2022_FJI_Viti_Levu_ElisaJahreis'],
      collection_years: [2022],
    });
    expect(colony.thermal_tolerances).toContainEqual({
      id: 1147,
      abs_thermal_tolerance: 37.57,
      rel_thermal_tolerance: 9.12,
      ed50: 37.57,
      ed50_mmm: 9.12,
      sst_clim_mmm: 28.45,
      condition: 'Winter',
      timepoint: '420',
      quality_flags: [],
    });
    expect(colony.breakpoint_temperatures[0]).toMatchObject({
      ed5: 35.83,
      abs_breakpoint_temperature: 35.83,
    });
    expect(colony.thermal_limits[0]).toMatchObject({ ed95: 39.38, abs_thermal_limit: 39.38 });
  });

  it('keeps every threshold, flagging failed fits instead of dropping them', async () => {
    const colonies = (await getColonies()).json<TColony[]>();
    const ed50s = colonies.flatMap((c) => c.thermal_tolerances);
    const ed95s = colonies.flatMap((c) => c.thermal_limits);
    expect(ed50s).toHaveLength(751);
    expect(ed95s).toHaveLength(751);
    const worst = ed50s.reduce((a, b) => ((a.ed50 ?? 0) > (b.ed50 ?? 0) ? a : b));
    expect(worst.ed50).toBe(2365.11);
    expect(worst.quality_flags).toContain('implausible_absolute');
    expect(Math.max(...ed95s.map((e) => e.ed95 ?? 0))).toBe(4532757.21);
    expect(
      ed50s
        .filter((e) => e.sst_clim_mmm === null)
        .every((e) => e.quality_flags.includes('missing_mmm')),
    ).toBe(true);
    for (const entry of ed50s) expect(entry.ed50).toBe(entry.abs_thermal_tolerance);
  });

  it('normalises the mixed country codes of the seed to ISO alpha-3', async () => {
    const colonies = (await getColonies()).json<TColony[]>();
    expect([...new Set(colonies.map((c) => c.country))].sort()).toEqual([
      'ARE',
      'ASM',
      'AUS',
      'CUW',
      'FJI',
      'USA',
    ]);
  });

  it('answers gzip when asked, and 304 for an unchanged ETag', async () => {
    const plain = await getColonies();
    const zipped = await getColonies({ 'accept-encoding': 'gzip, deflate' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 5);
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString())).toEqual(plain.json());

    const etag = plain.headers.etag as string;
    const { version } = await currentDataVersion(ctx.database.db);
    expect(etag).toBe(`"colonies-v${version}.${COLONY_FEED_FORMAT}"`);
    const notModified = await getColonies({ 'if-none-match': etag });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');
  });

  it('serves the snapshot published with the data: another process needs two small queries', async () => {
    const otherProcess = await buildApp({ config: ctx.config, db: ctx.database.db });
    ctx.queries.length = 0;
    const response = await otherProcess.inject({ method: 'GET', url: '/api/public/colonies/' });
    expect(response.json<TColony[]>()).toHaveLength(682);
    expect(ctx.queries).toHaveLength(2); // dataset version + stored snapshot
    await otherProcess.close();
  });

  it('rebuilds a missing snapshot with a constant number of queries, not one per colony', async () => {
    await ctx.database.db.deleteFrom('published_snapshots').execute();
    await ctx.database.db
      .updateTable('dataset_state')
      .set((eb) => ({ version: eb('version', '+', 1) }))
      .execute();
    ctx.queries.length = 0;
    expect((await getColonies()).json<TColony[]>()).toHaveLength(682);
    // Version and stored parts; then, in a transaction under the version's lock, the parts again
    // (another process may have rebuilt them), two colony and three threshold queries, the
    // parts and snapshot row written (decision 0038), and the parts' map columns written with
    // those of other layouts deleted (decision 0041).
    expect(ctx.queries.length).toBeLessThanOrEqual(17);
  });
});

describe("collection years in the feed (the map's years filter)", () => {
  it("are the distinct years of each colony's possible collection dates, ascending", async () => {
    const colonies = (await getColonies()).json<TColony[]>();
    const expected = new Map<number, Set<number>>();
    const today = new Date().toISOString().slice(0, 10);
    for (const biosample of seedJson.biosamples) {
      // A date after today (the seed's year 2222) is kept as recorded but is no year to filter by.
      if (biosample.collection_date === null || biosample.collection_date > today) continue;
      const years = expected.get(biosample.colony) ?? new Set<number>();
      years.add(Number(biosample.collection_date.slice(0, 4)));
      expected.set(biosample.colony, years);
    }
    for (const colony of colonies) {
      const years = [...(expected.get(colony.id) ?? [])].sort((a, b) => a - b);
      expect(colony.collection_years, `colony ${colony.id}`).toEqual(years);
    }
    const all = new Set(colonies.flatMap((c) => c.collection_years));
    expect([...all].sort()).toEqual([2022]);
  });
});

describe('the format stored with the feed snapshot', () => {
  it('names the JSON shape and every threshold kind of the registry, in order', () => {
    expect(COLONY_FEED_FORMAT).toBe(`4:${THRESHOLD_KINDS.join('.')}`);
    expect(COLONY_FEED_FORMAT).not.toContain(','); // part of the ETag: If-None-Match uses commas
  });

  it('is stored with the snapshot published with the data, with its division into parts', async () => {
    const { version } = await currentDataVersion(ctx.database.db);
    expect(COLONY_FEED_STORAGE).toBe(`${COLONY_FEED_FORMAT}/parts-1024`);
    const parts = await findSnapshotParts(
      ctx.database.db,
      'colonies',
      version,
      COLONY_FEED_STORAGE,
    );
    // The seed's colony ids (658 to 3901) lie in three of the 1,024-id ranges.
    expect(parts?.map((p) => p.part)).toEqual([0, 2, 3]);
  });

  it.each([
    ['stored before formats were recorded', ''],
    ['of the previous shape (without collection_years)', `1:${THRESHOLD_KINDS.join('.')}`],
    ['of shape 2 (species as written, before decision 0060)', `2:${THRESHOLD_KINDS.join('.')}`],
    ['with another list of threshold kinds', '3:ed50.ed5'],
    ['stored whole, as before decision 0038 (same JSON format, no parts)', COLONY_FEED_FORMAT],
  ])('rebuilds a snapshot %s once, whatever its content', async (_, oldFormat) => {
    const { version } = await currentDataVersion(ctx.database.db);
    const colonies = (await getColonies()).json<TColony[]>();
    // Content that would pass any look at it: only the stored format tells it apart.
    const content = gzipSync(JSON.stringify(colonies.slice(0, 3)));
    await saveSnapshot(ctx.database.db, 'colonies', version, oldFormat, content);

    const otherProcess = await ctx.anotherApp();
    const response = await otherProcess.inject({ method: 'GET', url: '/api/public/colonies/' });
    expect(response.json<TColony[]>()).toEqual(colonies);
    expect(
      await findSnapshotParts(ctx.database.db, 'colonies', version, COLONY_FEED_STORAGE),
    ).toBeDefined();
    expect(await findSnapshot(ctx.database.db, 'colonies', version, oldFormat)).toBeUndefined();
    // Byte for byte the JSON a full rebuild gives.
    expect(response.rawPayload.equals(gunzipSync(await buildColonyFeedGzip(ctx.database.db)))).toBe(
      true,
    );
  });
});

describe('GET /api/public/biosamples/', () => {
  it('lists every biosample with colony and project', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/public/biosamples/' });
    const biosamples =
      response.json<{ id: number; colony: number; project: number; collection_date: string }[]>();
    expect(biosamples).toHaveLength(2991);
    expect(biosamples.find((b) => b.id === 4432)).toEqual({
      id: 4432,
      name: '20220920_FJ_Vatu-o-lalai_Porites_cylindrica_1_28_420',
      collection_date: '2022-09-20',
      colony: 658,
      project: 61,
    });
  });

  it('is serialised once per data version: ETag, 304 for a current copy, gzip, new data after a change', async () => {
    const get = (headers: Record<string, string> = {}) =>
      ctx.app.inject({ method: 'GET', url: '/api/public/biosamples/', headers });
    const plain = await get();
    const etag = plain.headers.etag as string;
    expect(etag).toMatch(/^"biosamples-v\d+"$/);
    expect((await get({ 'if-none-match': etag })).statusCode).toBe(304);
    const zipped = await get({ 'accept-encoding': 'gzip' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString())).toEqual(plain.json());

    // a change of the data (a new data version) is served at once, under a new ETag
    await ctx.database.db.deleteFrom('biosamples').where('id', '=', 4432).execute();
    await bumpDataVersion(ctx.database.db);
    const changed = await get({ 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.json<{ id: number }[]>()).toHaveLength(2990);
  });
});
