import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { datasetsServiceOptions } from '../../app';
import { loadConfig } from '../../config';
import type { DatabaseHandle } from '../../db/database';
import { createJobQueue, jobQueueOptions } from '../../jobs/job-queue';
import { startFakeDataCite } from '../../../test/fake-datacite';
import { createTestDatabase } from '../../../test/test-database';
import { createDataCiteClient } from './datacite-client';
import { createDatasetCitationsService } from './dataset-citations.service';
import { createDoiRegistrationService } from './dataset-doi.service';
import { queueDoiRegistration, startDoiRegistrationWorker } from './doi-registration.job';
import { createDatasetsService } from './datasets.service';
import { datasetsRepository as repo } from './datasets.repository';

const PUBLIC_URL = 'https://corals.example.org';
const ANONYMOUS = { userId: null, role: 'contributor' as const };

let database: DatabaseHandle;
let fake: Awaited<ReturnType<typeof startFakeDataCite>>;
/** Published seed versions (licence not stated, no DOI yet). */
let seed: { id: number; version: number };
let other: { id: number; version: number };

beforeAll(async () => {
  database = await createTestDatabase();
  fake = await startFakeDataCite();
  const [first, second] = await createDatasetsService(database.db, {
    publicUrl: PUBLIC_URL,
  }).listPublic({});
  seed = { id: first!.id, version: first!.version };
  other = { id: second!.id, version: second!.version };
});
afterAll(async () => {
  await fake.close();
  await database.close();
});
beforeEach(() => {
  fake.requests.length = 0;
});

const service = () =>
  createDoiRegistrationService(database.db, {
    publicUrl: PUBLIC_URL,
    prefix: '10.80000',
    client: createDataCiteClient({ apiUrl: fake.url, repositoryId: 'ABC.CORALS', password: 'x' }),
  });

describe('DOI registration of a published version', () => {
  it('keeps no DOI when DataCite refuses, so a retry registers it', async () => {
    fake.reply(500, 'Internal Server Error');
    await expect(service().register(seed.id, seed.version)).rejects.toThrow(/HTTP 500/);
    const versions = await repo.versions(database.db, seed.id);
    expect(versions.find((v) => v.number === seed.version)!.doi).toBeNull();
  });

  it('registers <prefix>/coral.<dataset>.v<version> pointing at the page, then cites it', async () => {
    const doi = `10.80000/coral.${seed.id}.v${seed.version}`;
    const page = `${PUBLIC_URL}/datasets/${seed.id}/versions/${seed.version}`;
    expect(await service().register(seed.id, seed.version)).toBe('registered');

    expect(fake.requests).toHaveLength(1);
    const { attributes } = (
      fake.requests[0]!.body as { data: { attributes: Record<string, unknown> } }
    ).data;
    expect(attributes).toMatchObject({
      doi,
      url: page,
      event: 'publish',
      alternateIdentifiers: [{ alternateIdentifier: page, alternateIdentifierType: 'URL' }],
      types: { resourceTypeGeneral: 'Dataset' },
      publisher: { name: 'Coral Thermal Tolerance', lang: 'en' },
    });

    // The seed states no licence: said so in words, no licence granted (no URI).
    expect(attributes.rightsList).toEqual([
      { rights: expect.stringMatching(/^Licence not stated\. /) as unknown, lang: 'en' },
    ]);
    expect(attributes).not.toHaveProperty('identifiers');
    // Where and when the data were gathered, as the version's DataCite file states (decision 0065).
    expect(attributes.geoLocations).toContainEqual({
      geoLocationBox: expect.objectContaining({
        westBoundLongitude: expect.any(Number) as unknown,
      }) as unknown,
    });
    expect(attributes.dates).toContainEqual({
      date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}(\/\d{4}-\d{2}-\d{2})?$/) as unknown,
      dateType: 'Collected',
    });

    const versions = await repo.versions(database.db, seed.id);
    expect(versions.find((v) => v.number === seed.version)!.doi).toBe(doi);
    const events = await repo.events(database.db, seed.id);
    expect(events.at(-1)).toMatchObject({
      action: 'doi_registered',
      version_number: seed.version,
      actor_username: null,
      message: `DOI ${doi} registered at DataCite.`,
    });

    const datasets = createDatasetsService(database.db, { publicUrl: PUBLIC_URL });
    const detail = await datasets.publicDetail(String(seed.id), String(seed.version));
    expect(detail.version.citation.url).toBe(`https://doi.org/${doi}`);
    expect(detail.version.citation.text).toMatch(new RegExp(`https://doi\\.org/${doi}$`));
    const bib = await createDatasetCitationsService(database.db, {
      publicUrl: PUBLIC_URL,
      softwareVersion: 'test',
    }).file(ANONYMOUS, String(seed.id), String(seed.version), 'bib');
    expect(bib.body).toContain(`doi = {${doi}},`);
  });

  it('does nothing for a version that has its DOI, or is unknown', async () => {
    expect(await service().register(seed.id, seed.version)).toBe('already registered');
    expect(await service().register(seed.id, 999)).toBe('not published');
    expect(await service().register(999_999, 1)).toBe('not published');
    expect(fake.requests).toEqual([]);
  });
});

describe('the DOI registration worker', () => {
  it('registers the DOI of a queued version', async () => {
    const queue = createJobQueue(database.db, jobQueueOptions(loadConfig({}), false));
    const logged: string[] = [];
    const worker = await startDoiRegistrationWorker({
      queue,
      dois: service(),
      log: (message) => logged.push(message),
    });
    try {
      await database.db.transaction().execute(async (trx) => {
        await queueDoiRegistration(queue, trx, other.id, other.version);
      });
      const doi = `10.80000/coral.${other.id}.v${other.version}`;
      await expect
        .poll(() => logged, { timeout: 20_000, interval: 200 })
        .toContain(`DOI of dataset ${other.id} version ${other.version}: registered.`);
      expect(fake.requests.map((r) => `${r.method} ${r.url}`)).toEqual(['POST /dois']);
      const versions = await repo.versions(database.db, other.id);
      expect(versions.find((v) => v.number === other.version)!.doi).toBe(doi);
    } finally {
      await worker.stop();
      await queue.stop();
    }
  });
});

describe('DOI registration is scheduled on publication only with DataCite settings', () => {
  const queue = () => createJobQueue(database.db, jobQueueOptions(loadConfig({}), false));

  it('is off by default', () => {
    expect(datasetsServiceOptions(loadConfig({}), queue()).jobs).not.toHaveProperty('registerDoi');
  });

  it('is on when the repository, password and prefix are given', () => {
    const config = loadConfig({
      DATACITE_REPOSITORY_ID: 'ABC.CORALS',
      DATACITE_PASSWORD: 'x',
      DATACITE_PREFIX: '10.80000',
    });
    expect(datasetsServiceOptions(config, queue()).jobs).toHaveProperty(
      'registerDoi',
      expect.any(Function),
    );
  });
});
