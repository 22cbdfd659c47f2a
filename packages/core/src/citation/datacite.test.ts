import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { beforeAll, describe, expect, it } from 'vitest';
import officialSchema from '../../../../fixtures/datacite/datacite_4.3_schema.json';
import { dataCiteMetadata } from './datacite';
import { snapshotCitation, snapshotDataCite, type SnapshotFacts } from './snapshot-citation';
import { FULL_VERSION, SEED_VERSION } from '../../test/citation-facts';

/**
 * The official DataCite 4.3 JSON schema (fixtures/datacite/README.md) as ajv compiles it. Two
 * repairs, both outside the file, which stays byte-identical to its source:
 * - it refers to "#/definitions/affiliations" but defines "affiliation" (an upstream slip);
 *   the reference is pointed at a permissive definition, since that definition requires a key
 *   its own properties do not have;
 * - its date formats ("year", "yearmonth", ranges…) are DataCite's own; they are given here
 *   as the W3CDTF forms the DataCite documentation describes.
 */
function compileOfficialSchema(): ValidateFunction {
  const schema = structuredClone(officialSchema) as Record<string, unknown> & {
    definitions: Record<string, unknown>;
    id?: string;
  };
  schema.definitions.affiliations = { type: 'array' };
  // Draft-07 names a schema's id "$id"; ajv refuses the older "id" keyword.
  schema.$id = schema.id;
  delete schema.id;
  const ajv = new Ajv({ allErrors: true, strict: true, allowUnionTypes: true });
  addFormats(ajv);
  const year = '\\d{4}';
  const yearMonth = `${year}-(0[1-9]|1[0-2])`;
  const date = `${yearMonth}-(0[1-9]|[12]\\d|3[01])`;
  const dateTime = `${date}T\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?(Z|[+-]\\d{2}:\\d{2})?`;
  const whole = (pattern: string) => new RegExp(`^${pattern}$`);
  const range = (pattern: string) => whole(`(${pattern})?/(${pattern})?`);
  ajv.addFormat('year', whole(year));
  ajv.addFormat('yearmonth', whole(yearMonth));
  ajv.addFormat('datetime', whole(dateTime));
  ajv.addFormat('year-range', range(year));
  ajv.addFormat('yearmonth-range', range(yearMonth));
  ajv.addFormat('date-range', range(date));
  ajv.addFormat('datetime-range', range(dateTime));
  ajv.addFormat('longitude', /^-?\d+(\.\d+)?$/);
  ajv.addFormat('latitude', /^-?\d+(\.\d+)?$/);
  return ajv.compile(schema);
}

