import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oaiDatestamp, PUBLIC_STATES, type TDatasetSummary } from '@coral/core';
import { xmlSchemaErrors, type XmlSchema } from '@coral/core/testing';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { createUser } from '../../../test/auth-client';
import { curator } from '../../../test/dataset-helpers';
import { createDatasetsService } from '../datasets/datasets.service';

/** The official OAI-PMH 2.0 schema (fixtures/schemas/oai-pmh/SOURCE.md). */
const OAI_XSD = path.resolve(__dirname, '../../../../../fixtures/schemas/oai-pmh/OAI-PMH.xsd');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'oai-'));
let files = 0;

/** xmllint's verdict on a response: "" when valid against the schema, else its complaints. */
function schemaErrors(xml: string): string {
  const file = path.join(tmp, `response-${files++}.xml`);
  fs.writeFileSync(file, xml);
  try {
    execFileSync('xmllint', ['--noout', '--nonet', '--schema', OAI_XSD, file], { stdio: 'pipe' });
    return '';
  } catch (error) {
    return String((error as { stderr?: Buffer }).stderr ?? error);
  }
}

/** Well-formed XML (the records' metadata is checked by its own schema elsewhere). */
function wellFormed(xml: string): boolean {
  const file = path.join(tmp, `record-${files++}.xml`);
  fs.writeFileSync(file, xml);
  try {
    execFileSync('xmllint', ['--noout', '--nonet', file], { stdio: 'pipe' });
    return true;
  } catch {
    return false;
  }
}

let ctx: TestContext;
let withdrawnId: number;
const PAGE = 3;

