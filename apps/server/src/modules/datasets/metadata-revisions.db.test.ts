import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type {
  TDataSummary,
  TDatasetActionResult,
  TDatasetDetail,
  TDatasetSummary,
  TErrorResponse,
  TMetadataRevision,
} from '@coral/core';
import { createUser, TestAgent } from '../../../test/auth-client';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { usersService } from '../users/users.service';

/**
 * A curator completes a legacy (seed) dataset's description as a recorded metadata revision
 * (docs/decisions/0064-metadata-revisions.md): who may, CSRF, every bad input refused with its
 * field's message and nothing changed, the history, the citations before and after, the earlier
 * revision's citation unchanged, and the data untouched.
 */
let ctx: TestContext;
let cora: TestAgent;
let chris: TestAgent;
let anonymous: TestAgent;
let datasetId: number;

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.database.db;
  await createUser(db, 'cora');
  await usersService.setRole(db, 'cora', 'curator');
  cora = await new TestAgent(ctx.app).loginOrThrow('cora');
  await createUser(db, 'chris2');
  chris = await new TestAgent(ctx.app).loginOrThrow('chris2');
  anonymous = new TestAgent(ctx.app);
  const datasets = (await anonymous.request({ url: '/api/public/datasets/' })).json<
    TDatasetSummary[]
  >();
  datasetId = datasets.find((d) => d.licence === null && d.creators.length === 0)!.id;
});
afterAll(() => ctx.close());

const revisionsUrl = () => `/api/auth/datasets/${datasetId}/versions/1/revisions/`;
const fileUrl = (file: string, revision?: number) =>
  `/api/public/datasets/${datasetId}/versions/1/${file}${revision === undefined ? '' : `?revision=${revision}`}`;
const revise = (agent: TestAgent, payload: object, csrf = true) =>
  agent.request({ method: 'POST', url: revisionsUrl(), payload, csrf });

const CREATORS = [
  { name: 'Carberry, Josiah', orcid: 'https://orcid.org/0000-0002-1825-0097' },
  { name: 'Evensen, Nicolas R.', orcid: null },
];
const FILES = [
  'citation.bib',
  'citation.ris',
  'citation.json',
  'datacite.json',
  'eml.xml',
  'CITATION.cff',
];

async function text(url: string) {
  const response = await anonymous.request({ url });
  expect(response.statusCode, url).toBe(200);
  return response.body;
}
const detail = async () =>
  (await anonymous.request({ url: `/api/public/datasets/${datasetId}/` })).json<TDatasetDetail>();

/** What a revision must never touch: the version's rows and the public data version. */
async function dataState() {
  const { rows } = await sql<{ colonies: string; eds: string }>`
    SELECT (SELECT count(*) FROM colonies c JOIN datasets d ON d.public_version_id = c.dataset_version_id
             WHERE d.id = ${datasetId}) AS colonies,
           (SELECT string_agg(t.abs_value::text, ',' ORDER BY t.id) FROM thermal_tolerances t
             JOIN datasets d ON d.public_version_id = t.dataset_version_id WHERE d.id = ${datasetId}) AS eds
  `.execute(ctx.database.db);
  const summary = (await anonymous.request({ url: '/api/public/data-summary/' })).json<{
    data_version: { number: number };
  }>();
  return { ...rows[0], dataVersion: summary.data_version.number };
}

