import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import officialCffSchema from '../../../../fixtures/schemas/cff/schema.json';
import { parse as parseYaml } from 'yaml';
import { FULL_VERSION } from '../../test/citation-facts';
import { downloadDataset, testDownloadContext } from '../../test/download-colonies';
import { LICENSED_DATASET, mixedContext, SEED_DATASET } from '../../test/download-test-data';
import {
  citationCff,
  downloadCitationText,
  selectionPageUrl,
  versionCitationCff,
} from './download-citation';
import { downloadCompanionFiles } from './download-companions';
import { downloadReadme } from './download-readme';
import { licenceGroups, licenceSummary } from './download-datasets';
import { downloadFileName, fileNamePart } from './download-file-name';
import type { FilterSet } from '../filters/filter-set';
import type { DownloadContext, DownloadQuery } from './download-model';
import { queryJson } from './download-query';

const NC_DATASET = downloadDataset({
  ...FULL_VERSION,
  datasetId: 30,
  version: 1,
  licence: 'CC-BY-NC-4.0',
  doi: null,
  url: 'https://corals.example.org/datasets/30/versions/1',
});
const CC0_DATASET = downloadDataset({
  ...FULL_VERSION,
  datasetId: 31,
  version: 3,
  licence: 'CC0-1.0',
});

interface Cff {
  'cff-version': string;
  message: string;
  type: string;
  title: string;
  authors: Record<string, string>[];
  version: string;
  'date-released': string;
  doi?: string;
  url: string;
  license?: string | string[];
  references?: Record<string, unknown>[];
}

describe('licences of a download', () => {
  it('lists distinct licences, most restrictive first, "not stated" before all', () => {
    const groups = licenceGroups([
      CC0_DATASET,
      LICENSED_DATASET,
      NC_DATASET,
      SEED_DATASET,
      CC0_DATASET,
    ]);
    expect(groups.map((g) => g.licence)).toEqual([null, 'CC-BY-NC-4.0', 'CC-BY-4.0', 'CC0-1.0']);
    expect(groups[3]!.datasets).toHaveLength(2);
  });

  it('says plainly what "not stated" means', () => {
    const text = licenceSummary([LICENSED_DATASET, SEED_DATASET]);
    expect(text).toContain('several licences');
    expect(text.indexOf('Licence not stated')).toBeLessThan(text.indexOf('CC BY 4.0'));
    expect(text).toContain('no licence was ever stated for them, so none is granted here');
    expect(text).toContain('Dataset versions: coral-dataset-1-v1');
    expect(licenceSummary([LICENSED_DATASET])).toContain(
      'All data in this download come under one licence.',
    );
  });
});

