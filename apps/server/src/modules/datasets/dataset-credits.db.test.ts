import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CITATION_FILE,
  DOWNLOAD_FORMATS,
  downloadFolders,
  downloadUrl,
  type TDatasetSummary,
} from '@coral/core';
import { TestAgent } from '../../../test/auth-client';
import { createTestApp, type TestContext } from '../../../test/test-app';

/**
 * No citation of the seed credits an account (decision 0050): the seed's projects were owned by
 * the accounts "chris" and "betyaevilya", whose usernames were cited as the data's authors in
 * every format. Each format a reader or a harvester takes a citation from is read here, for every
 * seed dataset, and searched for those usernames.
 */
let ctx: TestContext;
let anonymous: TestAgent;

beforeAll(async () => {
  ctx = await createTestApp();
  anonymous = new TestAgent(ctx.app);
});
afterAll(() => ctx.close());

const ACCOUNTS = /\b(chris|betyaevilya)\b/i;

async function text(url: string): Promise<string> {
  const response = await anonymous.request({ url });
  expect(response.statusCode, url).toBe(200);
  return response.body;
}

describe('the seed credits', () => {
  it('no account in any dataset citation (page, BibTeX, RIS, CSL-JSON, DataCite)', async () => {
    const datasets = JSON.parse(await text('/api/public/datasets/')) as TDatasetSummary[];
    expect(datasets).toHaveLength(11);
    for (const { id } of datasets) {
      const version = `/api/public/datasets/${id}/versions/1`;
      const page = JSON.parse(await text(`${version}/`)) as {
        version: { citation: { text: string } };
      };
      expect(page.version.citation.text).toMatch(/\[Data set; creators not recorded, imported/);
      for (const file of ['citation.bib', 'citation.ris', 'citation.json', 'datacite.json']) {
        const body = await text(`${version}/${file}`);
        expect(body, `${version}/${file}`).not.toMatch(ACCOUNTS);
        expect(body, `${version}/${file}`).toContain('Coral Future database');
      }
    }
  });

  it('no account in the map download: CITATION.cff, and the EML, README and CFF of its archive', async () => {
    const cff = await text(downloadUrl(downloadFolders.map(), CITATION_FILE));
    expect(cff).not.toMatch(ACCOUNTS);
    expect(cff).toContain('- name: "Coral Future database"');

    const response = await anonymous.request({
      url: downloadUrl(downloadFolders.map(), DOWNLOAD_FORMATS.dwca.file),
    });
    expect(response.statusCode).toBe(200);
    const files = unzipSync(new Uint8Array(response.rawPayload));
    for (const name of ['eml.xml', 'README.txt', 'CITATION.cff']) {
      expect(Object.keys(files)).toContain(name);
      expect(strFromU8(files[name]!), name).not.toMatch(ACCOUNTS);
    }
    expect(strFromU8(files['eml.xml']!)).toContain(
      '<organizationName>Coral Future database</organizationName>',
    );
  });

  it('gives the same-named seed datasets distinct titles', async () => {
    const datasets = JSON.parse(await text('/api/public/datasets/')) as TDatasetSummary[];
    const titles = datasets.map((dataset) => dataset.title);
    expect(new Set(titles).size).toBe(titles.length);
  });
});