describe('a metadata revision of a legacy dataset', () => {
  let before: Record<string, string>;
  let beforeCitation: string;
  let beforeData: Awaited<ReturnType<typeof dataState>>;
  let beforeSummary: TDataSummary;

  it('starts from the legacy citation that credits its source', async () => {
    before = Object.fromEntries(
      await Promise.all(FILES.map(async (f) => [f, await text(fileUrl(f))] as const)),
    );
    beforeCitation = (await detail()).version.citation.text;
    beforeData = await dataState();
    beforeSummary = (
      await anonymous.request({ url: '/api/public/data-summary/' })
    ).json<TDataSummary>();
    expect(beforeCitation).toMatch(
      /\[Data set; creators not recorded, imported from the Coral Future database\]/,
    );
    expect((await detail()).can.revise_metadata).toBe(false);
  });

  it('is refused to a non-curator (403), without CSRF (403) and when logged out', async () => {
    const body = { creators: CREATORS, note: 'Creators as named in the publication' };
    const byOwner = await revise(chris, body);
    expect(byOwner.statusCode).toBe(403);
    expect(byOwner.json<TErrorResponse>().error).toBe(
      'Only curators revise the description of a published dataset.',
    );
    const noCsrf = await revise(cora, body, false);
    expect(noCsrf.statusCode).toBe(403);
    expect(noCsrf.json<TErrorResponse>().code).toBe('CSRF_FAILED');
    // Logged out, no CSRF cookie either: refused before the session is read.
    expect((await revise(anonymous, body)).statusCode).toBe(403);
  });

  it('refuses each bad input with its field and message, and changes nothing', async () => {
    const cases: [object, string, string][] = [
      [
        { creators: [{ name: 'A', orcid: '0000-0002-1825-0096' }], note: 'n' },
        'creators.0.orcid',
        'is not an ORCID iD',
      ],
      [
        { related_publications: [{ doi: 'doi.org/gcb.15148' }], note: 'n' },
        'related_publications.0.doi',
        'is not a DOI',
      ],
      [{ creators: [], note: 'n' }, 'creators', 'Name at least one creator'],
      [{ licence: 'MIT', note: 'n' }, 'licence', 'Choose one of the licences'],
      [{ creators: CREATORS, note: ' ' }, 'note', 'Say why the description changes'],
      [{ licence: 'CC-BY-4.0', note: 'n' }, 'licence_source', 'Say where the rights holder stated'],
      [
        { creators: CREATORS, licence_source: 'e-mail', note: 'n' },
        'licence_source',
        'goes with the licence',
      ],
    ];
    for (const [payload, field, message] of cases) {
      const response = await revise(cora, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      const error = response.json<TErrorResponse>();
      const details = JSON.stringify(error.details);
      expect(details, JSON.stringify(payload)).toContain(field);
      expect(error.error, JSON.stringify(payload)).toContain(message);
    }
    const nothing = await revise(cora, { related_publications: [], note: 'n' });
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json<TErrorResponse>().error).toMatch(/^Nothing changed/);
    expect((await detail()).version.metadata_revision).toBe(0);
    expect((await detail()).version.citation.text).toBe(beforeCitation);
  });

  it('records the revision: credits the creators, states the licence, keeps the data', async () => {
    const response = await revise(cora, {
      creators: CREATORS,
      related_publications: [{ doi: 'https://doi.org/10.1111/gcb.15148', title: null }],
      licence: 'CC-BY-4.0',
      licence_source: 'E-mail of 2026-11-20 from the first author',
      note: 'Creators and licence stated by the first author',
    });
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json<TDatasetActionResult>();
    expect(result.message).toMatch(/^Revision 1 of version 1's description was recorded/);

    const page = await detail();
    expect(page.version.metadata_revision).toBe(1);
    expect(page.version.metadata.creators[0]).toEqual({
      name: 'Carberry, Josiah',
      affiliation: null,
      orcid: '0000-0002-1825-0097',
    });
    expect(page.version.metadata.related_publications).toEqual([
      { doi: '10.1111/gcb.15148', title: null },
    ]);
    expect(page.version.metadata.licence).toBe('CC-BY-4.0');
    const today = new Date().toISOString().slice(0, 10);
    expect(page.version.citation.text).toMatch(
      new RegExp(
        `^Carberry, J\\., & Evensen, N\\. R\\. \\(\\d{4}\\)\\. .* \\(Version 1, description revision 1 of ${today}\\) \\[Data set\\]\\.`,
      ),
    );
    expect(page.history.at(-1)).toMatchObject({
      action: 'metadata_revised',
      actor: 'cora',
      version: 1,
      revision: 1,
      message: 'Creators and licence stated by the first author',
    });

    const listed = (
      await anonymous.request({ url: `/api/public/datasets/${datasetId}/versions/1/revisions/` })
    ).json<TMetadataRevision[]>();
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({
      number: 1,
      curator: 'cora',
      licence_source: 'E-mail of 2026-11-20 from the first author',
    });
    expect(Object.keys(listed[0]!.changes).sort()).toEqual([
      'creators',
      'licence',
      'related_publications',
    ]);

    expect(await dataState()).toEqual(beforeData);
  });

  it("counts the licence it states in the footer's summary at once, at the same data version", async () => {
    // The summary was read (and cached) before the revision, by dataState().
    const summary = (
      await anonymous.request({ url: '/api/public/data-summary/' })
    ).json<TDataSummary>();
    expect(summary.data_version.number).toBe(beforeData.dataVersion);
    const count = (s: TDataSummary, licence: string | null) =>
      s.licences.find((row) => row.licence === licence)?.datasets ?? 0;
    expect(count(summary, 'CC-BY-4.0')).toBe(count(beforeSummary, 'CC-BY-4.0') + 1);
    expect(count(summary, null)).toBe(count(beforeSummary, null) - 1);
    expect(summary.datasets).toBe(beforeSummary.datasets);
  });

  it('cites the creators in every format, and the earlier revision exactly as before', async () => {
    for (const file of FILES) {
      const now = await text(fileUrl(file));
      expect(now, file).toContain('Carberry');
      expect(now, file).not.toContain('Creators not recorded');
      // The description as published stays citable, unchanged.
      expect(await text(fileUrl(file, 0)), file).toBe(before[file]);
      expect(await text(fileUrl(file, 1)), file).toBe(now);
    }
    expect(await text(fileUrl('citation.bib'))).toMatch(/description revision 1 of/);
    expect(await text(fileUrl('datacite.json'))).toMatch(/"dateType":\s*"Updated"/);
    const missing = await anonymous.request({ url: fileUrl('citation.bib', 2) });
    expect(missing.statusCode).toBe(404);
    expect(missing.json<TErrorResponse>().error).toBe(
      `Dataset ${datasetId} version 1 has no description revision 2.`,
    );
  });

  it('refuses a licence change once one is stated, and a withdrawn dataset', async () => {
    const again = await revise(cora, { licence: 'CC0-1.0', licence_source: 'mail', note: 'n' });
    expect(again.statusCode).toBe(400);
    expect(again.json<TErrorResponse>().error).toMatch(/already stated \(CC BY 4\.0\)/);
    const withdrawn = await cora.request({
      method: 'POST',
      url: `/api/auth/datasets/${datasetId}/withdraw/`,
      payload: { reason: 'Duplicate of another dataset' },
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    const refused = await revise(cora, { creators: [CREATORS[1]], note: 'n' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<TErrorResponse>().error).toBe('This dataset has been withdrawn.');
  });
});