describe('CITATION.cff', () => {
  it('cites a download of one dataset version as that version (CFF 1.2.0, type dataset)', () => {
    const cff = parseYaml(citationCff(testDownloadContext([LICENSED_DATASET]))) as Cff;
    expect(cff).toEqual({
      'cff-version': '1.2.0',
      message: expect.stringContaining('please cite') as string,
      type: 'dataset',
      title: 'Thermal tolerance of Acropora & Pocillopora in the Red Sea',
      authors: [
        {
          'family-names': 'Voolstra',
          'given-names': 'Christian R.',
          orcid: 'https://orcid.org/0000-0003-4555-3795',
          affiliation: 'University of Konstanz',
        },
        { 'family-names': 'Evensen', 'given-names': 'Nicolas R.' },
      ],
      version: '2',
      'date-released': '2024-05-03',
      doi: '10.1234/coral.12.v2',
      url: 'https://corals.example.org/datasets/12/versions/2',
      license: 'CC-BY-4.0',
    });
  });

  it('cites a snapshot first as itself, then every version under references', () => {
    const context = mixedContext({
      query: { source: { kind: 'snapshot', snapshotId: 'abc123' }, hideFlagged: false },
      snapshot: {
        id: 'abc123',
        contentHash: 'sha256:ff00',
        citation: 'Coral Thermal Tolerance (2026). Snapshot abc123.',
      },
    });
    const cff = parseYaml(citationCff(context)) as Cff;
    expect(cff.title).toBe('Coral thermal tolerance (CBASS) data: snapshot abc123');
    expect(cff.version).toBe('abc123');
    expect(cff.url).toBe('https://corals.example.org/snapshots/abc123');
    // The seed states no licence: the snapshot as a whole claims none; each reference states its own.
    expect(cff.license).toBeUndefined();
    expect(cff.references!.map((r) => [r.title, r.version, r.license])).toEqual([
      ['Coral Future public data', '1', undefined],
      ['Thermal tolerance of Acropora & Pocillopora in the Red Sea', '2', 'CC-BY-4.0'],
    ]);
    // The seed's creators were not recorded: its source is credited (decision 0050).
    expect(cff.references![0]!.authors).toEqual([{ name: 'Coral Future database' }]);
    expect(downloadCitationText(context)).toBe('Coral Thermal Tolerance (2026). Snapshot abc123.');
    // A snapshot of a map selection says both.
    const ofMap = {
      ...context,
      query: { source: { kind: 'map', filters: {} }, hideFlagged: false },
    };
    expect((parseYaml(citationCff(ofMap as DownloadContext)) as Cff).title).toBe(
      'Coral thermal tolerance (CBASS) data: map selection (snapshot abc123)',
    );
  });

  it('lists several licences when the versions differ, and stays valid YAML with awkward titles', () => {
    const odd = downloadDataset({
      ...FULL_VERSION,
      title: 'Title: with "quotes" # and colon',
      licence: 'CC0-1.0',
    });
    const cff = parseYaml(citationCff(testDownloadContext([NC_DATASET, odd]))) as Cff;
    expect(cff.license).toEqual(['CC-BY-NC-4.0', 'CC0-1.0']);
    expect(cff.references![1]!.title).toBe('Title: with "quotes" # and colon');
  });

  it('is valid against the official CFF 1.2.0 schema, one version or several', () => {
    const validate = cffSchema();
    const snapshot = mixedContext({
      query: { source: { kind: 'snapshot', snapshotId: 'abc123' }, hideFlagged: false },
      snapshot: { id: 'abc123', contentHash: 'sha256:ff00', citation: 'Snapshot abc123.' },
    });
    for (const context of [
      testDownloadContext([LICENSED_DATASET]),
      testDownloadContext([SEED_DATASET]),
      testDownloadContext([NC_DATASET, CC0_DATASET]),
      snapshot,
    ]) {
      const cff = parseYaml(citationCff(context)) as Cff;
      expect(validate(cff), JSON.stringify(validate.errors)).toBe(true);
      for (const reference of cff.references ?? []) expect(reference.type).toBe('data');
    }
    // The schema is not a formality: what CFF 1.2.0 forbids fails.
    const wrong = parseYaml(citationCff(snapshot)) as Cff & { publisher?: unknown };
    expect(validate({ ...wrong, publisher: { name: 'x' } })).toBe(false);
    expect(
      validate({ ...wrong, references: wrong.references!.map((r) => ({ ...r, type: 'dataset' })) }),
    ).toBe(false);
  });
});

describe('a dataset version’s own CITATION.cff (decision 0056)', () => {
  it('cites the version; a withdrawn one says so in its message; both valid CFF 1.2.0', () => {
    const validate = cffSchema();
    const plain = parseYaml(versionCitationCff(FULL_VERSION)) as Cff;
    expect(validate(plain), JSON.stringify(validate.errors)).toBe(true);
    expect(plain.message).toBe('If you use these data, please cite them as below.');
    expect(plain.type).toBe('dataset');
    const withdrawn = parseYaml(
      versionCitationCff({
        ...FULL_VERSION,
        withdrawn: { at: '2026-04-01T10:00:00.000Z', reason: 'Duplicate of dataset 9.' },
      }),
    ) as Cff;
    expect(validate(withdrawn), JSON.stringify(validate.errors)).toBe(true);
    expect(withdrawn.message).toBe(
      'Withdrawn on 2026-04-01: Duplicate of dataset 9. The data are no longer distributed, but this citation stays valid: if you used these data, please cite them as below.',
    );
    expect(withdrawn.title).toBe(plain.title);
  });
});

