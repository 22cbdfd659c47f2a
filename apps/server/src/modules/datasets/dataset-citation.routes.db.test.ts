import { Cite } from '@citation-js/core';
import '@citation-js/plugin-bibtex';
import '@citation-js/plugin-ris';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDatasetSummary } from '@coral/core';
import { xmlSchemaErrors } from '@coral/core/testing';
import type { TestContext } from '../../../test/test-app';
import { TestAgent } from '../../../test/auth-client';
import { curator } from '../../../test/dataset-helpers';
import {
  closeUploadTestApp,
  datasheet,
  openUploadTestApp,
  uploadAndProcess,
  type UploadTestApp,
} from '../../../test/upload-test-helpers';
import { usersService } from '../users/users.service';
import { createDatasetsService } from './datasets.service';

const ABSTRACT =
  'CBASS assays; ED50 per colony, from a standard acute heat-stress protocol run at four reefs of the Red Sea in 2018 and 2019 by a team of two.';
const ABSTRACT_AS_TYPED = ABSTRACT.replace('protocol run', 'protocol\nrun');

let app: UploadTestApp;
let ctx: TestContext;
let anonymous: TestAgent;
/** A dataset of ann's, as a draft (version 1) until the publication test publishes it. */
let datasetId: number;

const files = (id: number, version: number) => {
  const base = `/api/public/datasets/${id}/versions/${version}`;
  return {
    bib: `${base}/citation.bib`,
    ris: `${base}/citation.ris`,
    csl: `${base}/citation.json`,
    datacite: `${base}/datacite.json`,
    dataciteXml: `${base}/datacite.xml`,
    eml: `${base}/eml.xml`,
    cff: `${base}/CITATION.cff`,
  };
};

/** The Accept header of a current browser asking for a page. */
const BROWSER_ACCEPT =
  'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';

beforeAll(async () => {
  app = await openUploadTestApp();
  ctx = app.ctx;
  anonymous = new TestAgent(ctx.app);
  const { detail } = await uploadAndProcess(app, app.ann, {
    filename: 'cbass_84.csv',
    content: datasheet('cbass_84.csv'),
  });
  datasetId = detail.dataset!.id;
});
afterAll(() => closeUploadTestApp(app));

