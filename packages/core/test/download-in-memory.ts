import { downloadCompanionFiles } from '../src/downloads/download-companions';
import { datasetLookup } from '../src/downloads/download-datasets';
import type { DownloadColony, DownloadContext } from '../src/downloads/download-model';
import { downloadFormat, type DownloadFormat } from '../src/downloads/formats/registry';

/**
 * A download written whole in memory, in the order the server streams it: a text format's file
 * under its name in the folder (`colonies.csv`), or every entry of a zip (the format's entries,
 * its tables, its trailing entries, then the companion files). Test-only: not exported by `@coral/core/testing`.
 */
export function writeDownload(
  format: DownloadFormat,
  context: DownloadContext,
  colonies: Iterable<DownloadColony>,
): Record<string, string> {
  const lookup = datasetLookup(context);
  const { writer, file } = downloadFormat(format);
  switch (writer.kind) {
    case 'text': {
      const text = writer.open(context, lookup);
      let written = text.head();
      for (const colony of colonies) written += text.colony(colony);
      return { [file]: written + text.tail() };
    }
    case 'archive': {
      const { leading, tables, trailing } = writer.open(context, lookup);
      const written = tables.map((table) => table.header);
      for (const colony of colonies) {
        tables.forEach((table, index) => (written[index] += table.rows(colony)));
      }
      tables.forEach((table, index) => (written[index] += table.tail?.() ?? ''));
      return {
        ...Object.fromEntries(leading.map((entry) => [entry.name, entry.text])),
        ...Object.fromEntries(tables.map((table, index) => [table.name, written[index]!])),
        ...Object.fromEntries(trailing().map((entry) => [entry.name, entry.text])),
        ...downloadCompanionFiles(context, format),
      };
    }
  }
}

/** The one file of a single-file (text) format, written whole. */
export function writeDownloadText(
  format: DownloadFormat,
  context: DownloadContext,
  colonies: Iterable<DownloadColony>,
): string {
  return writeDownload(format, context, colonies)[downloadFormat(format).file]!;
}