describe('the CITATION.cff of a description revised by a curator (decision 0064)', () => {
  const REVISED = {
    ...FULL_VERSION,
    revision: { number: 2, at: '2026-11-29T09:30:00.000Z' },
  };
  const NAMED =
    'This citation is of description revision 2 of 2026-11-29 of version 2: its description was completed by a curator after publication; its data are unchanged.';

  it('keeps the dataset version and release date, names the revision in its message, valid CFF 1.2.0', () => {
    const validate = cffSchema();
    const plain = parseYaml(versionCitationCff(FULL_VERSION)) as Cff;
    const revised = parseYaml(versionCitationCff(REVISED)) as Cff;
    expect(validate(revised), JSON.stringify(validate.errors)).toBe(true);
    expect(revised.version).toBe(plain.version);
    expect(revised['date-released']).toBe(plain['date-released']);
    expect(revised.message).toBe(`${NAMED} If you use these data, please cite them as below.`);
    const withdrawn = parseYaml(
      versionCitationCff({
        ...REVISED,
        withdrawn: { at: '2026-12-01T10:00:00.000Z', reason: null },
      }),
    ) as Cff;
    expect(validate(withdrawn), JSON.stringify(validate.errors)).toBe(true);
    expect(withdrawn.message).toMatch(
      new RegExp(`^${NAMED.replaceAll('.', '\\.')} Withdrawn on 2026-12-01\\.`),
    );
  });

  it('names it in the message of a download of the version, and in the notes of a reference', () => {
    const validate = cffSchema();
    const alone = parseYaml(citationCff(testDownloadContext([downloadDataset(REVISED)]))) as Cff;
    expect(validate(alone), JSON.stringify(validate.errors)).toBe(true);
    expect(alone.message.startsWith(`${NAMED} If you use these data`)).toBe(true);
    const several = parseYaml(
      citationCff(
        testDownloadContext([NC_DATASET, downloadDataset({ ...REVISED, datasetId: 32 })]),
      ),
    ) as Cff;
    expect(validate(several), JSON.stringify(validate.errors)).toBe(true);
    expect(several.message).not.toContain('revision');
    expect(several.references!.map((r) => r.notes)).toEqual([undefined, NAMED]);
  });
});

/** The official CFF 1.2.0 JSON schema (fixtures/schemas/cff/SOURCE.md), compiled by ajv. */
function cffSchema() {
  const schema = structuredClone(officialCffSchema) as Record<string, unknown>;
  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats(ajv);
  return ajv.compile(schema);
}

describe('query.json', () => {
  const query = (filters: FilterSet): DownloadQuery => ({
    source: { kind: 'map', filters },
    hideFlagged: true,
  });

  it('gives identical bytes for identical inputs, whatever the key order of the filters', () => {
    const a = queryJson(
      mixedContext({ query: query({ species: 'Porites lutea', ed50: [30, 40] }) }),
    );
    const b = queryJson(
      mixedContext({ query: query({ ed50: [30, 40], species: 'Porites lutea' }) }),
    );
    expect(a).toBe(b);
    expect(JSON.parse(a)).toEqual({
      query: {
        hideFlagged: true,
        source: { filters: { ed50: [30, 40], species: 'Porites lutea' }, kind: 'map' },
      },
      data_version: 42,
      created_at: '2026-11-24T10:15:00.000Z',
      platform: 'Coral Thermal Tolerance',
      software_version: '0.1.0',
      snapshot: null,
      datasets: [
        {
          citation_key: 'coral-dataset-1-v1',
          dataset_id: 1,
          version: 1,
          doi: null,
          url: 'https://corals.example.org/datasets/1/versions/1',
          licence: null,
        },
        {
          citation_key: 'coral-dataset-12-v2',
          dataset_id: 12,
          version: 2,
          doi: '10.1234/coral.12.v2',
          url: 'https://corals.example.org/datasets/12/versions/2',
          licence: 'CC-BY-4.0',
        },
      ],
    });
    expect(a).not.toBe(queryJson(mixedContext({ query: query({ species: 'Porites lobata' }) })));
  });
});

