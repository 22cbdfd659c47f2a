import { Ajv2019, type ValidateFunction } from 'ajv/dist/2019';
import addFormats from 'ajv-formats';
import { beforeAll, describe, expect, it } from 'vitest';
import maintainedSchema from '../../../../fixtures/schemas/datacite/datacite-v4.6.json';
import { dataCiteMetadataXml, dataCiteXml } from '../harvest/datacite-xml';
import { dataCiteMetadata } from './datacite';
import { snapshotCitation, snapshotDataCite, type SnapshotFacts } from './snapshot-citation';
import { FULL_VERSION, SEED_VERSION } from '../../test/citation-facts';
import { SEED_COLONIES } from '../../test/download-test-data';
import { emlCoverage } from '../downloads/dwca/eml-coverage';
import { xmlSchemaErrors } from '../../test/xml-schemas';

/**
 * The DataCite 4.6 JSON schema DataCite points to (Invenio's, fixtures/schemas/datacite/SOURCE.md)
 * as ajv compiles it (draft 2019-09). The file stays byte-identical to its source; its date
 * formats ("year", "yearmonth", ranges…) are DataCite's own, so they are given here as the
 * W3CDTF forms the DataCite documentation describes.
 */
function compileSchema(): ValidateFunction {
  const schema = structuredClone(maintainedSchema) as Record<string, unknown> & { id?: string };
  // Draft 2019-09 names a schema's id "$id"; ajv refuses the older "id" keyword.
  schema.$id = schema.id;
  delete schema.id;
  const ajv = new Ajv2019({ allErrors: true, strict: false });
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
  return ajv.compile(schema);
}

