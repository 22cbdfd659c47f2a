import { Ajv, type ValidateFunction } from 'ajv';
import Papa from 'papaparse';
import { beforeAll, describe, expect, it } from 'vitest';
import dataPackageProfile from '../../../../fixtures/schemas/frictionless/datapackage.json';
import tableDialectProfile from '../../../../fixtures/schemas/frictionless/tabledialect.json';
import tableSchemaProfile from '../../../../fixtures/schemas/frictionless/tableschema.json';
import { ALL_COLONIES, mixedContext, SEED_COLONIES } from '../../test/download-test-data';
import { testDownloadContext } from '../../test/download-colonies';
import { SEED_DATASET, LICENSED_DATASET } from '../../test/download-test-data';
import { writeDownload } from '../../test/download-in-memory';
import { DATAPACKAGE_FILE } from './download-datapackage';
import { DOWNLOAD_FORMAT_IDS, DOWNLOAD_SIDE_FILES } from './formats/registry';

interface Resource {
  name: string;
  path: string;
  schema?: { fields: { name: string; type: string }[] };
  dialect?: object;
}
interface Descriptor {
  resources: Resource[];
  licenses?: { name: string; path: string }[];
  [key: string]: unknown;
}

/** The official Frictionless profiles (fixtures/schemas/frictionless/SOURCE.md). */
describe('datapackage.json', () => {
  const validators: Record<'pkg' | 'schema' | 'dialect', ValidateFunction> = {} as never;
  beforeAll(() => {
    // Not strict: the profiles carry the editor keyword "propertyOrder".
    const ajv = new Ajv({ allErrors: true, strict: false });
    validators.pkg = ajv.compile(dataPackageProfile);
    validators.schema = ajv.compile(tableSchemaProfile);
    validators.dialect = ajv.compile(tableDialectProfile);
  });
  const errors = (which: keyof typeof validators, value: unknown) =>
    validators[which](value)
      ? []
      : (validators[which].errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
  const valid = (descriptor: Descriptor) => {
    expect(errors('pkg', descriptor)).toEqual([]);
    for (const resource of descriptor.resources) {
      if (resource.schema) expect(errors('schema', resource.schema)).toEqual([]);
      if (resource.dialect) expect(errors('dialect', resource.dialect)).toEqual([]);
    }
  };

  it("is in every zip, valid, describing the zip's data files by their names", () => {
    const context = mixedContext();
    for (const format of DOWNLOAD_FORMAT_IDS) {
      const files = writeDownload(format, context, ALL_COLONIES);
      const inZip = files[DATAPACKAGE_FILE];
      if (inZip === undefined) continue; // a text format is one file, not a zip
      const descriptor = JSON.parse(inZip) as Descriptor;
      valid(descriptor);
      for (const resource of descriptor.resources) {
        expect(Object.keys(files)).toContain(resource.path);
      }
    }
    const dwca = JSON.parse(
      writeDownload('dwca', context, ALL_COLONIES)[DATAPACKAGE_FILE]!,
    ) as Descriptor;
    expect(dwca.resources.map((r) => r.path)).toEqual([
      'event.txt',
      'occurrence.txt',
      'extendedmeasurementorfact.txt',
    ]);
    // Every table's fields are its header, in order.
    const files = writeDownload('dwca', context, ALL_COLONIES);
    for (const resource of dwca.resources) {
      expect(resource.schema!.fields.map((f) => f.name)).toEqual(
        files[resource.path]!.split('\n')[0]!.split('\t'),
      );
    }
  });

  it("is in every folder, valid, each path the folder's file with the folder's query", () => {
    const descriptor = JSON.parse(
      DOWNLOAD_SIDE_FILES.datapackage.write(mixedContext(), '?species=Porites%20lobata'),
    ) as Descriptor;
    valid(descriptor);
    expect(descriptor.resources.map((r) => r.path)).toEqual([
      'colonies.csv?species=Porites%20lobata',
      'colonies.geojson?species=Porites%20lobata',
      'dwca.zip?species=Porites%20lobata',
    ]);
    // The licence stated (CC BY 4.0) is claimed; the seed's (not stated) is not.
    expect(descriptor.licenses).toEqual([
      {
        name: 'CC-BY-4.0',
        path: 'https://creativecommons.org/licenses/by/4.0/',
        title: 'Creative Commons Attribution 4.0 International',
      },
    ]);
    const seedOnly = JSON.parse(
      DOWNLOAD_SIDE_FILES.datapackage.write(testDownloadContext([SEED_DATASET])),
    ) as Descriptor;
    valid(seedOnly);
    expect(seedOnly.licenses).toBeUndefined();
    expect(seedOnly.id).toBe(SEED_DATASET.facts.url);
    expect(LICENSED_DATASET.facts.licence).toBe('CC-BY-4.0');
  });

  it("types the CSV's columns so that its values read as their types", () => {
    const descriptor = JSON.parse(
      DOWNLOAD_SIDE_FILES.datapackage.write(mixedContext()),
    ) as Descriptor;
    const csv = writeDownload('csv', mixedContext(), SEED_COLONIES)['colonies.csv']!;
    const { data, meta } = Papa.parse<Record<string, string>>(csv.replace(/^\uFEFF/, ''), {
      header: true,
      skipEmptyLines: true,
    });
    const fields = descriptor.resources[0]!.schema!.fields;
    expect(fields.map((f) => f.name)).toEqual(meta.fields);
    for (const field of fields.filter((f) => f.type !== 'string')) {
      const bad = data
        .map((row) => row[field.name]!)
        .filter(
          (cell) =>
            cell !== '' &&
            !(field.type === 'integer' ? /^-?\d+$/ : /^-?\d+(\.\d+)?(e-?\d+)?$/).test(cell),
        );
      expect(bad, field.name).toEqual([]);
    }
    expect(fields.find((f) => f.name === 'ed50_abs')!.type).toBe('number');
  });

  it('fails the profile when a descriptor is broken (so the check can fail)', () => {
    const descriptor = JSON.parse(
      DOWNLOAD_SIDE_FILES.datapackage.write(mixedContext()),
    ) as Descriptor;
    const { resources, ...withoutResources } = descriptor;
    expect(errors('pkg', withoutResources)).not.toEqual([]);
    const { path, ...withoutPath } = resources[0]!;
    expect(path).toBeTruthy();
    expect(errors('pkg', { ...descriptor, resources: [withoutPath] })).not.toEqual([]);
    expect(errors('schema', { fields: [{ name: 'x', type: 'decimal' }] })).not.toEqual([]);
  });
});