describe('citation files of a version in preparation', () => {
  it('are not found for anonymous readers or other users', async () => {
    for (const url of Object.values(files(datasetId, 1))) {
      const response = await anonymous.request({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({
        code: 'NOT_FOUND',
        error: `Dataset ${datasetId} version 1 not found.`,
      });
      expect((await app.bob.request({ url })).statusCode, url).toBe(404);
    }
  });

  it('are served to its owner, never to be cached', async () => {
    const response = await app.ann.request({ url: files(datasetId, 1).bib });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    // citation-js makes the key from author, year and title (the draft has no creators yet).
    expect(response.body).toMatch(
      /^@dataset\{Coral\d{4}Voolstra,\n\tauthor = \{\{Coral Thermal Tolerance\}\},/,
    );
  });
});

describe('citation files of a published version', () => {
  /** The DOI registrations the publication asked for (as with DataCite settings given). */
  const doiRequests: { datasetId: number; version: number }[] = [];

  beforeAll(async () => {
    const owner = {
      userId: (await usersService.find(ctx.database.db, 'ann'))!.id,
      role: 'contributor' as const,
    };
    const datasets = createDatasetsService(ctx.database.db, {
      publicUrl: ctx.config.publicUrl,
      jobs: {
        start: async () => {},
        scheduleEmbargoRelease: async () => {},
        registerDoi: async (_trx, id, version) => {
          doiRequests.push({ datasetId: id, version });
        },
      },
    });
    const id = String(datasetId);
    await datasets.editMetadata(owner, id, '1', {
      title: 'Heat & "stress" {in} Acropora – Réunion 100%',
      // Longer than a line of 70 characters, with a line break of its own: RIS keeps it one line.
      description: ABSTRACT_AS_TYPED,
      creators: [
        { name: 'Voolstra, Christian R.', orcid: '0000-0002-1825-0097', affiliation: 'KAUST' },
        { name: 'Nicolás Évensen' },
      ],
      licence: 'CC-BY-4.0',
      keywords: ['CBASS', 'heat stress'],
      related_publications: [{ doi: '10.1111/gcb.15148' }],
    });
    await datasets.submit(owner, id, '1');
    await datasets.approve(await curator(ctx.database.db), id, '1', 'Quality flags checked.');
  });

  it('publication queued the registration of its DOI', () => {
    expect(doiRequests).toEqual([{ datasetId, version: 1 }]);
  });

  it('answer each format with its type and as an attachment named after the version', async () => {
    const expected = {
      bib: ['application/x-bibtex; charset=utf-8', `dataset-${datasetId}-v1.bib`],
      ris: ['application/x-research-info-systems; charset=utf-8', `dataset-${datasetId}-v1.ris`],
      csl: [
        'application/vnd.citationstyles.csl+json; charset=utf-8',
        `dataset-${datasetId}-v1.json`,
      ],
      datacite: [
        'application/vnd.datacite.datacite+json; charset=utf-8',
        `dataset-${datasetId}-v1.datacite.json`,
      ],
      dataciteXml: [
        'application/vnd.datacite.datacite+xml; charset=utf-8',
        `dataset-${datasetId}-v1.datacite.xml`,
      ],
      eml: ['application/xml; charset=utf-8', `dataset-${datasetId}-v1.eml.xml`],
      cff: ['application/x-yaml; charset=utf-8', 'CITATION.cff'],
    };
    for (const [format, url] of Object.entries(files(datasetId, 1))) {
      const response = await anonymous.request({ url });
      expect(response.statusCode, url).toBe(200);
      const [type, filename] = expected[format as keyof typeof expected];
      expect(response.headers['content-type']).toBe(type);
      expect(response.headers['content-disposition']).toBe(`attachment; filename="${filename}"`);
      expect(response.headers['cache-control']).toBe('public, max-age=300');
    }
  });

  it('BibTeX and RIS are escaped by citation-js; CSL-JSON and DataCite carry the facts', async () => {
    const url = files(datasetId, 1);
    const bib = (await anonymous.request({ url: url.bib })).body;
    expect(bib).toContain(`@dataset{Voolstra${new Date().getUTCFullYear()}Heat,`);
    expect(bib).toContain('version = {1},');
    expect(bib).toContain(
      'title = {Heat \\& "stress" \\textbraceleft{}in\\textbraceright{} {Acropora} -- {R}{\\\' e}union 100\\%},',
    );
    expect(bib).toContain("author = {Voolstra, Christian R. and {\\' E}vensen, Nicol{\\' a}s},");
    expect(bib).toContain('date = {');
    expect(bib).toMatch(/url = \{http:\/\/localhost:\d+\/datasets\/\d+\/versions\/1\}/);

    const ris = (await anonymous.request({ url: url.ris })).body;
    expect(ris).toContain('TY  - DATA');
    expect(ris).toContain('TI  - Heat & "stress" {in} Acropora – Réunion 100%');
    expect(ris).toContain('AU  - Évensen, Nicolás');
    expect(ris).toContain('KW  - heat stress');
    // One line per tag: the abstract whole, not wrapped mid-word at 70 characters.
    expect(ris.split('\n').every((line) => line === '' || /^[A-Z][A-Z0-9] {2}- /.test(line))).toBe(
      true,
    );
    expect(ris).toContain(`AB  - ${ABSTRACT}\n`);

    // Read back by citation-js (as a citation manager would): version, type and abstract kept.
    const fromBib = new Cite(bib).data[0]!;
    expect(fromBib).toMatchObject({ type: 'dataset', version: '1' });
    expect(fromBib.abstract).toBe(ABSTRACT);
    const fromRis = new Cite(ris).data[0]!;
    expect(fromRis).toMatchObject({ type: 'dataset', version: '1', abstract: ABSTRACT });

    const csl = (await anonymous.request({ url: url.csl })).json<Record<string, unknown>[]>();
    expect(csl).toHaveLength(1);
    expect(csl[0]).toMatchObject({
      id: `dataset-${datasetId}-v1`,
      type: 'dataset',
      title: 'Heat & "stress" {in} Acropora – Réunion 100%',
      version: '1',
      publisher: 'Coral Thermal Tolerance',
    });

    const datacite = (await anonymous.request({ url: url.datacite })).json<
      Record<string, unknown>
    >();
    expect(datacite).toMatchObject({
      schemaVersion: 'http://datacite.org/schema/kernel-4',
      types: { resourceTypeGeneral: 'Dataset' },
      version: '1',
      relatedIdentifiers: [
        {
          relatedIdentifier: '10.1111/gcb.15148',
          relatedIdentifierType: 'DOI',
          relationType: 'IsSupplementTo',
        },
      ],
    });
    expect(datacite.creators).toContainEqual(
      expect.objectContaining({
        nameIdentifiers: [
          {
            nameIdentifier: 'https://orcid.org/0000-0002-1825-0097',
            nameIdentifierScheme: 'ORCID',
            schemeUri: 'https://orcid.org',
          },
        ],
      }),
    );
  });

  it('DataCite XML and EML are valid against the official DataCite 4.6 and GBIF profile 1.2 schemas', async () => {
    const url = files(datasetId, 1);
    const xml = (await anonymous.request({ url: url.dataciteXml })).body;
    expect(xmlSchemaErrors(xml, 'datacite')).toBe('');
    expect(xml).toContain('<nameIdentifier nameIdentifierScheme="ORCID"');
    const eml = (await anonymous.request({ url: url.eml })).body;
    expect(xmlSchemaErrors(eml, 'eml')).toBe('');
    // The version's own coverage: its sites, assay dates and species, and its contact.
    expect(eml).toContain('<westBoundingCoordinate>');
    expect(eml).toMatch(/<calendarDate>\d{4}-\d{2}-\d{2}<\/calendarDate>/);
    expect(eml).toContain('<taxonomicClassification>');
    expect(eml).toContain('<contact>\n    <individualName>');
    expect(eml).toContain('<project>');
  });

  it('answers content negotiation on the version page as DOI resolvers do', async () => {
    const page = `/datasets/${datasetId}/versions/1`;
    const url = files(datasetId, 1);
    const cases = [
      ['application/vnd.datacite.datacite+json', url.datacite],
      ['application/vnd.datacite.datacite+xml', url.dataciteXml],
      ['application/x-bibtex', url.bib],
      ['application/x-research-info-systems', url.ris],
      ['application/vnd.citationstyles.csl+json', url.csl],
      // A client that names one format above the page (and wildcards) gets that format.
      ['text/html;q=0.5, application/x-bibtex, */*;q=0.1', url.bib],
    ] as const;
    for (const [accept, fileUrl] of cases) {
      const negotiated = await anonymous.request({ url: page, headers: { accept } });
      const file = await anonymous.request({ url: fileUrl });
      expect(negotiated.statusCode, accept).toBe(200);
      expect(negotiated.headers['content-type'], accept).toBe(file.headers['content-type']);
      expect(negotiated.body, accept).toBe(file.body);
      expect(negotiated.headers['content-location']).toBe(fileUrl);
      expect(negotiated.headers.vary).toBe('Accept, Cookie');
      expect(negotiated.headers['content-disposition']).toBeUndefined();
    }
    // A browser, a wildcard or no Accept get the page (the web app's answer), never a file.
    const plain = await anonymous.request({ url: page });
    for (const accept of [BROWSER_ACCEPT, '*/*', 'application/*', 'text/html']) {
      const response = await anonymous.request({ url: page, headers: { accept } });
      expect(response.statusCode, accept).toBe(plain.statusCode);
      expect(response.headers['content-type'], accept).toBe(plain.headers['content-type']);
      expect(response.headers['content-location'], accept).toBeUndefined();
    }
    // Unknown versions are not found in any format.
    const missing = await anonymous.request({
      url: `/datasets/${datasetId}/versions/99`,
      headers: { accept: 'application/x-bibtex' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({
      code: 'NOT_FOUND',
      error: `Dataset ${datasetId} version 99 not found.`,
    });
  });

  it('the page cites the version with the same text the files are made from', async () => {
    const detail = (
      await anonymous.request({ url: `/api/public/datasets/${datasetId}/versions/1/` })
    ).json<{ version: { citation: { text: string; url: string } } }>();
    const year = new Date().getUTCFullYear();
    expect(detail.version.citation.text).toBe(
      `Voolstra, C. R., & Évensen, N. (${year}). Heat & "stress" {in} Acropora – Réunion 100% ` +
        `(Version 1) [Data set]. Coral Thermal Tolerance. ${detail.version.citation.url}`,
    );
    expect(detail.version.citation.url).toBe(
      `${ctx.config.publicUrl}/datasets/${datasetId}/versions/1`,
    );
  });

  it('a withdrawn dataset still cites in every format the page offers, marked withdrawn (decision 0056)', async () => {
    const before = await anonymous.request({ url: files(datasetId, 1).cff });
    expect(before.statusCode).toBe(200);
    expect(before.headers['content-type']).toBe('application/x-yaml; charset=utf-8');
    expect(before.headers['content-disposition']).toBe('attachment; filename="CITATION.cff"');
    expect(before.body).toMatch(/^cff-version: 1\.2\.0\nmessage: "If you use these data/);
    expect(before.body).not.toContain('Withdrawn');

    const datasets = createDatasetsService(ctx.database.db, { publicUrl: ctx.config.publicUrl });
    await datasets.withdraw(await curator(ctx.database.db), String(datasetId), 'Duplicate.');
    const withdrawnOn = new Date().toISOString().slice(0, 10);
    const note = `Withdrawn on ${withdrawnOn}: Duplicate. The data are no longer distributed, but this citation stays valid`;
    const read = async (url: string) => {
      const response = await anonymous.request({ url });
      expect(response.statusCode, url).toBe(200);
      return response.body;
    };
    const urls = files(datasetId, 1);
    const cff = await read(urls.cff);
    expect(cff).toContain(`message: "${note}: if you used these data, please cite them as below."`);
    expect(cff).toContain('type: dataset');
    // citation-js wraps RIS lines: the note's start is on the N1 line.
    expect(await read(urls.ris)).toMatch(
      new RegExp(`TY  - DATA[\\s\\S]*\nN1  - Withdrawn on ${withdrawnOn}: Duplicate\\. The data`),
    );
    expect(await read(urls.bib)).toContain(`note = {${note}`);
    const csl = JSON.parse(await read(urls.csl)) as { status: string; note: string }[];
    expect(csl[0]!.status).toBe('withdrawn');
    expect(csl[0]!.note).toContain(note);
    const datacite = JSON.parse(await read(urls.datacite)) as {
      descriptions: { descriptionType: string; description: string }[];
    };
    expect(datacite.descriptions).toContainEqual({
      description: note,
      descriptionType: 'Other',
      lang: 'en',
    });
    // Its metadata files and the negotiated page answer as the citations do.
    for (const url of [urls.dataciteXml, urls.eml]) {
      expect((await anonymous.request({ url })).statusCode, url).toBe(200);
    }
    const negotiated = await anonymous.request({
      url: `/datasets/${datasetId}/versions/1`,
      headers: { accept: 'application/x-research-info-systems' },
    });
    expect(negotiated.statusCode).toBe(200);
    expect(negotiated.body).toBe(await read(urls.ris));
  });
});

describe('seed datasets and unknown versions', () => {
  it('a seed version (licence not stated, no DOI) says so in its DataCite JSON', async () => {
    const list = (await anonymous.request({ url: '/api/public/datasets/' })).json<
      TDatasetSummary[]
    >();
    const seed = list.find((dataset) => dataset.licence === null)!;
    const response = await anonymous.request({ url: files(seed.id, seed.version).datacite });
    expect(response.statusCode).toBe(200);
    const datacite = response.json<Record<string, unknown>>();
    const page = `${ctx.config.publicUrl}/datasets/${seed.id}/versions/${seed.version}`;
    expect(datacite).not.toHaveProperty('doi');
    expect(datacite).toMatchObject({
      url: page,
      alternateIdentifiers: [{ alternateIdentifier: page, alternateIdentifierType: 'URL' }],
      rightsList: [{ rights: expect.stringMatching(/^Licence not stated\. /) as unknown }],
      publisher: { name: 'Coral Thermal Tolerance' },
    });
    // Its XML and EML are valid too: the seed states no licence, DOI or creators.
    const xml = (await anonymous.request({ url: files(seed.id, seed.version).dataciteXml })).body;
    expect(xmlSchemaErrors(xml, 'datacite')).toBe('');
    expect(xml).toContain(`<identifier identifierType="URL">${page}</identifier>`);
    // Where and when its colonies were gathered (decision 0065): the sites' box and countries,
    // the assays' first and last day as a Collected range, in both forms.
    const geo = datacite.geoLocations as { geoLocationBox?: object; geoLocationPlace?: string }[];
    expect(geo[0]!.geoLocationBox).toMatchObject({
      westBoundLongitude: expect.any(Number) as unknown,
      northBoundLatitude: expect.any(Number) as unknown,
    });
    expect(geo.slice(1).length).toBeGreaterThan(0);
    const dates = datacite.dates as { date: string; dateType: string }[];
    const collected = dates.find((d) => d.dateType === 'Collected');
    expect(collected?.date).toMatch(/^\d{4}-\d{2}-\d{2}(\/\d{4}-\d{2}-\d{2})?$/);
    expect(xml).toContain(`<date dateType="Collected">${collected!.date}</date>`);
    expect(xml).toContain('<geoLocationBox>');
    expect(xml).toContain(`<geoLocationPlace>${geo[1]!.geoLocationPlace}</geoLocationPlace>`);
    const eml = (await anonymous.request({ url: files(seed.id, seed.version).eml })).body;
    expect(xmlSchemaErrors(eml, 'eml')).toBe('');
    expect(eml).toContain('<organizationName>Coral Future database</organizationName>');
    expect(eml).toContain('<geographicCoverage>');
  });

  it.each([
    ['an unknown dataset', '/api/public/datasets/999999/versions/1/citation.bib'],
    ['an unknown version', `/api/public/datasets/1/versions/99/citation.ris`],
    ['a version that is no number', '/api/public/datasets/1/versions/x/datacite.json'],
  ])('%s is not found', async (_what, url) => {
    const response = await anonymous.request({ url });
    expect(response.statusCode).toBe(404);
  });
});
