import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadFolders, downloadUrl, DOWNLOAD_FORMATS } from '@coral/core';
import {
  checkEventDate,
  checkEventIds,
  checkExtensionEventIds,
  checkFields,
  readDwcaTable,
} from '@coral/core/testing';
import { createTestApp, type TestContext } from '../../../test/test-app';

/**
 * The seed's map view as a Darwin Core Archive, judged as OBIS judges it (obistools' checks,
 * ported in core's test/obistools.ts) and as a person following its identifiers does: each one
 * answers 200 (docs/decisions/0058-obis-ready-archives-and-friendly-files.md).
 */
let ctx: TestContext;
let distDir: string;
let files: Record<string, Uint8Array>;

beforeAll(async () => {
  distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'coral-web-'));
  fs.writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>app</title>');
  ctx = await createTestApp({ WEB_DIST_DIR: distDir });
  const response = await ctx.app.inject({
    url: downloadUrl(downloadFolders.map(), DOWNLOAD_FORMATS.dwca.file),
  });
  expect(response.statusCode).toBe(200);
  files = unzipSync(new Uint8Array(response.rawPayload));
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(distDir, { recursive: true, force: true });
});

const table = (name: string) => readDwcaTable(strFromU8(files[name]!));

describe("the seed map view's Darwin Core Archive", () => {
  it("passes obistools' event-id and date checks with no error", () => {
    const event = table('event.txt');
    const occurrence = table('occurrence.txt');
    const emof = table('extendedmeasurementorfact.txt');
    expect(occurrence.rows.length).toBeGreaterThan(600);
    expect(checkEventIds(event.rows, event.columns)).toEqual([]);
    expect(checkExtensionEventIds(event.rows, occurrence.rows)).toEqual([]);
    expect(checkExtensionEventIds(event.rows, emof.rows)).toEqual([]);
    expect(checkEventDate(event.rows, event.columns)).toEqual([]);
    expect(checkEventDate(occurrence.rows, occurrence.columns)).toEqual([]);
    // Every assay hangs on its site.
    const assays = event.rows.filter((row) => row.eventType === 'CBASS assay');
    expect(assays.length).toBeGreaterThan(0);
    expect(assays.filter((row) => row.parentEventID === '')).toEqual([]);
  });

  it("passes obistools' field check but for scientificNameID where WoRMS was not asked", () => {
    const occurrence = table('occurrence.txt');
    const errors = checkFields(occurrence.rows, occurrence.columns);
    // The test deployment asks no WoRMS (decision 0049), and no recorded WoRMS answer of the
    // seed's coral names or genera exists to replay (decision 0065): the names are "not yet
    // checked", so their identifier is empty, and that is the only error.
    expect(errors.filter((e) => e.field !== 'scientificNameID')).toEqual([]);
  });

  it('leaves the failed fits of the seed out of the measurements', () => {
    const absolute = table('extendedmeasurementorfact.txt').rows.filter((row) =>
      row.measurementType!.endsWith(' absolute'),
    );
    expect(absolute.length).toBeGreaterThan(1000);
    expect(absolute.filter((row) => Number(row.measurementValue) > 45)).toEqual([]);
  });

  it('every identifier resolves to a page or route of the platform that answers 200', async () => {
    const event = table('event.txt');
    const occurrence = table('occurrence.txt');
    const emof = table('extendedmeasurementorfact.txt');
    const ids = new Set<string>();
    for (const row of event.rows) {
      ids.add(row.eventID!);
      if (row.parentEventID) ids.add(row.parentEventID);
      ids.add(row.datasetID!);
    }
    for (const row of occurrence.rows) ids.add(row.occurrenceID!);
    for (const row of emof.rows) {
      ids.add(row.measurementTypeID!);
      if (row.measurementValueID) ids.add(row.measurementValueID);
    }
    const origin = new URL(occurrence.rows[0]!.occurrenceID!).origin;
    // What a browser asks for: the address without its fragment.
    const pages = new Set(
      [...ids].filter((id) => id.startsWith(origin)).map((id) => new URL(id).pathname),
    );
    expect([...pages].some((page) => page.startsWith('/datasets/'))).toBe(true);
    expect([...pages].some((page) => page.startsWith('/api/public/terms/'))).toBe(true);
    expect(pages.has('/quality-flags')).toBe(true);
    const failing: string[] = [];
    for (const page of pages) {
      const response = await ctx.app.inject({ url: page });
      if (response.statusCode !== 200) failing.push(`${page}: ${response.statusCode}`);
    }
    expect(failing).toEqual([]);
  });

  it('a measurement type page defines the type; an unknown one is a 404 naming the known', async () => {
    const ed50 = await ctx.app.inject({ url: '/api/public/terms/ed50-absolute' });
    expect(ed50.json()).toMatchObject({
      id: 'ed50-absolute',
      label: 'ED50 (Thermal Tolerance) absolute',
      unit: '°C',
      unit_id: 'http://vocab.nerc.ac.uk/collection/P06/current/UPAA/',
    });
    const unknown = await ctx.app.inject({ url: '/api/public/terms/ed51' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('ed50-absolute');
  });
});

describe("a folder's datapackage.json", () => {
  it('names files that answer what it describes, with the folder query; any origin may read it', async () => {
    const search = `?species=${encodeURIComponent('Porites lobata')}`;
    const folder = downloadFolders.map();
    const response = await ctx.app.inject({
      url: `${folder}/datapackage.json${search}`,
      headers: { origin: 'https://notebook.example' },
    });
    expect(response.statusCode).toBe(200);
    // CORS for open reads (decision 0051): any origin, never credentials.
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['access-control-allow-credentials']).toBeUndefined();
    const descriptor = response.json<{ resources: { path: string; mediatype: string }[] }>();
    expect(descriptor.resources).toHaveLength(3);
    for (const resource of descriptor.resources) {
      expect(resource.path.endsWith(search)).toBe(true);
      const file = await ctx.app.inject({ url: `${folder}/${resource.path}` });
      expect(file.statusCode, resource.path).toBe(200);
      expect(file.headers['content-type']).toContain(resource.mediatype);
    }
    const csv = await ctx.app.inject({ url: `${folder}/${descriptor.resources[0]!.path}` });
    expect(csv.body).toContain('Porites lobata');
    expect(csv.body).not.toContain('Pocillopora verrucosa');
    const terms = await ctx.app.inject({
      url: '/api/public/terms/',
      headers: { origin: 'https://notebook.example' },
    });
    expect(terms.headers['access-control-allow-origin']).toBe('*');
  });
});
