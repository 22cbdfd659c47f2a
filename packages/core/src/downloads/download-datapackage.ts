import { LICENCES } from '../datasets/licences';
import { citationUrl } from '../citation/citation-facts';
import { licenceGroups } from './download-datasets';
import { DOWNLOAD_CSV_COLUMNS } from './download-csv';
import type { DownloadContext } from './download-model';
import { downloadTitle } from './download-query';
import { DWCA_DATA_FILES } from './dwca/dwca-files';

/**
 * `datapackage.json`: the Frictionless Data Package (v2) descriptor of a download, in every
 * download folder (its data files, with the folder's query) and in every zip (the zip's data
 * files), so that Frictionless tools, R's `frictionless` and pandas readers find the tables,
 * their columns, types and licences without reading the README
 * (docs/decisions/0058-obis-ready-archives-and-friendly-files.md). Validated in core's tests
 * against the official profiles (fixtures/schemas/frictionless/).
 */
export const DATAPACKAGE_FILE = 'datapackage.json';
const PROFILE = 'https://datapackage.org/profiles/2.0/datapackage.json';

type TableType = 'string' | 'number' | 'integer';

interface TableField {
  name: string;
  type: TableType;
  description: string;
  rdfType?: string;
}

/** Columns that are numbers: everything else is text (flags, lists, names, ids with a prefix). */
const CSV_INTEGERS = new Set(['dataset_id', 'dataset_version', 'colony_id']);
const CSV_NUMBERS = /^(latitude|longitude|sst_clim_mmm|ed\d+_(abs|rel))$/;
const DWCA_NUMBERS = new Set(['decimalLatitude', 'decimalLongitude']);

const withUnit = (description: string, unit: string | null) =>
  unit === null ? description : `${description} (${unit})`;

function csvSchema() {
  return {
    fields: DOWNLOAD_CSV_COLUMNS.map((column): TableField => ({
      name: column.header,
      type: CSV_INTEGERS.has(column.header)
        ? 'integer'
        : CSV_NUMBERS.test(column.header)
          ? 'number'
          : 'string',
      description: withUnit(column.description, column.unit),
    })),
    missingValues: [''],
  };
}

function dwcaSchema(file: (typeof DWCA_DATA_FILES)[number]) {
  const columns = [{ ...file.idColumn, unit: null }, ...file.fields.map((field) => ({ ...field }))];
  return {
    fields: columns.map((column): TableField => ({
      name: column.name,
      type: DWCA_NUMBERS.has(column.name) ? 'number' : 'string',
      description: withUnit(column.description, column.unit),
      ...(column.term === null ? {} : { rdfType: column.term }),
    })),
    missingValues: [''],
  };
}

/** The resources a download's data files are, by the format that writes them. */
export type DataPackageFormat = 'csv' | 'geojson' | 'dwca';

function resourcesOf(format: DataPackageFormat, path: string, inZip: boolean): object[] {
  switch (format) {
    case 'csv':
      return [
        {
          name: 'colonies',
          type: 'table',
          path,
          format: 'csv',
          mediatype: 'text/csv',
          encoding: 'utf-8',
          description: 'One row per colony, condition and timepoint (UTF-8 with BOM)',
          dialect: { delimiter: ',', header: true },
          schema: csvSchema(),
        },
      ];
    case 'geojson':
      return [
        {
          name: 'colonies-geojson',
          path,
          format: 'geojson',
          mediatype: 'application/geo+json',
          encoding: 'utf-8',
          description: 'One GeoJSON Point Feature per colony (RFC 7946)',
        },
      ];
    case 'dwca':
      // Inside the archive its tables; in a folder, the archive itself.
      return inZip
        ? DWCA_DATA_FILES.map((file) => ({
            name: file.fileName.replace(/\.txt$/, ''),
            type: 'table',
            path: file.fileName,
            format: 'tsv',
            mediatype: 'text/tab-separated-values',
            encoding: 'utf-8',
            description: `Darwin Core Archive ${file.role === 'core' ? 'core' : 'extension'} (${file.rowType})`,
            dialect: { delimiter: '\t', header: true, lineTerminator: '\n' },
            schema: dwcaSchema(file),
          }))
        : [
            {
              name: 'dwca',
              path,
              format: 'zip',
              mediatype: 'application/zip',
              description: 'Darwin Core Archive: events, occurrences and measurements (GBIF, OBIS)',
            },
          ];
  }
}

function descriptor(context: DownloadContext, resources: object[]): string {
  const licences = licenceGroups(context.datasets).flatMap((group) =>
    group.licence === null
      ? []
      : [
          {
            name: group.licence,
            path: LICENCES[group.licence].url,
            title: LICENCES[group.licence].name,
          },
        ],
  );
  const single = context.datasets.length === 1 ? context.datasets[0]! : null;
  const pkg = {
    $schema: PROFILE,
    name: `coral-thermal-tolerance-data-version-${context.dataVersion}`,
    ...(single === null ? {} : { id: citationUrl(single.facts) }),
    title: downloadTitle(context),
    description: `Written by ${context.platform} ${context.softwareVersion} from data version ${context.dataVersion}. Cite as README.txt or CITATION.cff says.`,
    homepage: context.publicUrl,
    created: context.createdAt,
    version: String(context.dataVersion),
    // A licence is claimed only when stated; a version without one grants none (LICENCES.txt).
    ...(licences.length === 0 ? {} : { licenses: licences }),
    sources: context.datasets.map((dataset) => ({
      title: dataset.citation,
      path: citationUrl(dataset.facts),
    })),
    resources,
  };
  return `${JSON.stringify(pkg, null, 2)}\n`;
}

/**
 * The descriptor of a zip: its data file (a single-file format's, under `dataFileName`) or, for
 * the Darwin Core Archive, its three tables.
 */
export function zipDataPackage(
  context: DownloadContext,
  format: DataPackageFormat,
  dataFileName: string,
): string {
  return descriptor(context, resourcesOf(format, dataFileName, true));
}

/**
 * The descriptor of a download folder: every data file in it, by its name relative to the
 * folder with the folder's query (`?species=…`), so that each path fetches what it describes.
 */
export function folderDataPackage(
  context: DownloadContext,
  files: readonly { format: DataPackageFormat; file: string }[],
  search: string,
): string {
  return descriptor(
    context,
    files.flatMap(({ format, file }) => resourcesOf(format, `${file}${search}`, false)),
  );
}
