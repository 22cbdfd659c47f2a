import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import {
  ALL_COLONIES,
  BARE_COLONY,
  EDGE_COLONY,
  LICENSED_DATASET,
  mixedContext,
  SEED_COLONIES,
  SEED_DATASET,
} from '../../../test/download-test-data';
import { testDownloadContext } from '../../../test/download-colonies';
import { writeDownload } from '../../../test/download-in-memory';
import { xmlSchemaErrors } from '../../../test/xml-schemas';
import { RECORDED_NEAR, RECORDED_SYNONYM } from '../../../test/worms-answers';
import { emlCoverage } from './eml-coverage';
import { dwcaEmlXml, EML_GBIF_PROFILE_SCHEMA } from './eml-xml';

const parser = new XMLParser({
  ignoreAttributes: false,
  isArray: (name) =>
    [
      'para',
      'creator',
      'contact',
      'taxonomicClassification',
      'methodStep',
      'personnel',
      'citation',
    ].includes(name),
});

const SYNONYM = RECORDED_SYNONYM;
const NEAR = RECORDED_NEAR;

interface Dataset {
  creator: { individualName?: { surName: string }; organizationName?: string }[];
  additionalInfo: { para: string[] };
  intellectualRights: { para: unknown[] };
  coverage: {
    geographicCoverage: {
      geographicDescription: string;
      boundingCoordinates: Record<string, number>;
    };
    temporalCoverage: {
      rangeOfDates: { beginDate: { calendarDate: string }; endDate: { calendarDate: string } };
    };
    taxonomicCoverage: {
      generalTaxonomicCoverage?: string;
      taxonomicClassification: { taxonRankName?: string; taxonRankValue: string }[];
    };
  };
  contact: { individualName?: { surName: string }; organizationName?: string }[];
  methods: { methodStep: { description: { para: string[] } }[] };
  project: { title: string; personnel: { role: string }[] };
}

const datasetOf = (eml: string) =>
  (parser.parse(eml) as { 'eml:eml': { dataset: Dataset } })['eml:eml'].dataset;