describe('README.txt and companion files', () => {
  it('says what each file is, how to cite and under which licences', () => {
    const readme = downloadReadme(mixedContext(), 'dwca');
    for (const name of [
      'DATA-DICTIONARY.md',
      'meta.xml',
      'eml.xml',
      'event.txt',
      'occurrence.txt',
      'extendedmeasurementorfact.txt',
      'CITATION.cff',
      'LICENCES.txt',
      'query.json',
      'datapackage.json',
    ]) {
      expect(readme).toContain(`${name}: `);
    }
    expect(readme).toContain(`[coral-dataset-12-v2] ${LICENSED_DATASET.citation}`);
    expect(readme).toContain('Licence not stated');
    const csv = downloadReadme(mixedContext(), 'csv', 'my-data.csv');
    expect(csv).toContain('my-data.csv: the data');
    expect(Object.keys(downloadCompanionFiles(mixedContext(), 'csv'))).toEqual([
      'README.txt',
      'DATA-DICTIONARY.md',
      'CITATION.cff',
      'LICENCES.txt',
      'query.json',
      'datapackage.json',
    ]);
  });
});

describe('downloadFileName', () => {
  const at = (source: DownloadQuery['source'], hideFlagged = false): DownloadContext =>
    mixedContext({ query: { source, hideFlagged } });

  it('names what is inside, with the date and the right extension', () => {
    expect(
      downloadFileName(at({ kind: 'map', filters: { species: 'Porites lutea' } }), 'csv'),
    ).toBe('coral-thermal-tolerance_map_species-Porites-lutea_2026-11-24.csv');
    expect(
      downloadFileName(at({ kind: 'dataset-version', datasetId: 12, version: 2 }), 'geojson'),
    ).toBe('coral-thermal-tolerance_dataset-12-v2_2026-11-24.geojson');
    expect(downloadFileName(at({ kind: 'snapshot', snapshotId: 'ab12' }), 'dwca')).toBe(
      'coral-thermal-tolerance_snapshot-ab12_2026-11-24.zip',
    );
    expect(
      downloadFileName(
        at({ kind: 'project', projectId: 61, projectName: '2022_FJI Viti/Levu' }, true),
        'csv',
      ),
    ).toBe('coral-thermal-tolerance_project-61-2022-FJI-Viti-Levu_unflagged_2026-11-24.csv');
    expect(downloadFileName(at({ kind: 'map', filters: { ed50: [33.5, 40] } }), 'csv')).toBe(
      'coral-thermal-tolerance_map_ed50-33.5-40_2026-11-24.csv',
    );
  });

  it('is safe on every OS: no reserved characters, accents dropped, long selections cut', () => {
    const name = downloadFileName(
      at({ kind: 'cart-group', groupName: 'Récif <A>:"B"/C\\D|E?*'.repeat(20), filters: {} }),
      'csv',
    );
    expect(name).toMatch(/^[A-Za-z0-9._-]+$/);
    expect(name.length).toBeLessThan(150);
    expect(name.startsWith('coral-thermal-tolerance_cart_Recif-A-B-C-D-E-Recif')).toBe(true);
    expect(fileNamePart('..hidden..')).toBe('hidden');
  });

  it('points back at the selection on the platform', () => {
    expect(selectionPageUrl(at({ kind: 'map', filters: { species: 'Porites lutea' } }))).toBe(
      'https://corals.example.org/map?species=Porites+lutea',
    );
    expect(selectionPageUrl(at({ kind: 'project', projectId: 61, projectName: 'x' }))).toBe(
      'https://corals.example.org/project/61',
    );
  });
});