describe('DataCite metadata against the DataCite 4.6 JSON schema and the official 4.6 XSD', () => {
  let validate: ValidateFunction;
  beforeAll(() => {
    validate = compileSchema();
  });

  const check = (value: unknown) => {
    const valid = validate(value);
    return valid ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
  };

  it('validates a full version: ORCID creators, affiliation, DOI, licence, related DOIs', () => {
    const metadata = dataCiteMetadata(FULL_VERSION);
    expect(check(metadata)).toEqual([]);
    expect(metadata.doi).toBe('10.1234/coral.12.v2');
    expect(metadata.publisher).toEqual({ name: 'Coral Thermal Tolerance', lang: 'en' });
    // The normative XML of the same record is valid against the official XSD.
    const xml = dataCiteXml(FULL_VERSION);
    expect(xmlSchemaErrors(xml, 'datacite')).toBe('');
    expect(xml).toContain('<identifier identifierType="DOI">10.1234/coral.12.v2</identifier>');
    expect(xml).toContain(
      '<nameIdentifier nameIdentifierScheme="ORCID" schemeURI="https://orcid.org">https://orcid.org/0000-0003-4555-3795</nameIdentifier>',
    );
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
        lang: 'en',
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
    expect(metadata.doi).toBeUndefined();
    expect(metadata.url).toBe('http://localhost:8000/datasets/1/versions/1');
    expect(metadata.alternateIdentifiers).toEqual([
      { alternateIdentifier: metadata.url, alternateIdentifierType: 'URL' },
    ]);
    // No licence was stated: said so in words, nothing granted (no licence URI).
    expect(metadata.rightsList).toHaveLength(1);
    expect(metadata.rightsList[0]!.rights).toMatch(/^Licence not stated\./);
    expect(metadata.rightsList[0]!.rightsUri).toBeUndefined();
    const xml = dataCiteXml(SEED_VERSION);
    expect(xmlSchemaErrors(xml, 'datacite')).toBe('');
    // Without a DOI, the schema's required identifier is the page.
    expect(xml).toContain(`<identifier identifierType="URL">${SEED_VERSION.url}</identifier>`);
    // The source it was imported from, never the account that owned it (decision 0050).
    expect(metadata.creators).toEqual([
      { name: 'Coral Future database', nameType: 'Organizational' },
    ]);
    expect(dataCiteMetadata({ ...SEED_VERSION, importedFrom: null }).creators).toEqual([
      { name: 'Coral Thermal Tolerance', nameType: 'Organizational' },
    ]);
  });

  it("states the seed's sites and assay dates: geoLocations and a Collected date (JSON and XML)", () => {
    const coverage = emlCoverage(SEED_COLONIES);
    const metadata = dataCiteMetadata(SEED_VERSION, coverage);
    expect(check(metadata)).toEqual([]);
    // The box of the two seed projects' sites (their colonies' coordinates, as EML's).
    const box = coverage.box!;
    expect(metadata.geoLocations![0]).toEqual({
      geoLocationBox: {
        westBoundLongitude: box.west,
        eastBoundLongitude: box.east,
        southBoundLatitude: box.south,
        northBoundLatitude: box.north,
      },
    });
    expect(box.west).toBeLessThan(box.east);
    expect(box.south).toBeLessThan(box.north);
    // Then each country as a place, by its name.
    const places = metadata.geoLocations!.slice(1).map((g) => g.geoLocationPlace);
    expect(places).toEqual(coverage.countries);
    expect(places.length).toBeGreaterThan(0);
    // The assays' first and last day as DataCite's range (RKMS-ISO8601 start/end).
    const { begin, end } = coverage.collected!;
    expect(begin < end).toBe(true);
    expect(metadata.dates).toEqual([
      { date: '2023-01-15', dateType: 'Issued' },
      { date: `${begin}/${end}`, dateType: 'Collected' },
    ]);
    const xml = dataCiteXml(SEED_VERSION, { coverage });
    expect(xmlSchemaErrors(xml, 'datacite')).toBe('');
    expect(xml).toContain(`<date dateType="Collected">${begin}/${end}</date>`);
    expect(xml).toContain(`<westBoundLongitude>${box.west}</westBoundLongitude>`);
    expect(xml).toContain(`<geoLocationPlace>${places[0]}</geoLocationPlace>`);
    // One assay day is one date, not a range; no coverage known is no geoLocations at all.
    const oneDay = dataCiteMetadata(SEED_VERSION, {
      box: null,
      countries: [],
      collected: { begin: '2021-08-03', end: '2021-08-03' },
    });
    expect(oneDay.dates[1]).toEqual({ date: '2021-08-03', dateType: 'Collected' });
    expect(oneDay.geoLocations).toBeUndefined();
    expect(check(oneDay)).toEqual([]);
    // An assay date that cannot be true (the seed's year 2222) is not told as a collection date:
    // the range is of the other dates, and with none left there is no Collected date.
    const [colony] = SEED_COLONIES;
    const future = { ...colony!, assays: [{ ...colony!.assays[0]!, date: '2222-03-10' }] };
    const withFuture = emlCoverage([...SEED_COLONIES, future]);
    expect(withFuture.dates!.end).toBe('2222-03-10');
    expect(withFuture.collected).toEqual(coverage.collected);
    expect(dataCiteMetadata(SEED_VERSION, emlCoverage([future])).dates).toEqual([
      { date: '2023-01-15', dateType: 'Issued' },
    ]);
    // A box outside the globe fails both schemas (so this can fail).
    const outside = {
      ...metadata,
      geoLocations: [
        {
          geoLocationBox: { ...metadata.geoLocations![0]!.geoLocationBox!, northBoundLatitude: 91 },
        },
      ],
    };
    expect(check(outside)).not.toEqual([]);
    expect(
      xmlSchemaErrors(
        xml.replace(/<northBoundLatitude>[^<]*</, '<northBoundLatitude>91<'),
        'datacite',
      ),
    ).toContain('northBoundLatitude');
  });

  it('rejects metadata that breaks the schema (so these tests can fail)', () => {
    const metadata = dataCiteMetadata(FULL_VERSION) as unknown as Record<string, unknown>;
    expect(check({ ...metadata, publicationYear: '24' })).toEqual([
      '/publicationYear must match pattern "^[0-9]{4}$"',
    ]);
    expect(
      check({ ...metadata, types: { resourceTypeGeneral: 'Spreadsheet', resourceType: 'x' } }),
    ).not.toEqual([]);
    expect(check({ ...metadata, creators: [] })).not.toEqual([]);
    // The 4.3 shapes that 4.5 and 4.6 no longer accept.
    expect(check({ ...metadata, identifiers: [] })).toContain(
      ' must NOT have additional properties',
    );
    expect(check({ ...metadata, publisher: 'Coral Thermal Tolerance' })).toEqual([
      '/publisher must be object',
    ]);
    // And the XSD refuses what breaks it.
    const xml = dataCiteXml(FULL_VERSION);
    expect(
      xmlSchemaErrors(
        xml.replace('resourceTypeGeneral="Dataset"', 'resourceTypeGeneral="Spreadsheet"'),
        'datacite',
      ),
    ).toContain('resourceTypeGeneral');
    expect(
      xmlSchemaErrors(xml.replace(/<publisher[^>]*>[^<]*<\/publisher>/, ''), 'datacite'),
    ).not.toBe('');
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
    // Every licence, most restrictive first: the seed's unstated one leads.
    expect(metadata.rightsList.map((r) => r.rightsIdentifier)).toEqual([
      undefined,
      FULL_VERSION.licence!.toLowerCase(),
    ]);
    expect(metadata.rightsList[0]!.rights).toMatch(/^Licence not stated/);
    // Its creators are the versions' creators (the seed's source), never the platform.
    expect(metadata.creators.map((c) => c.name)).toEqual([
      'Coral Future database',
      'Voolstra, Christian R.',
      'Evensen, Nicolas R.',
    ]);
    expect(metadata.url).toBe(snapshot.url);
    expect(metadata.doi).toBeUndefined();
    expect(xmlSchemaErrors(dataCiteMetadataXml(metadata), 'datacite')).toBe('');
    // A seed-only snapshot: its rights say the licence was not stated (never an empty list).
    const seedOnly = snapshotDataCite({ ...snapshot, datasets: [SEED_VERSION] });
    expect(check(seedOnly)).toEqual([]);
    expect(seedOnly.rightsList).toHaveLength(1);
    expect(seedOnly.creators).toEqual([
      { name: 'Coral Future database', nameType: 'Organizational' },
    ]);
    expect(snapshotCitation(snapshot)).toBe(
      'Coral Thermal Tolerance (2026). Snapshot k3v9q2m7xa4b: 120 colonies from 2 dataset versions ' +
        '[Data set]. https://coral.example.org/snapshots/k3v9q2m7xa4b',
    );
  });
});
