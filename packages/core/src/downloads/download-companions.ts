import { citationCff } from './download-citation';
import { dataDictionaryMarkdown } from './data-dictionary';
import { licenceSummary } from './download-datasets';
import type { DownloadContext } from './download-model';
import { queryJson } from './download-query';
import { downloadReadme } from './download-readme';
import { DATAPACKAGE_FILE, zipDataPackage } from './download-datapackage';
import { DOWNLOAD_FORMATS, type DownloadFormat } from './formats/registry';

/**
 * The files that travel next to the data in every zip: README.txt, DATA-DICTIONARY.md,
 * CITATION.cff, LICENCES.txt, query.json and datapackage.json (names as the README lists them). `dataFileName` is
 * the data file's name when a single-file format is put in a zip.
 */
export function downloadCompanionFiles(
  context: DownloadContext,
  format: DownloadFormat,
  dataFileName?: string,
): Record<string, string> {
  return {
    'README.txt': downloadReadme(context, format, dataFileName),
    'DATA-DICTIONARY.md': dataDictionaryMarkdown(),
    'CITATION.cff': citationCff(context),
    'LICENCES.txt': licenceSummary(context.datasets),
    'query.json': queryJson(context),
    [DATAPACKAGE_FILE]: zipDataPackage(
      context,
      format,
      dataFileName ?? DOWNLOAD_FORMATS[format].file,
    ),
  };
}
