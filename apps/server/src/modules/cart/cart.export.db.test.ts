import fs from 'node:fs';
import path from 'node:path';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CART_EXPORT_FILE_COLUMNS } from '@coral/core';
import { repoRoot } from '../../config';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { createUser, TestAgent } from '../../../test/auth-client';
import { seedJson } from '../../../test/seed-json';
import { createCartService } from './cart.service';

let ctx: TestContext;
let ann: TestAgent;
const allColonyIds = seedJson.colonies.map((c) => c.id);

beforeAll(async () => {
  ctx = await createTestApp();
  await createUser(ctx.database.db, 'ann');
  ann = await new TestAgent(ctx.app).loginOrThrow('ann');
});
afterAll(() => ctx.close());

async function addGroup(name: string, colonyIds: number[]) {
  const response = await ann.request({
    method: 'POST',
    url: '/api/auth/cart/',
    payload: { colony_ids: colonyIds, name },
  });
  expect(response.statusCode).toBe(201);
  return response.json<{ group_id: number }>().group_id;
}

async function exportCsv(payload: Record<string, unknown>) {
  const response = await ann.request({ method: 'POST', url: '/api/auth/cart/export/', payload });
  expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
  return response.body;
}

function parse(csv: string) {
  const parsed = Papa.parse<Record<string, string>>(csv, { header: true, skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  return parsed.data;
}

/** Rows the export must have for a colony, computed from the raw seed file. */
function expectedRowCount(colonyId: number) {
  const tuples = new Set(
    (['thermal_tolerances', 'breakpoint_temperatures', 'thermal_limits'] as const).flatMap((kind) =>
      seedJson[kind]
        .filter((t) => t.colony === colonyId)
        .map((t) => JSON.stringify([t.condition, t.timepoint])),
    ),
  );
  return Math.max(1, tuples.size);
}

describe('POST /api/auth/cart/export/', () => {
  let csv: string;
  let rows: Record<string, string>[];
  beforeAll(async () => {
    const id = await addGroup('All colonies', allColonyIds);
    csv = await exportCsv({ group_ids: [id], export_all: false });
    rows = parse(csv);
  });

  it('writes UTF-8 with a BOM, CRLF line ends and the documented header', () => {
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    const header = CART_EXPORT_FILE_COLUMNS.map((c) => c.header).join(',');
    expect(csv.slice(1, header.length + 3)).toBe(`${header}\r\n`);
    expect(csv.split('\r\n').length).toBeGreaterThan(rows.length);
  });

  it('has one row per colony × condition × timepoint', () => {
    const expected = allColonyIds.reduce((sum, id) => sum + expectedRowCount(id), 0);
    expect(rows).toHaveLength(expected);
    expect(new Set(rows.map((r) => r.colony_id)).size).toBe(682);
  });

  it('carries the values of the seed', () => {
    const biosampleProjects = new Set(
      seedJson.biosamples.filter((b) => b.colony === 658).map((b) => b.id),
    );
    const projects = seedJson.projects.filter((p) =>
      p.biosamples.some((b) => biosampleProjects.has(b)),
    );
    const dois = [
      ...new Set(
        projects.flatMap((p) =>
          p.publications.map((id) => seedJson.publications.find((pub) => pub.id === id)!.doi),
        ),
      ),
    ].sort();
    const row = rows.find((r) => r.colony_id === '658' && r.condition === 'Winter')!;
    expect(Object.keys(row)).toEqual(CART_EXPORT_FILE_COLUMNS.map((c) => c.header));
    expect(row).toMatchObject({
      group_name: 'All colonies',
      project_names: projects.map((p) => p.name).join('; '),
      colony_id: '658',
      colony_name: 'Vatu-o-lalai_Porites_cylindrica_1',
      species: 'Porites cylindrica',
      country: 'FJI',
      latitude: '-18.20583554',
      longitude: '177.6889888',
      condition: 'Winter',
      timepoint: '420',
      sst_clim_mmm: '28.45',
      ed50_abs: '37.57',
      ed50_rel: '9.12',
      ed5_abs: '35.83',
      ed5_rel: '7.38',
      ed95_abs: '39.38',
      ed95_rel: '10.93',
      quality_flags: '',
      publication_dois: dois.join('; '),
      dataset_id: '1',
      dataset_version: '1',
      licence: 'not stated',
      citation_key: 'coral-dataset-1-v1',
      ed50_method: 'As submitted',
      ed5_method: 'As submitted',
      ed95_method: 'As submitted',
    });
  });

  it('keeps failed fits with their quality flags', () => {
    const worst = rows.find((r) => r.ed50_abs === '2365.11')!;
    expect(worst.quality_flags).toContain('ED50:implausible_absolute');
    expect(rows.find((r) => r.ed95_abs === '4532757.21')).toBeDefined();
  });

  it('writes negative numbers as numbers, not neutralised text', () => {
    expect(rows.filter((r) => r.ed5_rel!.startsWith('-')).length).toBe(12);
    expect(rows.filter((r) => r.latitude!.startsWith('-')).length).toBeGreaterThan(0);
    expect(csv).not.toMatch(/,'-\d/);
  });

  it('exports all groups, newest first, and an empty cart as a header only', async () => {
    await createUser(ctx.database.db, 'empty');
    const empty = await new TestAgent(ctx.app).loginOrThrow('empty');
    const emptyCsv = (
      await empty.request({
        method: 'POST',
        url: '/api/auth/cart/export/',
        payload: { export_all: true },
      })
    ).body;
    expect(parse(emptyCsv)).toEqual([]);
    expect(emptyCsv.trimEnd().split('\r\n')).toHaveLength(1);

    await addGroup('newest', [659]);
    const names = [
      ...new Set(parse(await exportCsv({ export_all: true })).map((r) => r.group_name)),
    ];
    expect(names.slice(0, 2)).toEqual(['newest', 'All colonies']);
  });

  it('refuses an export without groups unless export_all is set', async () => {
    const response = await ann.request({
      method: 'POST',
      url: '/api/auth/cart/export/',
      payload: { group_ids: [] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'Choose at least one group to export, or set export_all.',
      code: 'VALIDATION_FAILED',
    });
  });
});

describe('hostile group names in the export', () => {
  const names: [string, string][] = [
    ['Quotes "double" and \'single\'', 'Quotes "double" and \'single\''],
    ['Commas, and; more', 'Commas, and; more'],
    ['Line one\nline two\r\nline three', 'Line one\nline two\r\nline three'],
    ["x'); DROP TABLE colonies;--", "x'); DROP TABLE colonies;--"],
    ['<img src=x onerror=alert(1)>', '<img src=x onerror=alert(1)>'],
    ['=HYPERLINK("http://evil.example","x")', `'=HYPERLINK("http://evil.example","x")`],
    ['+SUM(1)', "'+SUM(1)"],
    ['-2+3', "'-2+3"],
    ['@cmd', "'@cmd"],
  ];

  it('round-trips through papaparse, with formulas neutralised', async () => {
    const ids: number[] = [];
    for (const [name] of names) ids.push(await addGroup(name, [658]));
    const rows = parse(await exportCsv({ group_ids: ids }));
    const exported = [...new Set(rows.map((r) => r.group_name))];
    expect(exported.sort()).toEqual(names.map(([, cell]) => cell).sort());
    expect(rows.every((r) => r.colony_id === '658')).toBe(true);
  });
});

describe('streaming', () => {
  it('reads the colonies in keyset pages, only as fast as the client takes them', async () => {
    const id = await addGroup('paged', allColonyIds);
    const { id: userId } = await ctx.database.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'ann')
      .executeTakeFirstOrThrow();
    const user = { userId, username: 'ann', role: 'contributor' as const, orcid: null };
    const service = createCartService(ctx.database.db, {
      publicUrl: ctx.config.publicUrl,
      exportChunkSize: 100,
    });
    const pageQueries = () =>
      ctx.queries.filter((q) => /cart_group_colonies/.test(q) && /LIMIT/i.test(q)).length;

    ctx.queries.length = 0;
    const stream = await service.exportCsv(user, { group_ids: [id], export_all: false });
    const chunks: Buffer[] = [];
    for await (const chunk of stream) {
      // after the first chunk, at most the next page has been read ahead
      if (chunks.length === 0) expect(pageQueries()).toBeLessThanOrEqual(2);
      chunks.push(chunk as Buffer);
    }
    expect(pageQueries()).toBe(Math.ceil(682 / 100));
    const rows = parse(Buffer.concat(chunks).toString('utf8'));
    expect(new Set(rows.map((r) => r.colony_id)).size).toBe(682);
  });
});

describe('docs/cart-export.md', () => {
  it('documents every column', () => {
    const doc = fs.readFileSync(path.join(repoRoot, 'docs/cart-export.md'), 'utf8');
    for (const column of CART_EXPORT_FILE_COLUMNS) expect(doc).toContain(`\`${column.header}\``);
  });
});

describe('a group saved with "Hide flagged values"', () => {
  it('shows, exports and downloads its colonies without the values a failed fit flagged', async () => {
    // Colony 663 has an ED50 of 58.59 °C in winter: implausible, flagged.
    const response = await ann.request({
      method: 'POST',
      url: '/api/auth/cart/',
      payload: { colony_ids: [663, 664], name: 'Unflagged', filter_params: { hideFlagged: true } },
    });
    expect(response.statusCode).toBe(201);
    const groupId = response.json<{ group_id: number }>().group_id;

    const listed = (await ann.request({ url: '/api/auth/cart/' })).json<
      {
        id: number;
        colonies: {
          colony: { id: number };
          thermal_tolerances: { abs_thermal_tolerance: number | null }[];
        }[];
      }[]
    >();
    const flagged = listed
      .find((g) => g.id === groupId)!
      .colonies.find((c) => c.colony.id === 663)!;
    expect(flagged.thermal_tolerances.map((t) => t.abs_thermal_tolerance)).not.toContain(58.59);

    const exported = parse(await exportCsv({ group_ids: [groupId] }));
    const flags = exported.map((row) => row.quality_flags).join(' ');
    expect(flags).not.toMatch(/implausible_absolute/);
    expect(
      exported.filter((row) => row.colony_id === '663').map((row) => row.ed50_abs),
    ).not.toContain('58.59');

    const download = await ann.request({
      url: `/api/auth/cart/group/${groupId}/downloads/colonies.csv`,
    });
    expect(download.body).not.toMatch(/implausible_absolute/);
    expect(download.body).toMatch(/\n(?:[^\n]*,)?663,/);
  });
});
