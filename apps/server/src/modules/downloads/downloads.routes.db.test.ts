import { createHash } from 'node:crypto';
import { unzipSync, strFromU8 } from 'fflate';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CITATION_FILE,
  DOWNLOAD_FORMAT_IDS,
  DOWNLOAD_FORMATS,
  downloadFolders,
  downloadUrl,
  isUntrustworthy,
  QUERY_FILE,
  type TColony,
  type TSnapshot,
  type TSnapshotCreated,
} from '@coral/core';
import { xmlSchemaErrors } from '@coral/core/testing';
import { TestAgent } from '../../../test/auth-client';
import { publishDataset, studyVariant, uploadDraft } from '../../../test/dataset-helpers';
import {
  closeUploadTestApp,
  openUploadTestApp,
  type UploadTestApp,
} from '../../../test/upload-test-helpers';

/**
 * The open downloads and citable snapshots over HTTP (docs/downloads.md): what an anonymous
 * visitor, a cart owner and another user get from every folder, and that a snapshot's files stay
 * the same bytes after new data are published.
 */
let app: UploadTestApp;
let anonymous: TestAgent;

const SPECIES = 'Porites lobata';
const mapQuery = `species=${encodeURIComponent(SPECIES)}`;

beforeAll(async () => {
  app = await openUploadTestApp();
  anonymous = new TestAgent(app.ctx.app);
});
afterAll(() => closeUploadTestApp(app));

type Response = Awaited<ReturnType<TestAgent['request']>>;
const csvRows = (response: Response) =>
  Papa.parse<Record<string, string>>(response.body.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: true,
  }).data;
const colonyIdsOf = (rows: Record<string, string>[]) =>
  [...new Set(rows.map((row) => Number(row.colony_id)))].sort((a, b) => a - b);
const get = (agent: TestAgent, url: string) => agent.request({ url });
const annId = async () =>
  (
    await app.ctx.database.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'ann')
      .executeTakeFirstOrThrow()
  ).id;

async function mapColonies(query: string): Promise<TColony[]> {
  return (await get(anonymous, `/api/public/colonies/?${query}`)).json<TColony[]>();
}

