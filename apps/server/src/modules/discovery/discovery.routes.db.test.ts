import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDatasetSummary } from '@coral/core';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { curator } from '../../../test/dataset-helpers';
import { createDatasetsService } from '../datasets/datasets.service';

/** The built app's shell, as Vite writes it: a title and a script, nothing a crawler can read. */
const INDEX = [
  '<!doctype html>',
  '<html lang="en">',
  '  <head>',
  '    <meta charset="UTF-8" />',
  '    <title>Coral Thermal Tolerance</title>',
  '    <script type="module" src="/assets/app-1.js"></script>',
  '  </head>',
  '  <body><div id="root"></div></body>',
  '</html>',
].join('\n');

let ctx: TestContext;
let distDir: string;
let datasets: TDatasetSummary[];

beforeAll(async () => {
  distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'coral-web-'));
  fs.writeFileSync(path.join(distDir, 'index.html'), INDEX);
  ctx = await createTestApp({ WEB_DIST_DIR: distDir });
  datasets = (await ctx.app.inject({ url: '/api/public/datasets/' })).json<TDatasetSummary[]>();
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(distDir, { recursive: true, force: true });
});

/** What a crawler that runs no script sees: the HTML as served. */
async function page(url: string) {
  const response = await ctx.app.inject({ url });
  const html = response.body;
  const title = /<title>([^<]*)<\/title>/.exec(html)?.[1];
  const description = /<meta name="description" content="([^"]*)"/.exec(html)?.[1];
  const canonical = /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1];
  const ld = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1];
  return {
    status: response.statusCode,
    html,
    title,
    description,
    canonical,
    jsonLd: ld === undefined ? undefined : (JSON.parse(ld) as Record<string, unknown>),
  };
}

describe('dataset pages as a crawler sees them', () => {
  it('a dataset version page has its title, description, canonical link and Dataset JSON-LD', async () => {
    const dataset = datasets.find((d) => !d.withdrawn)!;
    const url = `/datasets/${dataset.id}/versions/${dataset.version}`;
    const seen = await page(url);
    expect(seen.status).toBe(200);
    expect(seen.html).toContain('<div id="root"></div>');
    expect(seen.title).toContain(dataset.title.replaceAll('&', '&amp;'));
    expect(seen.title).toContain(`version ${dataset.version}`);
    expect(seen.html.match(/<title>/g)).toHaveLength(1);
    expect(seen.description!.length).toBeGreaterThan(50);
    expect(seen.canonical).toBe(`${ctx.config.publicUrl}${url}`);

    const ld = seen.jsonLd!;
    expect(ld['@context']).toBe('https://schema.org');
    expect(ld['@type']).toBe('Dataset');
    expect(ld.name).toBe(dataset.title);
    expect(String(ld.description).length).toBeGreaterThanOrEqual(50);
    expect(ld.url).toBe(`${ctx.config.publicUrl}${url}`);
    expect(ld.identifier).toBeTruthy();
    expect(Array.isArray(ld.creator) && ld.creator.length).toBeGreaterThan(0);
    // The seed states no licence: none is claimed.
    if (dataset.licence === null) expect(ld.license).toBeUndefined();
    const distribution = ld.distribution as { contentUrl: string; encodingFormat: string }[];
    expect(distribution.map((d) => d.encodingFormat)).toEqual(
      expect.arrayContaining(['text/csv', 'application/geo+json', 'application/zip']),
    );
    for (const { contentUrl } of distribution) {
      const download = await ctx.app.inject({ url: contentUrl.slice(ctx.config.publicUrl.length) });
      expect(download.statusCode, contentUrl).toBe(200);
    }
    const box = (ld.spatialCoverage as { geo: { box: string } }).geo.box.split(' ').map(Number);
    expect(box).toHaveLength(4);
    expect(box.every(Number.isFinite)).toBe(true);
  });

  it('a dataset page without version gives the version readers see', async () => {
    const dataset = datasets.find((d) => !d.withdrawn)!;
    const seen = await page(`/datasets/${dataset.id}`);
    expect(seen.canonical).toBe(
      `${ctx.config.publicUrl}/datasets/${dataset.id}/versions/${dataset.version}`,
    );
    expect(seen.jsonLd?.['@type']).toBe('Dataset');
  });

  it('a withdrawn dataset says so and claims no Dataset', async () => {
    const dataset = datasets.at(-1)!;
    const service = createDatasetsService(ctx.database.db, { publicUrl: ctx.config.publicUrl });
    await service.withdraw(
      await curator(ctx.database.db),
      String(dataset.id),
      'Duplicate <entry>.',
    );
    const seen = await page(`/datasets/${dataset.id}/versions/${dataset.version}`);
    expect(seen.title).toContain('(withdrawn)');
    expect(seen.description).toContain('Duplicate &lt;entry&gt;.');
    expect(seen.jsonLd).toBeUndefined();
  });

  it('an unknown dataset, version or page keeps the plain shell', async () => {
    for (const url of ['/datasets/999999/versions/1', '/datasets/abc', '/colony/999999999']) {
      const seen = await page(url);
      expect(seen.html).toBe(INDEX);
    }
  });

  it('colony, species and project pages have sensible titles', async () => {
    const colony = (await ctx.app.inject({ url: '/api/public/colonies/?limit=1' })).json<
      { id: number; name: string; species: string }[]
    >()[0]!;
    const colonyPage = await page(`/colony/${colony.id}`);
    expect(colonyPage.title).toContain(colony.name);
    expect(colonyPage.title).toContain(colony.species);

    const speciesPage = await page(`/species/${encodeURIComponent(colony.species)}`);
    expect(speciesPage.title).toContain(colony.species);
    expect(speciesPage.description).toMatch(/\d+ coral colonies/);

    const project = (await ctx.app.inject({ url: '/api/public/projects/?limit=1' })).json<
      { id: number; name: string }[]
    >()[0]!;
    const projectPage = await page(`/project/${project.id}`);
    expect(projectPage.title).toContain('(project)');
    expect(projectPage.canonical).toBe(`${ctx.config.publicUrl}/project/${project.id}`);
  });
});

describe('robots.txt and the sitemap', () => {
  it('robots.txt keeps crawlers out of accounts and points at the sitemap', async () => {
    const response = await ctx.app.inject({ url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    expect(response.body).toContain('Disallow: /api/auth/');
    expect(response.body).toContain(`Sitemap: ${ctx.config.publicUrl}/sitemap.xml`);
  });

  it('the sitemap lists the public dataset versions, projects, species and colonies', async () => {
    const response = await ctx.app.inject({ url: '/sitemap.xml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/xml');
    const locs = [...response.body.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!);
    const live = datasets.filter((d) => !d.withdrawn).slice(0, -1);
    for (const d of live) {
      expect(locs).toContain(`${ctx.config.publicUrl}/datasets/${d.id}/versions/${d.version}`);
    }
    expect(locs.some((l) => l.includes('/project/'))).toBe(true);
    expect(locs.some((l) => l.includes('/species/'))).toBe(true);
    expect(locs.some((l) => l.includes('/colony/'))).toBe(true);
    expect(new Set(locs).size).toBe(locs.length);
  });
});