describe('eml.xml under the GBIF Metadata Profile 1.2', () => {
  it('validates against the official profile and names it (seed and licensed versions)', () => {
    const colonies = [
      ...SEED_COLONIES.slice(0, 3).map((c, index) =>
        index === 0 ? { ...c, species: 'Coryphaena immaculata', taxon: SYNONYM } : c,
      ),
      { ...EDGE_COLONY, species: 'Gadus morha', taxon: NEAR },
      BARE_COLONY,
    ];
    const eml = dwcaEmlXml(mixedContext(), emlCoverage(colonies));
    expect(xmlSchemaErrors(eml, 'eml')).toBe('');
    expect(eml).toContain(
      `xsi:schemaLocation="eml://ecoinformatics.org/eml-2.1.1 ${EML_GBIF_PROFILE_SCHEMA}"`,
    );
    expect(EML_GBIF_PROFILE_SCHEMA).toContain('/eml-gbif-profile/1.2/');

    const dataset = datasetOf(eml);
    // The seed version's creators were not recorded: its source is credited, never an account.
    expect(dataset.creator.map((c) => c.individualName?.surName ?? c.organizationName)).toEqual([
      'Voolstra',
      'Evensen',
      'Coral Future database',
    ]);
    // One paragraph each, as the profile allows.
    expect(dataset.additionalInfo.para).toHaveLength(1);
    expect(dataset.additionalInfo.para[0]).toContain(
      `coral-dataset-1-v1: ${SEED_DATASET.citation}`,
    );
    expect(dataset.additionalInfo.para[0]).toContain(
      `coral-dataset-12-v2: ${LICENSED_DATASET.citation}`,
    );
    expect(dataset.intellectualRights.para).toHaveLength(1);
    expect(JSON.stringify(dataset.intellectualRights.para[0])).toMatch(
      /Licence not stated \(coral-dataset-1-v1\).*https:\/\/creativecommons.org\/licenses\/by\/4.0\//,
    );

    // Coverage: the bounding box of exactly these colonies' sites, their assay dates, species.
    const lats = colonies.map((c) => c.latitude);
    const lons = colonies.map((c) => c.longitude);
    const box = dataset.coverage.geographicCoverage.boundingCoordinates;
    expect(box.westBoundingCoordinate).toBeCloseTo(Math.min(...lons), 5);
    expect(box.eastBoundingCoordinate).toBeCloseTo(Math.max(...lons), 5);
    expect(box.southBoundingCoordinate).toBeCloseTo(Math.min(...lats), 5);
    expect(box.northBoundingCoordinate).toBeCloseTo(Math.max(...lats), 5);
    const dates = colonies.flatMap((c) => c.assays.map((a) => a.date)).filter((d) => d !== null);
    const range = dataset.coverage.temporalCoverage.rangeOfDates;
    expect(range.beginDate.calendarDate).toBe([...dates].sort()[0]);
    expect(range.endDate.calendarDate).toBe([...dates].sort().at(-1));
    const taxa = dataset.coverage.taxonomicCoverage.taxonomicClassification;
    // A synonym is stated under WoRMS' accepted name and rank; a near match only as written.
    expect(taxa).toContainEqual({
      taxonRankName: 'Species',
      taxonRankValue: 'Coryphaena hippurus',
    });
    expect(taxa).toContainEqual({ taxonRankValue: 'Gadus morha' });
    expect(taxa).toContainEqual({ taxonRankValue: 'Pocillopora verrucosa' });
    expect(dataset.coverage.taxonomicCoverage.generalTaxonomicCoverage).toContain('Coryphaenidae');

    // Contacts: the first creator of the licensed version, then the platform.
    expect(dataset.contact.map((c) => c.individualName?.surName ?? c.organizationName)).toEqual([
      'Voolstra',
      'Coral Thermal Tolerance',
    ]);
    // Methods from each version's assay protocol, then what the thresholds are.
    const steps = dataset.methods.methodStep.map((step) => step.description.para.join(' '));
    expect(steps[0]).toBe('coral-dataset-1-v1: CBASS acute heat-stress assay.');
    expect(steps[1]).toContain('hold temperatures 30, 33, 36, 39 °C; hold 180 min');
    expect(steps[1]).toContain('Walz IMAGING-PAM (MAXI)');
    expect(steps[2]).toContain('ED50: temperature at which half of the initial photosynthetic');
    expect(dataset.project.title).toBe(SEED_DATASET.facts.projectName);
    expect(dataset.project.personnel.every((p) => p.role === 'originator')).toBe(true);
  });

  it('validates with every optional fact missing: no creators, protocol, licence, dates or species', () => {
    const bare = {
      ...SEED_DATASET,
      protocol: null,
      facts: {
        ...SEED_DATASET.facts,
        importedFrom: null,
        description: '',
        keywords: [],
        projectName: '',
      },
    };
    const context = testDownloadContext([bare]);
    const noDates = { ...BARE_COLONY, species: '', assays: [] };
    for (const colonies of [[], [noDates]]) {
      const eml = dwcaEmlXml(context, emlCoverage(colonies));
      expect(xmlSchemaErrors(eml, 'eml')).toBe('');
      // Nothing is claimed that is not known: the platform is creator and contact.
      expect(eml).not.toContain('<temporalCoverage>');
      expect(eml).not.toContain('<taxonomicCoverage>');
      expect(eml).not.toContain('<project>');
      expect(eml).toContain(
        '<creator>\n    <organizationName>Coral Thermal Tolerance</organizationName>',
      );
    }
    expect(dwcaEmlXml(context, emlCoverage([]))).not.toContain('<coverage>');
    // One assay date: a single date, not a range.
    const oneDay = dwcaEmlXml(context, emlCoverage([BARE_COLONY]));
    expect(xmlSchemaErrors(oneDay, 'eml')).toBe('');
    expect(oneDay).toContain('<singleDateTime>\n        <calendarDate>2023-03-02</calendarDate>');
  });

  it('escapes XML in free text and stays valid', () => {
    const context = testDownloadContext([
      { ...SEED_DATASET, facts: { ...SEED_DATASET.facts, description: 'a < b & "c"' } },
    ]);
    const eml = dwcaEmlXml(context, emlCoverage(SEED_COLONIES));
    expect(xmlSchemaErrors(eml, 'eml')).toBe('');
    expect(eml).toContain('a &lt; b &amp; &quot;c&quot;');
    // One version only: the download is cited as that version.
    expect(eml).toContain(`>${SEED_DATASET.citation.replaceAll('&', '&amp;')}</citation>`);
  });

  it('names a revised description (decision 0064): additionalInfo says which, dateStamp moves, pubDate stays', () => {
    const at = '2099-11-29T09:30:00.000Z';
    const revised = {
      ...LICENSED_DATASET,
      facts: { ...LICENSED_DATASET.facts, revision: { number: 1, at } },
    };
    const context = testDownloadContext([revised]);
    const plain = dwcaEmlXml(testDownloadContext([LICENSED_DATASET]), emlCoverage(SEED_COLONIES));
    const eml = dwcaEmlXml(context, emlCoverage(SEED_COLONIES));
    expect(xmlSchemaErrors(eml, 'eml')).toBe('');
    expect(datasetOf(eml).additionalInfo.para[0]).toContain(
      `${revised.citationKey}: This citation is of description revision 1 of 2099-11-29 of version ${revised.facts.version}: its description was completed by a curator after publication; its data are unchanged.`,
    );
    expect(eml).toContain(`<dateStamp>${at}</dateStamp>`);
    const pubDate = (xml: string) => /<pubDate>([^<]*)<\/pubDate>/.exec(xml)![1];
    expect(pubDate(eml)).toBe(pubDate(plain));
    expect(plain).not.toContain('description revision');
  });

  it("is the archive's eml.xml, written after the tables with the coverage of every colony", () => {
    const out = writeDownload('dwca', mixedContext(), ALL_COLONIES);
    const eml = out['eml.xml']!;
    expect(xmlSchemaErrors(eml, 'eml')).toBe('');
    expect(eml).toBe(dwcaEmlXml(mixedContext(), emlCoverage(ALL_COLONIES)));
    expect(Object.keys(out).indexOf('eml.xml')).toBeGreaterThan(
      Object.keys(out).indexOf('extendedmeasurementorfact.txt'),
    );
  });

  it('fails the profile when a rule is broken (the check can fail)', () => {
    const eml = dwcaEmlXml(mixedContext(), emlCoverage(SEED_COLONIES));
    const twoParas = eml.replace('<additionalInfo>', '<additionalInfo>\n    <para>x</para>');
    expect(xmlSchemaErrors(twoParas, 'eml')).toContain(
      "Element 'para': This element is not expected",
    );
    const noContact = eml.replace(/<contact>[\s\S]*?<\/contact>\n/g, '');
    expect(xmlSchemaErrors(noContact, 'eml')).toContain('contact');
  });
});