describe('a map view, downloaded anonymously', () => {
  it('the CSV holds exactly the colonies the map shows, with its citation and query linked', async () => {
    const shown = await mapColonies(mapQuery);
    expect(shown.length).toBeGreaterThan(10);
    const response = await get(
      anonymous,
      downloadUrl(downloadFolders.map(), DOWNLOAD_FORMATS.csv.file, mapQuery),
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toMatch(/attachment; filename=".+\.csv"/);
    const links = String(response.headers.link);
    expect(links).toContain(`/api/public/downloads/map/${CITATION_FILE}?${mapQuery}`);
    expect(links).toContain(`/api/public/downloads/map/${QUERY_FILE}?${mapQuery}`);
    const rows = csvRows(response);
    expect(colonyIdsOf(rows)).toEqual(shown.map((c) => c.id).sort((a, b) => a - b));
    expect(new Set(rows.map((row) => row.species))).toEqual(new Set([SPECIES]));
    // Dates as the sheets give them (ISO), never a JavaScript date's text.
    for (const row of rows) expect(row.collection_dates).toMatch(/^(\d{4}-\d{2}-\d{2}(; )?)*$/);
  });

  it('the GeoJSON has one feature per colony shown', async () => {
    const shown = await mapColonies(mapQuery);
    const response = await get(
      anonymous,
      downloadUrl(downloadFolders.map(), DOWNLOAD_FORMATS.geojson.file, mapQuery),
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/geo\+json/);
    const collection = response.json<{
      type: string;
      features: { id: number; geometry: { coordinates: number[] } }[];
    }>();
    expect(collection.type).toBe('FeatureCollection');
    expect(collection.features.map((f) => f.id).sort((a, b) => a - b)).toEqual(
      shown.map((c) => c.id).sort((a, b) => a - b),
    );
    const first = shown.find((c) => c.id === collection.features[0]!.id)!;
    expect(collection.features[0]!.geometry.coordinates[0]).toBeCloseTo(first.longitude, 6);
  });

  it('the Darwin Core Archive holds every file, one occurrence per colony, linked ids', async () => {
    const shown = await mapColonies(mapQuery);
    const response = await app.ctx.app.inject({
      url: downloadUrl(downloadFolders.map(), DOWNLOAD_FORMATS.dwca.file, mapQuery),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    const files = unzipSync(new Uint8Array(response.rawPayload));
    expect(Object.keys(files).sort()).toEqual(
      [
        'CITATION.cff',
        'DATA-DICTIONARY.md',
        'LICENCES.txt',
        'README.txt',
        'eml.xml',
        'event.txt',
        'extendedmeasurementorfact.txt',
        'meta.xml',
        'occurrence.txt',
        'query.json',
        'datapackage.json',
      ].sort(),
    );
    // The metadata, written after the tables, is valid under the GBIF profile with the coverage
    // of the colonies it holds (decision 0057).
    const eml = strFromU8(files['eml.xml']!);
    expect(xmlSchemaErrors(eml, 'eml')).toBe('');
    expect(eml).toContain('<geographicCoverage>');
    const table = (name: string) => {
      const [header, ...lines] = strFromU8(files[name]!).trimEnd().split('\n');
      const columns = header!.split('\t');
      return lines.map((line) =>
        Object.fromEntries(line.split('\t').map((cell, i) => [columns[i]!, cell])),
      );
    };
    const events = new Set(table('event.txt').map((row) => row.eventID));
    const occurrences = table('occurrence.txt');
    expect(occurrences).toHaveLength(shown.length);
    for (const occurrence of occurrences) expect(events).toContain(occurrence.eventID);
    const occurrenceIds = new Set(occurrences.map((row) => row.occurrenceID));
    for (const fact of table('extendedmeasurementorfact.txt')) {
      expect(events).toContain(fact.eventID);
      expect(occurrenceIds).toContain(fact.occurrenceID);
    }
    const query = JSON.parse(strFromU8(files['query.json']!)) as Record<string, unknown>;
    expect(JSON.stringify(query)).toContain(SPECIES);
    expect(strFromU8(files['CITATION.cff']!)).toMatch(/^cff-version: 1\.2\.0/m);
  });

  it('serves every registered format with its media type, extension and compression', async () => {
    for (const id of DOWNLOAD_FORMAT_IDS) {
      const format = DOWNLOAD_FORMATS[id];
      const response = await app.ctx.app.inject({
        url: downloadUrl(downloadFolders.map(), format.file, mapQuery),
        headers: { 'accept-encoding': 'gzip' },
      });
      expect(response.statusCode, id).toBe(200);
      expect(response.headers['content-type'], id).toBe(format.contentType);
      expect(response.headers['content-disposition'], id).toMatch(
        new RegExp(`^attachment; filename="coral-thermal-tolerance_[^"]+\\.${format.extension}"$`),
      );
      expect(response.headers['content-encoding'], id).toBe(
        format.compressible ? 'gzip' : undefined,
      );
    }
  });

  it('a malformed filter answers 400 with the reason', async () => {
    const response = await get(
      anonymous,
      downloadUrl(downloadFolders.map(), DOWNLOAD_FORMATS.csv.file, 'absThermalTolerance=abc'),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: string }>().error).toMatch(/absThermalTolerance/);
  });

  it('hideFlagged leaves out every value a failed fit flagged', async () => {
    const all = csvRows(await get(anonymous, downloadUrl(downloadFolders.map(), 'colonies.csv')));
    const flagColumns = Object.keys(all[0]!).filter((column) => column.endsWith('_flags'));
    expect(flagColumns.length).toBeGreaterThan(0);
    const flagged = (row: Record<string, string>) =>
      flagColumns.some((column) => isUntrustworthy(row[column]!.split('; ').filter(Boolean)));
    expect(all.some(flagged)).toBe(true);
    const hidden = csvRows(
      await get(anonymous, downloadUrl(downloadFolders.map(), 'colonies.csv', 'hideFlagged=true')),
    );
    expect(hidden.length).toBeGreaterThan(0);
    expect(hidden.some(flagged)).toBe(false);
    const shown = await mapColonies('hideFlagged=true');
    expect(colonyIdsOf(hidden)).toEqual(shown.map((c) => c.id).sort((a, b) => a - b));
  });
});

describe('projects, dataset versions and cart groups', () => {
  it('a public project downloads its colonies; an unknown one is a 404', async () => {
    const projects = (await get(anonymous, '/api/public/projects/')).json<
      { id: number; name: string }[]
    >();
    const project = projects[0]!;
    const response = await get(
      anonymous,
      downloadUrl(downloadFolders.project(project.id), DOWNLOAD_FORMATS.csv.file),
    );
    expect(response.statusCode).toBe(200);
    const rows = csvRows(response);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.project_names).toContain(project.name);
    expect(
      (await get(anonymous, downloadUrl(downloadFolders.project(999999), 'colonies.csv')))
        .statusCode,
    ).toBe(404);
    expect(
      (await get(anonymous, downloadUrl(downloadFolders.project('x'), 'colonies.csv'))).statusCode,
    ).toBe(404);
  });

  it("a draft dataset version is nobody's download until it is published", async () => {
    const { datasetId } = await uploadDraft(app.ctx, app.ann, studyVariant('Dl'));
    const url = downloadUrl(downloadFolders.datasetVersion(datasetId, 1), 'colonies.csv');
    for (const agent of [anonymous, app.bob, app.ann]) {
      expect((await get(agent, url)).statusCode).toBe(404);
    }
    await publishDataset(app.ctx.database.db, datasetId, await annId());
    const response = await get(anonymous, url);
    expect(response.statusCode).toBe(200);
    const rows = csvRows(response);
    expect(new Set(rows.map((row) => row.dataset_id))).toEqual(new Set([String(datasetId)]));
    expect(rows.every((row) => row.licence === 'CC-BY-4.0')).toBe(true);
    expect(String(response.headers.link)).toContain(
      '<https://creativecommons.org/licenses/by/4.0/>; rel="license"',
    );
  });

  it("a cart group is its owner's alone: 401 anonymous, 404 for another user", async () => {
    const shown = await mapColonies(mapQuery);
    const created = await app.ann.request({
      method: 'POST',
      url: '/api/auth/cart/',
      payload: {
        name: 'Lobata',
        colony_ids: shown.map((c) => c.id),
        filter_params: { species: SPECIES },
      },
    });
    expect(created.statusCode).toBe(201);
    const groups = (await get(app.ann, '/api/auth/cart/')).json<{ id: number; name: string }[]>();
    const group = groups.find((g) => g.name === 'Lobata')!;
    const url = downloadUrl(downloadFolders.cartGroup(group.id), 'colonies.csv');
    const own = await get(app.ann, url);
    expect(own.statusCode).toBe(200);
    expect(own.headers['cache-control']).toBe('private, no-store');
    expect(colonyIdsOf(csvRows(own))).toHaveLength(shown.length);
    expect((await get(app.bob, url)).statusCode).toBe(404);
    expect((await get(anonymous, url)).statusCode).toBe(401);
  });
});

describe('citable snapshots', () => {
  let snapshot: TSnapshotCreated;
  const snapshotFile = (file: string) =>
    app.ctx.app.inject({ url: downloadUrl(downloadFolders.snapshot(snapshot.id), file) });

  it('need a login and the CSRF token to be made', async () => {
    const payload = { source: 'map', query: mapQuery };
    const visitor = new TestAgent(app.ctx.app);
    await visitor.fetchCsrf();
    expect(
      (await visitor.request({ method: 'POST', url: '/api/auth/snapshots/', payload })).statusCode,
    ).toBe(401);
    const noToken = await app.ann.request({
      method: 'POST',
      url: '/api/auth/snapshots/',
      payload,
      csrf: false,
    });
    expect(noToken.statusCode).toBe(403);
  });

  it('freezes a map view: citation, datasets, licences and a content hash of its CSV', async () => {
    const response = await app.ann.request({
      method: 'POST',
      url: '/api/auth/snapshots/',
      payload: { source: 'map', query: mapQuery },
    });
    expect(response.statusCode).toBe(201);
    snapshot = response.json<TSnapshotCreated>();
    expect(snapshot.id).toMatch(/^[a-z2-7]{12}$/);
    expect(snapshot.url).toMatch(new RegExp(`/snapshots/${snapshot.id}$`));

    const described = (
      await get(anonymous, `/api/public/snapshots/${snapshot.id}/`)
    ).json<TSnapshot>();
    const shown = await mapColonies(mapQuery);
    expect(described.colony_count).toBe(shown.length);
    expect(described.citation).toContain(`Snapshot ${snapshot.id}`);
    expect(described.datasets.reduce((sum, d) => sum + d.colonies, 0)).toBe(shown.length);
    const csv = await snapshotFile('colonies.csv');
    expect(described.content_hash).toBe(
      `sha256:${createHash('sha256').update(csv.rawPayload).digest('hex')}`,
    );
    const datacite = await get(anonymous, `/api/public/snapshots/${snapshot.id}/datacite.json`);
    expect(datacite.statusCode).toBe(200);
    expect(datacite.json<{ relatedIdentifiers: unknown[] }>().relatedIdentifiers).toHaveLength(
      described.datasets.length,
    );
  });

  it('downloads the same bytes after new data of the same species are published', async () => {
    const before = await Promise.all(
      ['colonies.csv', 'colonies.geojson', 'dwca.zip', CITATION_FILE, QUERY_FILE].map((file) =>
        snapshotFile(file),
      ),
    );
    const mapBefore = await mapColonies(mapQuery);
    const variant = studyVariant('Later');
    const content = variant.content.replaceAll('Lateria secreta', SPECIES);
    const { datasetId } = await uploadDraft(app.ctx, app.ann, { ...variant, content });
    await publishDataset(app.ctx.database.db, datasetId, await annId());
    expect((await mapColonies(mapQuery)).length).toBeGreaterThan(mapBefore.length);

    const after = await Promise.all(
      ['colonies.csv', 'colonies.geojson', 'dwca.zip', CITATION_FILE, QUERY_FILE].map((file) =>
        snapshotFile(file),
      ),
    );
    after.forEach((response, i) => {
      expect(response.statusCode).toBe(200);
      expect(Buffer.compare(response.rawPayload, before[i]!.rawPayload)).toBe(0);
    });
  });

  it('leave out a dataset withdrawn since, and say so', async () => {
    const { datasetId } = await uploadDraft(app.ctx, app.ann, studyVariant('Gone'));
    await publishDataset(app.ctx.database.db, datasetId, await annId());
    const frozen = (
      await app.ann.request({
        method: 'POST',
        url: '/api/auth/snapshots/',
        payload: { source: 'map', query: 'species=Goneia+secreta' },
      })
    ).json<TSnapshotCreated>();
    const url = downloadUrl(downloadFolders.snapshot(frozen.id), 'colonies.csv');
    expect(csvRows(await get(anonymous, url)).length).toBeGreaterThan(0);
    const withdrawn = await app.ann.request({
      method: 'POST',
      url: `/api/auth/datasets/${datasetId}/withdraw/`,
      payload: { reason: 'Consent withdrawn by the site owner' },
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    const described = (
      await get(anonymous, `/api/public/snapshots/${frozen.id}/`)
    ).json<TSnapshot>();
    expect(described.datasets).toEqual([
      expect.objectContaining({ dataset_id: datasetId, withdrawn: true }),
    ]);
    expect(csvRows(await get(anonymous, url))).toEqual([]);
  });

  it('answers 409 when the view holds nothing published, 404 for unknown snapshots', async () => {
    const empty = await app.ann.request({
      method: 'POST',
      url: '/api/auth/snapshots/',
      payload: { source: 'map', query: 'species=No+such+coral' },
    });
    expect(empty.statusCode).toBe(409);
    expect(empty.json<{ error: string }>().error).toBe(
      'The view holds no published colonies to freeze.',
    );
    for (const id of ['aaaaaaaaaaaa', 'not-an-id', '..']) {
      expect((await get(anonymous, `/api/public/snapshots/${id}/`)).statusCode).toBe(404);
    }
  });
});

describe('anonymous bulk downloads', () => {
  it('are limited per address; logged-in users are not', async () => {
    const limited = await app.ctx.anotherApp({
      DATA_DIR: app.dataDir,
      DOWNLOAD_MAX_ANONYMOUS_PER_WINDOW: '2',
    });
    const visitor = new TestAgent(limited, '203.0.113.7');
    const url = downloadUrl(downloadFolders.map(), 'colonies.geojson', mapQuery);
    expect((await get(visitor, url)).statusCode).toBe(200);
    expect((await get(visitor, url)).statusCode).toBe(200);
    const refused = await get(visitor, url);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json<{ error: string }>().error).toMatch(/Too many downloads/);
    // The citation and the query stay available.
    expect((await get(visitor, downloadUrl(downloadFolders.map(), CITATION_FILE))).statusCode).toBe(
      200,
    );
    const member = await new TestAgent(limited, '203.0.113.7').loginOrThrow('bob');
    expect((await get(member, url)).statusCode).toBe(200);
  });
});