beforeAll(async () => {
  ctx = await createTestApp({ OAI_PAGE_SIZE: String(PAGE) });
  const list = (await ctx.app.inject({ url: '/api/public/datasets/' })).json<TDatasetSummary[]>();
  withdrawnId = list[0]!.id;
  const datasets = createDatasetsService(ctx.database.db, { publicUrl: ctx.config.publicUrl });
  await datasets.withdraw(await curator(ctx.database.db), String(withdrawnId), 'Duplicate.');
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const oai = async (query: string) => {
  const response = await ctx.app.inject({ url: `/oai?${query}` });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toContain('text/xml');
  return response.body;
};
const all = (xml: string, tag: string) =>
  [...xml.matchAll(new RegExp(`<${tag}[^>]*>([^<]*)</${tag}>`, 'g'))].map((m) => m[1]!);
const tokenOf = (xml: string) => /<resumptionToken[^>]*>([^<]*)<\/resumptionToken>/.exec(xml)?.[1];

describe('OAI-PMH', () => {
  it('identifies itself, lists its formats and one set per project, valid against the schema', async () => {
    const identify = await oai('verb=Identify');
    expect(schemaErrors(identify)).toBe('');
    expect(identify).toContain('<deletedRecord>persistent</deletedRecord>');
    expect(identify).toContain(`<baseURL>${ctx.config.publicUrl}/oai</baseURL>`);

    const formats = await oai('verb=ListMetadataFormats');
    expect(schemaErrors(formats)).toBe('');
    expect(all(formats, 'metadataPrefix')).toEqual(['oai_dc', 'oai_datacite', 'eml']);

    const sets = await oai('verb=ListSets');
    expect(schemaErrors(sets)).toBe('');
    const projects = await sql<{ n: number }>`
      SELECT count(DISTINCT d.project_id)::int AS n FROM datasets d
      JOIN dataset_versions v ON v.dataset_id = d.id
      WHERE v.state = ANY(${[...PUBLIC_STATES]}::text[])`.execute(ctx.database.db);
    expect(all(sets, 'setSpec')).toHaveLength(projects.rows[0]!.n);
  });

  it('a harvest with resumption lists every public version once, the withdrawn one as deleted', async () => {
    const expected = await sql<{ dataset_id: number; number: number }>`
      SELECT dataset_id, number FROM dataset_versions
      WHERE state = ANY(${[...PUBLIC_STATES]}::text[])`.execute(ctx.database.db);
    expect(expected.rows.length).toBeGreaterThan(PAGE);
    const host = new URL(ctx.config.publicUrl).hostname;

    const identifiers: string[] = [];
    const deleted: string[] = [];
    let page = await oai('verb=ListIdentifiers&metadataPrefix=oai_dc');
    for (let pages = 1; ; pages++) {
      expect(schemaErrors(page)).toBe('');
      identifiers.push(...all(page, 'identifier'));
      deleted.push(
        ...[...page.matchAll(/<header status="deleted">\s*<identifier>([^<]*)</g)].map(
          (m) => m[1]!,
        ),
      );
      const token = tokenOf(page);
      if (!token) break;
      expect(pages).toBeLessThan(100);
      page = await oai(`verb=ListIdentifiers&resumptionToken=${encodeURIComponent(token)}`);
    }
    expect(new Set(identifiers).size).toBe(identifiers.length);
    expect(identifiers.sort()).toEqual(
      expected.rows.map((r) => `oai:${host}:dataset-${r.dataset_id}-v${r.number}`).sort(),
    );
    expect(deleted).toContain(`oai:${host}:dataset-${withdrawnId}-v1`);
    expect(deleted.every((id) => id.includes(`dataset-${withdrawnId}-`))).toBe(true);
  });

  it("every record's metadata is valid against its format's own schema, over a whole harvest", async () => {
    const schemaOf: Record<string, XmlSchema> = {
      oai_dc: 'oaiDc',
      oai_datacite: 'datacite',
      eml: 'eml',
    };
    for (const [prefix, schema] of Object.entries(schemaOf)) {
      let page = await oai(`verb=ListRecords&metadataPrefix=${prefix}`);
      let records = 0;
      for (;;) {
        expect(wellFormed(page)).toBe(true);
        for (const [, metadata] of page.matchAll(
          /<metadata>\s*([\s\S]*?)\s*<\/metadata>\s*<\/record>/g,
        )) {
          expect(xmlSchemaErrors(metadata!, schema), `${prefix} record ${records}`).toBe('');
          records += 1;
        }
        const token = tokenOf(page);
        if (!token) break;
        page = await oai(`verb=ListRecords&resumptionToken=${encodeURIComponent(token)}`);
      }
      expect(records, prefix).toBeGreaterThan(PAGE);
    }
  });

  it('ListRecords gives each format; a deleted record has no metadata', async () => {
    for (const prefix of ['oai_dc', 'oai_datacite', 'eml']) {
      const page = await oai(`verb=ListRecords&metadataPrefix=${prefix}`);
      expect(wellFormed(page)).toBe(true);
      expect(all(page, 'identifier').length).toBeGreaterThan(0);
      expect(tokenOf(page)).toBeTruthy();
    }
    const dc = await oai('verb=ListRecords&metadataPrefix=oai_dc');
    expect(dc).toContain('<dc:type>Dataset</dc:type>');
    const host = new URL(ctx.config.publicUrl).hostname;
    const gone = await oai(
      `verb=GetRecord&metadataPrefix=oai_datacite&identifier=oai:${host}:dataset-${withdrawnId}-v1`,
    );
    expect(schemaErrors(gone)).toBe('');
    expect(gone).toContain('<header status="deleted">');
    expect(gone).not.toContain('<metadata>');
  });

  it('GetRecord gives DataCite XML and EML of a live version', async () => {
    const host = new URL(ctx.config.publicUrl).hostname;
    const live = all(await oai('verb=ListIdentifiers&metadataPrefix=oai_dc'), 'identifier').find(
      (id) => !id.includes(`dataset-${withdrawnId}-`),
    )!;
    expect(live.startsWith(`oai:${host}:`)).toBe(true);
    const datacite = await oai(`verb=GetRecord&metadataPrefix=oai_datacite&identifier=${live}`);
    expect(wellFormed(datacite)).toBe(true);
    expect(datacite).toContain('<resource xmlns="http://datacite.org/schema/kernel-4"');
    expect(datacite).toContain('<resourceType resourceTypeGeneral="Dataset">');
    // Where and when its colonies were gathered, as the version's own DataCite file (decision 0065).
    expect(datacite).toContain('<geoLocationBox>');
    expect(datacite).toMatch(
      /<date dateType="Collected">\d{4}-\d{2}-\d{2}(\/\d{4}-\d{2}-\d{2})?<\/date>/,
    );
    const eml = await oai(`verb=GetRecord&metadataPrefix=eml&identifier=${live}`);
    expect(wellFormed(eml)).toBe(true);
    expect(eml).toContain('<eml:eml');
    expect(eml).not.toContain('<?xml version="1.0" encoding="UTF-8"?>\n<eml');
  });

  it("a curator's revision moves the record's datestamp, so a harvest from after the publication picks it up, naming the revision", async () => {
    const host = new URL(ctx.config.publicUrl).hostname;
    const list = (await ctx.app.inject({ url: '/api/public/datasets/' })).json<TDatasetSummary[]>();
    const revised = list.find((d) => d.id !== withdrawnId && d.creators.length === 0)!;
    const identifier = `oai:${host}:dataset-${revised.id}-v${revised.version}`;
    const published = new Date(revised.published_at!);
    // The first second after the publication (OAI-PMH dates are to the second, `from` inclusive).
    const from = oaiDatestamp(new Date(published.getTime() + 1000));
    while (Date.now() < Date.parse(from)) await new Promise((done) => setTimeout(done, 100));
    const harvest = `verb=ListIdentifiers&metadataPrefix=oai_dc&from=${from}`;
    expect(all(await oai(harvest), 'identifier')).not.toContain(identifier);

    const datasets = createDatasetsService(ctx.database.db, { publicUrl: ctx.config.publicUrl });
    await datasets.reviseMetadata(
      await curator(ctx.database.db),
      String(revised.id),
      String(revised.version),
      {
        creators: [{ name: 'Carberry, Josiah', orcid: '0000-0002-1825-0097', affiliation: null }],
        licence_source: null,
        note: 'Creators as named in the publication',
      },
    );
    const { rows } = await sql<{ at: Date }>`
      SELECT metadata_revised_at AS at FROM dataset_versions
      WHERE dataset_id = ${revised.id} AND number = ${revised.version}`.execute(ctx.database.db);
    const revisedAt = rows[0]!.at;

    const after = await oai(harvest);
    expect(schemaErrors(after)).toBe('');
    // Only the revised record (and the one withdrawn since, a change of its own) is new.
    expect(
      all(after, 'identifier').filter((id) => !id.includes(`dataset-${withdrawnId}-`)),
    ).toEqual([identifier]);
    // A record has one datestamp, its latest change: a harvest until before it no longer lists it.
    const until = oaiDatestamp(new Date(Date.parse(from) - 1000));
    expect(
      all(await oai(`verb=ListIdentifiers&metadataPrefix=oai_dc&until=${until}`), 'identifier'),
    ).not.toContain(identifier);

    const day = revisedAt.toISOString().slice(0, 10);
    const dc = await oai(`verb=GetRecord&metadataPrefix=oai_dc&identifier=${identifier}`);
    expect(all(dc, 'datestamp')).toEqual([oaiDatestamp(revisedAt)]);
    expect(dc).toContain('<dc:creator>Carberry, Josiah</dc:creator>');
    expect(dc).toContain(`<dc:date>${day}</dc:date>`);
    expect(dc).toContain(`description revision 1 of ${day}`);
    const datacite = await oai(
      `verb=GetRecord&metadataPrefix=oai_datacite&identifier=${identifier}`,
    );
    expect(datacite).toContain(`<date dateType="Updated">${day}</date>`);
    const eml = await oai(`verb=GetRecord&metadataPrefix=eml&identifier=${identifier}`);
    expect(eml).toContain(`description revision 1 of ${day}`);
  });

  it("an owner's in-place edit of the description moves the record's datestamp, so a harvest from before it picks it up", async () => {
    const host = new URL(ctx.config.publicUrl).hostname;
    const list = (await ctx.app.inject({ url: '/api/public/datasets/' })).json<TDatasetSummary[]>();
    // A published version not touched by the tests above (not withdrawn, not revised).
    const edited = list.find((d) => d.id !== withdrawnId && d.creators.length === 0)!;
    const identifier = `oai:${host}:dataset-${edited.id}-v${edited.version}`;
    const ownerId = await createUser(ctx.database.db, 'olga');
    await sql`UPDATE datasets SET owner_id = ${ownerId} WHERE id = ${edited.id}`.execute(
      ctx.database.db,
    );
    // The next second (OAI-PMH dates are to the second, `from` inclusive): after every change so far.
    const from = oaiDatestamp(new Date(Date.now() + 1000));
    while (Date.now() < Date.parse(from)) await new Promise((done) => setTimeout(done, 100));
    const harvest = `verb=ListIdentifiers&metadataPrefix=oai_dc&from=${from}`;
    expect(await oai(harvest)).toContain('noRecordsMatch');

    const datasets = createDatasetsService(ctx.database.db, { publicUrl: ctx.config.publicUrl });
    await datasets.editMetadata(
      { userId: ownerId, role: 'contributor' },
      String(edited.id),
      String(edited.version),
      { title: 'Thermal tolerance of corals, retitled by its owner' },
    );
    const { rows } = await sql<{ at: Date }>`
      SELECT metadata_edited_at AS at FROM dataset_versions
      WHERE dataset_id = ${edited.id} AND number = ${edited.version}`.execute(ctx.database.db);

    const after = await oai(harvest);
    expect(schemaErrors(after)).toBe('');
    expect(all(after, 'identifier')).toEqual([identifier]);
    const dc = await oai(`verb=GetRecord&metadataPrefix=oai_dc&identifier=${identifier}`);
    expect(all(dc, 'datestamp')).toEqual([oaiDatestamp(rows[0]!.at)]);
    expect(dc).toContain('<dc:title>Thermal tolerance of corals, retitled by its owner</dc:title>');
  });

  it.each([
    ['verb=Nonsense', 'badVerb'],
    ['', 'badVerb'],
    ['verb=Identify&verb=Identify', 'badVerb'],
    ['verb=Identify&extra=1', 'badArgument'],
    ['verb=ListRecords', 'badArgument'],
    ['verb=ListRecords&metadataPrefix=oai_dc&metadataPrefix=eml', 'badArgument'],
    ['verb=ListRecords&metadataPrefix=oai_dc&from=2020-13-01', 'badArgument'],
    [
      'verb=ListRecords&metadataPrefix=oai_dc&from=2020-01-01&until=2021-01-01T00:00:00Z',
      'badArgument',
    ],
    ['verb=ListRecords&metadataPrefix=oai_dc&until=2000-01-01', 'noRecordsMatch'],
    ['verb=ListRecords&metadataPrefix=oai_dc&set=project-999999', 'noRecordsMatch'],
    ['verb=ListRecords&metadataPrefix=marc21', 'cannotDisseminateFormat'],
    [
      'verb=GetRecord&metadataPrefix=oai_dc&identifier=oai:example.org:dataset-1-v1',
      'idDoesNotExist',
    ],
    ['verb=ListIdentifiers&resumptionToken=not-a-token', 'badResumptionToken'],
    ['verb=ListIdentifiers&resumptionToken=abc&metadataPrefix=oai_dc', 'badArgument'],
  ])('%s is answered with %s, valid against the schema', async (query, code) => {
    const xml = await oai(query);
    expect(schemaErrors(xml)).toBe('');
    expect(xml).toContain(`<error code="${code}">`);
    if (code === 'badVerb' || code === 'badArgument') {
      // The protocol forbids echoing the arguments of such a request.
      expect(xml).toMatch(/<request>[^<]+<\/request>/);
    }
  });

  it('can be read from any origin', async () => {
    const response = await ctx.app.inject({
      url: '/oai?verb=Identify',
      headers: { origin: 'https://harvester.example.org' },
    });
    expect(response.headers['access-control-allow-origin']).toBe('*');
  });
});
