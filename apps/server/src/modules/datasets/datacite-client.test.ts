import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { dataCiteMetadata } from '@coral/core';
import { startFakeDataCite } from '../../../test/fake-datacite';
import { createDataCiteClient } from './datacite-client';

let fake: Awaited<ReturnType<typeof startFakeDataCite>>;
beforeAll(async () => {
  fake = await startFakeDataCite();
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.requests.length = 0;
});

const metadata = dataCiteMetadata({
  datasetId: 7,
  version: 3,
  title: 'Heat stress',
  description: '',
  creators: [{ name: 'Ann Example', orcid: null, affiliation: null }],
  publishedAt: '2025-02-01T00:00:00Z',
  publisher: 'Coral Thermal Tolerance',
  url: 'https://corals.example.org/datasets/7/versions/3',
  doi: '10.80000/coral.7.v3',
  licence: 'CC0-1.0',
  keywords: [],
  relatedDois: [],
  projectName: 'P',
  importedFrom: null,
});
const input = {
  doi: '10.80000/coral.7.v3',
  url: 'https://corals.example.org/datasets/7/versions/3',
  metadata,
};

describe('DataCite client', () => {
  it('POSTs a findable DOI as JSON:API with Basic authentication', async () => {
    const client = createDataCiteClient({
      apiUrl: fake.url,
      repositoryId: 'ABC.CORALS',
      password: 'p@ss:word',
    });
    await client.publishDoi(input);
    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request).toMatchObject({ method: 'POST', url: '/dois' });
    expect(request!.headers.authorization).toBe(
      `Basic ${Buffer.from('ABC.CORALS:p@ss:word').toString('base64')}`,
    );
    expect(request!.headers['content-type']).toBe('application/vnd.api+json');
    expect(request!.body).toEqual({
      data: {
        type: 'dois',
        attributes: { ...metadata, doi: input.doi, url: input.url, event: 'publish' },
      },
    });
  });

  it('updates a DOI an earlier attempt registered (a retried job)', async () => {
    const client = createDataCiteClient({ apiUrl: fake.url, repositoryId: 'A', password: 'b' });
    fake.reply(422, { errors: [{ source: 'doi', title: 'This DOI has already been taken' }] });
    fake.reply(200, { data: { type: 'dois' } });
    await client.publishDoi(input);
    expect(fake.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      'POST /dois',
      'PUT /dois/10.80000/coral.7.v3',
    ]);
    expect(fake.requests[1]!.body).toMatchObject({ data: { id: input.doi, type: 'dois' } });
  });

  it("fails with DataCite's reason when it refuses (wrong password, bad metadata)", async () => {
    const client = createDataCiteClient({ apiUrl: fake.url, repositoryId: 'A', password: 'bad' });
    fake.reply(401, { errors: [{ status: '401', title: 'Bad credentials.' }] });
    await expect(client.publishDoi(input)).rejects.toThrow(
      'DataCite refused DOI 10.80000/coral.7.v3 (HTTP 401): Bad credentials.',
    );
    fake.reply(422, { errors: [{ source: 'publisher', title: "can't be blank" }] });
    await expect(client.publishDoi(input)).rejects.toThrow(
      "DataCite refused DOI 10.80000/coral.7.v3: publisher: can't be blank",
    );
  });
});
