import dwcTermList from '../../../../../fixtures/darwin-core/all_dwc_vertical.csv?raw';
import emofDefinition from '../../../../../fixtures/darwin-core/extended_measurement_or_fact.xml?raw';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import {
  ALL_COLONIES,
  BARE_COLONY,
  LICENSED_DATASET,
  mixedContext,
  SEED_COLONIES,
  SEED_DATASET,
} from '../../../test/download-test-data';
import { writeDownload } from '../../../test/download-in-memory';
import { isUntrustworthy } from '../../thresholds/quality-flags';
import { THRESHOLD_KINDS } from '../../thresholds/threshold-kinds';
import type { TaxonMatch } from '../../taxonomy';
import { RECORDED_NEAR, RECORDED_SYNONYM } from '../../../test/worms-answers';
import { datasetLookup } from '../download-datasets';
import { DEFAULT_SAMPLING_PROTOCOL, samplingProtocol } from './dwca-ids';
import { DwcaEventTracker, dwcaEventRows } from './event-file';
import { dwcaMetaXml } from './meta-xml';

/** The official term IRIs (fixtures/darwin-core/README.md explains the namespace rule). */
function officialTerms(): Set<string> {
  const names = dwcTermList.split('\n').filter(Boolean);
  const dublinCore = new Set(names.slice(0, 8));
  expect([...dublinCore]).toContain('license');
  const terms = new Set(
    names.map((name) =>
      dublinCore.has(name)
        ? `http://purl.org/dc/terms/${name}`
        : `http://rs.tdwg.org/dwc/terms/${name}`,
    ),
  );
  const emof = new XMLParser({ ignoreAttributes: false }).parse(emofDefinition) as {
    extension: { property: { '@_qualName': string }[] };
  };
  for (const property of emof.extension.property) terms.add(property['@_qualName']);
  return terms;
}

/** A tab-separated data file as header → value records. */
function table(text: string): Record<string, string>[] {
  expect(text.endsWith('\n')).toBe(true);
  const [header, ...lines] = text.slice(0, -1).split('\n');
  const names = header!.split('\t');
  return lines.map((line) => {
    const cells = line.split('\t');
    expect(cells).toHaveLength(names.length);
    return Object.fromEntries(names.map((name, i) => [name, cells[i]!]));
  });
}

const parser = new XMLParser({
  ignoreAttributes: false,
  isArray: (name) => ['field', 'extension', 'para', 'creator', 'citation'].includes(name),
});

