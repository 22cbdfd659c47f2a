import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DOWNLOAD_FORMATS,
  downloadFolders,
  downloadUrl,
  GEOJSON_PROPERTIES,
  THRESHOLD_KINDS,
} from '@coral/core';
import { createTestApp, type TestContext } from '../../../test/test-app';

/**
 * The seed map view's GeoJSON as GDAL reads it (QGIS and ArcGIS read through GDAL/OGR): numeric
 * ED columns, and a Shapefile conversion that keeps every column
 * (docs/decisions/0058-obis-ready-archives-and-friendly-files.md). Runs where GDAL's command-line
 * tools are installed (Debian: gdal-bin); core's download-geojson.test.ts checks the property
 * types and names without it.
 */
const hasGdal = spawnSync('ogrinfo', ['--version']).status === 0;
let ctx: TestContext;
let folder: string;
let geojson: string;

beforeAll(async () => {
  if (!hasGdal) return;
  folder = mkdtempSync(path.join(tmpdir(), 'coral-gdal-'));
  ctx = await createTestApp();
  const response = await ctx.app.inject({
    url: downloadUrl(downloadFolders.map(), DOWNLOAD_FORMATS.geojson.file),
  });
  expect(response.statusCode).toBe(200);
  geojson = path.join(folder, 'colonies.geojson');
  writeFileSync(geojson, response.body);
});
afterAll(async () => {
  if (!hasGdal) return;
  await ctx.close();
  rmSync(folder, { recursive: true, force: true });
});

/** `name: Type` lines of `ogrinfo -so -al`. */
function fieldTypes(source: string): Record<string, string> {
  const text = execFileSync('ogrinfo', ['-ro', '-so', '-al', source], { encoding: 'utf8' });
  return Object.fromEntries(
    [...text.matchAll(/^(\w+): (\w+(?:\(\w+\))?) \(/gm)].map((m) => [m[1]!, m[2]!]),
  );
}

// Skipped on a machine without GDAL (Debian gdal-bin), never in CI: CI installs it.
describe.skipIf(!hasGdal && !process.env.CI)("the seed map view's GeoJSON in GDAL", () => {
  it('reads every flat ED property as a Real column', () => {
    const types = fieldTypes(geojson);
    for (const kind of THRESHOLD_KINDS) {
      expect(types[`${kind}_abs`]).toBe('Real');
      expect(types[`${kind}_rel`]).toBe('Real');
    }
    expect(Object.keys(types)).toEqual(GEOJSON_PROPERTIES.map((p) => p.key));
  });

  it('converts to a Shapefile without dropping a column', () => {
    const shapefile = path.join(folder, 'shp');
    const run = spawnSync('ogr2ogr', ['-f', 'ESRI Shapefile', shapefile, geojson], {
      encoding: 'utf8',
    });
    expect(run.stderr).not.toContain('ERROR');
    const types = fieldTypes(shapefile);
    expect(Object.keys(types)).toEqual(GEOJSON_PROPERTIES.map((p) => p.key.slice(0, 10)));
    expect(types.ed50_abs).toBe('Real');
  });
});
