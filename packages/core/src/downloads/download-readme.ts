import { downloadCitationText, selectionPageUrl } from './download-citation';
import { licenceSummary } from './download-datasets';
import type { DownloadContext } from './download-model';
import { downloadTitle } from './download-query';
import { DOWNLOAD_FORMATS, type DownloadFormat } from './formats/registry';

/** What README.txt says of the files every zip carries besides its format's own. */
const COMPANION_FILES: readonly (readonly [string, string])[] = [
  ['README.txt', 'this file'],
  ['DATA-DICTIONARY.md', 'the meaning and unit of every column, property and term'],
  [
    'CITATION.cff',
    'how to cite the data (Citation File Format 1.2.0; reference managers and GitHub read it)',
  ],
  ['LICENCES.txt', 'the licences of the data, most restrictive first'],
  ['query.json', 'what was asked for, the data version and the dataset versions returned'],
  [
    'datapackage.json',
    'Frictionless Data Package descriptor: the data files, their columns, types and licences',
  ],
];

/**
 * README.txt of a zip: what the download is, what each file holds (the format's `readmeLines`),
 * how to cite it and under which licences. `dataFileName` names the data file of a single-file
 * format put in a zip.
 */
export function downloadReadme(
  context: DownloadContext,
  format: DownloadFormat,
  dataFileName?: string,
): string {
  const { readmeLines, writer } = DOWNLOAD_FORMATS[format];
  const files = readmeLines.map(([name, text]): readonly [string, string] =>
    writer.kind === 'text' && dataFileName ? [dataFileName, text] : [name, text],
  );
  const lines = [
    downloadTitle(context),
    '='.repeat(downloadTitle(context).length),
    '',
    `Downloaded from ${context.platform} (${selectionPageUrl(context)}) on ${context.createdAt}.`,
    `Data version ${context.dataVersion}; written by ${context.platform} ${context.softwareVersion}.`,
    ...(context.snapshot === null
      ? []
      : [`Snapshot ${context.snapshot.id}, content hash ${context.snapshot.contentHash}.`]),
    '',
    'Files',
    '-----',
    ...[...files, ...COMPANION_FILES].map(([name, text]) => `${name}: ${text}`),
    '',
    `Column meanings and units: DATA-DICTIONARY.md (also in the API description, ${context.publicUrl}/api/docs).`,
    '',
    'How to cite',
    '-----------',
    downloadCitationText(context),
    '',
    ...(context.datasets.length > 1 || context.snapshot !== null
      ? ['The data come from these dataset versions; cite each one you use:', '']
      : []),
    ...(context.datasets.length > 1 || context.snapshot !== null
      ? context.datasets.flatMap((dataset) => [`[${dataset.citationKey}] ${dataset.citation}`, ''])
      : []),
    'Licences',
    '--------',
    licenceSummary(context.datasets),
  ];
  return lines.join('\n').replace(/\n+$/, '\n');
}