describe('Darwin Core Archive', () => {
  const context = mixedContext();
  const files = writeDownload('dwca', context, ALL_COLONIES);
  const events = table(files['event.txt']!);
  const occurrences = table(files['occurrence.txt']!);
  const measurements = table(files['extendedmeasurementorfact.txt']!);

  it('meta.xml is well-formed XML binding every column to an official term IRI', () => {
    const meta = files['meta.xml']!;
    expect(XMLValidator.validate(meta)).toBe(true);
    const archive = (parser.parse(meta) as { archive: Record<string, unknown> }).archive as {
      core: {
        '@_rowType': string;
        field: { '@_index': string; '@_term': string }[];
        files: { location: string };
      };
      extension: {
        '@_rowType': string;
        field: { '@_term': string }[];
        files: { location: string };
      }[];
    };
    expect(archive.core['@_rowType']).toBe('http://rs.tdwg.org/dwc/terms/Event');
    expect(archive.core.files.location).toBe('event.txt');
    expect(archive.extension.map((e) => [e.files.location, e['@_rowType']])).toEqual([
      ['occurrence.txt', 'http://rs.tdwg.org/dwc/terms/Occurrence'],
      ['extendedmeasurementorfact.txt', 'http://rs.iobis.org/obis/terms/ExtendedMeasurementOrFact'],
    ]);
    const official = officialTerms();
    const used = [archive.core, ...archive.extension].flatMap((f) =>
      f.field.map((field) => field['@_term']),
    );
    expect(used.filter((term) => !official.has(term))).toEqual([]);
    expect(used).toContain('http://rs.iobis.org/obis/terms/measurementUnitID');
    // And the check can fail: a made-up term is not official.
    expect(official.has('http://rs.tdwg.org/dwc/terms/ed50')).toBe(false);
  });

  it('meta.xml column indexes match the header of each file', () => {
    const archive = (parser.parse(dwcaMetaXml()) as { archive: Record<string, unknown> })
      .archive as {
      core: { field: { '@_index': string; '@_term': string }[] };
      extension: {
        field: { '@_index': string; '@_term': string }[];
        files: { location: string };
      }[];
    };
    const check = (fileName: string, fields: { '@_index': string; '@_term': string }[]) => {
      const header = files[fileName]!.split('\n')[0]!.split('\t');
      for (const field of fields) {
        expect(header[Number(field['@_index'])]).toBe(field['@_term'].split('/').at(-1));
      }
    };
    check('event.txt', archive.core.field);
    for (const extension of archive.extension) check(extension.files.location, extension.field);
  });

  it('links every occurrence and measurement to an event, and every measurement to an occurrence', () => {
    const eventIds = new Set(events.map((e) => e.eventID));
    expect(eventIds.size).toBe(events.length); // each event once
    const occurrenceIds = new Set(occurrences.map((o) => o.occurrenceID));
    expect(occurrences).toHaveLength(ALL_COLONIES.length);
    expect(occurrences.filter((o) => !eventIds.has(o.eventID))).toEqual([]);
    expect(measurements.filter((m) => !eventIds.has(m.eventID))).toEqual([]);
    expect(measurements.filter((m) => !occurrenceIds.has(m.occurrenceID))).toEqual([]);
    expect(new Set(measurements.map((m) => m.measurementID)).size).toBe(measurements.length);
  });

  it('writes one event per real assay with its site, date, country and protocol', () => {
    const assays = new Set(SEED_COLONIES.flatMap((c) => c.assays.map((a) => a.id)));
    const assayEvents = events.filter((e) => e.eventType === 'CBASS assay');
    expect(assayEvents).toHaveLength(assays.size + BARE_COLONY.assays.length);
    expect(
      events.find(
        (e) => e.eventID === 'https://corals.example.org/datasets/1/versions/1#assay-214',
      ),
    ).toEqual({
      eventID: 'https://corals.example.org/datasets/1/versions/1#assay-214',
      parentEventID: 'https://corals.example.org/datasets/1/versions/1#site-Vatu-o-lalai',
      eventType: 'CBASS assay',
      eventDate: '2022-09-20',
      locality: 'Vatu-o-lalai',
      countryCode: 'FJ',
      samplingProtocol: DEFAULT_SAMPLING_PROTOCOL,
      eventRemarks: 'Project: 2022_FJI_Viti_Levu_ElisaJahreis',
      datasetID: 'https://corals.example.org/datasets/1/versions/1',
      datasetName: 'Coral Future public data',
      license: '',
    });
  });

  it('gives a colony without assay a collection event of its own', () => {
    const occurrence = occurrences.find(
      (o) => o.occurrenceID === 'https://corals.example.org/colony/9001',
    )!;
    expect(occurrence.eventID).toBe('https://corals.example.org/colony/9001#collection');
    const event = events.find((e) => e.eventID === occurrence.eventID)!;
    expect(event).toMatchObject({
      eventType: 'Collection',
      eventDate: '2023-03-01',
      countryCode: 'SA',
    });
    expect(event.license).toBe('https://creativecommons.org/licenses/by/4.0/');
    // Tabs and line breaks in names become spaces; nothing is formula-neutralised here.
    expect(occurrence.organismName).toBe(
      '=HYPERLINK("http://evil.example","click"), "quoted" line',
    );
  });

  it('writes a real colony as an occurrence (MaterialSample, WGS 84, alpha-2 country)', () => {
    expect(
      occurrences.find((o) => o.occurrenceID === 'https://corals.example.org/colony/658'),
    ).toEqual({
      eventID: 'https://corals.example.org/datasets/1/versions/1#assay-214',
      occurrenceID: 'https://corals.example.org/colony/658',
      basisOfRecord: 'MaterialSample',
      occurrenceStatus: 'present',
      organismID: 'https://corals.example.org/colony/658',
      organismName: 'Vatu-o-lalai_Porites_cylindrica_1',
      scientificName: 'Porites cylindrica',
      // Not yet checked against WoRMS: no identifier, no ranks; the name as written.
      scientificNameID: '',
      verbatimIdentification: 'Porites cylindrica',
      taxonRank: '',
      kingdom: '',
      phylum: '',
      class: '',
      order: '',
      family: '',
      genus: '',
      eventDate: '2022-09-20',
      decimalLatitude: '-18.20583554',
      decimalLongitude: '177.6889888',
      geodeticDatum: 'EPSG:4326',
      countryCode: 'FJ',
      associatedReferences: '',
      datasetID: 'https://corals.example.org/datasets/1/versions/1',
      license: '',
    });
  });

  it("carries WoRMS' match: a synonym under its accepted name and LSID, as written kept, ranks", () => {
    const synonym = RECORDED_SYNONYM;
    const near = RECORDED_NEAR;
    const colony = SEED_COLONIES.find((c) => c.id === 658)!;
    const written = (species: string, taxon: TaxonMatch) => {
      const out = writeDownload('dwca', context, [{ ...colony, species, taxon }]);
      return table(out['occurrence.txt']!)[0]!;
    };
    expect(written('Coryphaena immaculata', synonym)).toMatchObject({
      scientificName: 'Coryphaena hippurus',
      scientificNameID: 'urn:lsid:marinespecies.org:taxname:126846',
      verbatimIdentification: 'Coryphaena immaculata',
      taxonRank: 'species',
      kingdom: 'Animalia',
      phylum: 'Chordata',
      class: 'Actinopterygii',
      order: 'Perciformes',
      family: 'Coryphaenidae',
      genus: 'Coryphaena',
    });
    // A near match is flagged elsewhere, never taken as the identification.
    expect(written('Gadus morha', near)).toMatchObject({
      scientificName: 'Gadus morha',
      scientificNameID: '',
      verbatimIdentification: 'Gadus morha',
      kingdom: '',
    });
  });

  it('writes every stored absolute and relative value and the MMM once per condition and timepoint', () => {
    const colony = SEED_COLONIES.find((c) => c.id === 658)!;
    const mine = measurements.filter(
      (m) => m.occurrenceID === 'https://corals.example.org/colony/658',
    );
    const tuples = new Set(
      THRESHOLD_KINDS.flatMap((k) =>
        colony.thresholds[k].map((t) => `${t.condition}|${t.timepoint}`),
      ),
    );
    // Values with an untrustworthy flag (a failed fit) are left out; each flag of a value kept
    // is a row of its own.
    const kept = THRESHOLD_KINDS.flatMap((kind) =>
      colony.thresholds[kind].filter((t) => !isUntrustworthy(t.qualityFlags)),
    );
    const values = kept.flatMap((t) => [t.abs, t.rel]).filter((v) => v !== null);
    const flags = kept.flatMap((t) =>
      [t.abs, t.rel].filter((v) => v !== null).flatMap(() => t.qualityFlags),
    );
    expect(mine).toHaveLength(values.length + flags.length + tuples.size);
    const ed50 = mine.find(
      (m) =>
        m.measurementType === 'ED50 (Thermal Tolerance) absolute' &&
        m.measurementRemarks?.startsWith('condition: Winter; timepoint: 420 min'),
    )!;
    expect(ed50).toMatchObject({
      eventID: 'https://corals.example.org/datasets/1/versions/1#assay-214',
      relatedResourceID: '',
      measurementTypeID: 'https://corals.example.org/api/public/terms/ed50-absolute',
      measurementValue: '37.57',
      measurementValueID: '',
      measurementUnit: '°C',
      measurementUnitID: 'http://vocab.nerc.ac.uk/collection/P06/current/UPAA/',
      measurementRemarks: 'condition: Winter; timepoint: 420 min',
    });
    expect(ed50.measurementMethod).toBe(
      'Dose-response fit of Fv/Fm over assay temperature, as submitted by the data provider (model and software not recorded); exported by Coral Thermal Tolerance 0.1.0',
    );
    expect(mine.filter((m) => m.measurementType?.startsWith('MMM'))).toHaveLength(tuples.size);
  });

  it('writes each event once across colonies (the tracker) and streams colony by colony', () => {
    const lookup = datasetLookup(context);
    const tracker = new DwcaEventTracker();
    const [a, b] = SEED_COLONIES.filter((c) => c.assays.some((x) => x.id === 214));
    expect(dwcaEventRows(a!, context, lookup, tracker)).not.toBe('');
    const again = dwcaEventRows(b!, context, lookup, tracker);
    expect(again).not.toContain('#assay-214\t');
  });

  it('describes the protocol from the dataset metadata', () => {
    expect(samplingProtocol(LICENSED_DATASET)).toBe(
      'CBASS acute heat-stress assay: CBASS standard: 3 h ramp up, 3 h hold, 1 h ramp down, overnight recovery; hold temperatures 30, 33, 36, 39 °C; hold 180 min',
    );
    expect(samplingProtocol(SEED_DATASET)).toBe(DEFAULT_SAMPLING_PROTOCOL);
  });
});