describe('DataCite metadata against the official DataCite 4.3 JSON schema', () => {
  let validate: ValidateFunction;
  beforeAll(() => {
    validate = compileOfficialSchema();
  });

  const check = (value: unknown) => {
    const valid = validate(value);
    return valid ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
  };

  it('validates a full version: ORCID creators, affiliation, DOI, licence, related DOIs', () => {
    const metadata = dataCiteMetadata(FULL_VERSION);
    expect(check(metadata)).toEqual([]);
    expect(metadata.identifiers).toEqual([
      { identifier: '10.1234/coral.12.v2', identifierType: 'DOI' },
    ]);
    expect(metadata.creators[0]).toEqual({
      name: 'Voolstra, Christian R.',
      nameType: 'Personal',
      givenName: 'Christian R.',
      familyName: 'Voolstra',
      nameIdentifiers: [
        {
          nameIdentifier: 'https://orcid.org/0000-0003-4555-3795',
          nameIdentifierScheme: 'ORCID',
          schemeUri: 'https://orcid.org',
        },
      ],
      affiliation: [{ name: 'University of Konstanz' }],
    });
    expect(metadata.rightsList).toEqual([
      {
        rights: 'Creative Commons Attribution 4.0 International',
        rightsUri: 'https://creativecommons.org/licenses/by/4.0/',
        rightsIdentifier: 'cc-by-4.0',
        rightsIdentifierScheme: 'SPDX',
        schemeUri: 'https://spdx.org/licenses/',
      },
    ]);
    // Keywords and DOIs typed twice (in another case) are stated once: the schema wants unique items.
    expect(metadata.subjects.map((s) => s.subject)).toEqual(['CBASS', 'ED50']);
    expect(metadata.relatedIdentifiers).toEqual([
      {
        relatedIdentifier: '10.1111/gcb.15148',
        relatedIdentifierType: 'DOI',
        relationType: 'IsSupplementTo',
      },
    ]);
    expect(metadata).toMatchObject({
      publicationYear: '2024',
      version: '2',
      language: 'en',
      types: { resourceTypeGeneral: 'Dataset' },
      dates: [{ date: '2024-05-03', dateType: 'Issued' }],
      descriptions: [{ descriptionType: 'Abstract' }],
    });
  });

  it('validates a seed version: licence not stated, no DOI, creators not recorded', () => {
    const metadata = dataCiteMetadata(SEED_VERSION);
    expect(check(metadata)).toEqual([]);
    expect(metadata.identifiers).toEqual([
      { identifier: 'http://localhost:8000/datasets/1/versions/1', identifierType: 'URL' },
    ]);
    expect(metadata.rightsList).toEqual([]);
    // The source it was imported from, never the account that owned it (decision 0050).
    expect(metadata.creators).toEqual([
      { name: 'Coral Future database', nameType: 'Organizational' },
    ]);
    expect(dataCiteMetadata({ ...SEED_VERSION, importedFrom: null }).creators).toEqual([
      { name: 'Coral Thermal Tolerance', nameType: 'Organizational' },
    ]);
  });

  it('rejects metadata that breaks the schema (so these tests can fail)', () => {
    const metadata = dataCiteMetadata(FULL_VERSION) as unknown as Record<string, unknown>;
    expect(check({ ...metadata, publicationYear: '24' })).toEqual([
      '/publicationYear must match format "year"',
    ]);
    expect(
      check({ ...metadata, types: { resourceTypeGeneral: 'Spreadsheet', resourceType: 'x' } }),
    ).not.toEqual([]);
    expect(check({ ...metadata, creators: [] })).not.toEqual([]);
    expect(check({ ...metadata, url: 'https://example.org' })).toEqual([
      ' must NOT have additional properties',
    ]);
  });

  it('validates a snapshot: derived from every dataset version, under all their licences', () => {
    const snapshot: SnapshotFacts = {
      id: 'k3v9q2m7xa4b',
      createdAt: '2026-11-24T10:00:00.000Z',
      url: 'https://coral.example.org/snapshots/k3v9q2m7xa4b',
      publisher: 'Coral Thermal Tolerance',
      description: 'Map view: species Porites lutea',
      colonyCount: 120,
      datasets: [SEED_VERSION, FULL_VERSION],
    };
    const metadata = snapshotDataCite(snapshot);
    expect(check(metadata)).toEqual([]);
    expect(metadata.relatedIdentifiers).toEqual([
      {
        relatedIdentifier: SEED_VERSION.url,
        relatedIdentifierType: 'URL',
        relationType: 'IsDerivedFrom',
      },
      {
        relatedIdentifier: FULL_VERSION.doi,
        relatedIdentifierType: 'DOI',
        relationType: 'IsDerivedFrom',
      },
    ]);
    expect(metadata.rightsList.map((r) => r.rightsIdentifier)).toEqual([
      FULL_VERSION.licence!.toLowerCase(),
    ]);
    expect(metadata.identifiers).toEqual([{ identifier: snapshot.url, identifierType: 'URL' }]);
    expect(snapshotCitation(snapshot)).toBe(
      'Coral Thermal Tolerance (2026). Snapshot k3v9q2m7xa4b: 120 colonies from 2 dataset versions ' +
        '[Data set]. https://coral.example.org/snapshots/k3v9q2m7xa4b',
    );
  });
});
