import type { DatasetLookup } from '../download-datasets';
import type { DownloadColony, DownloadContext } from '../download-model';

/**
 * What a download format is (docs/decisions/0045-download-formats.md): everything the server,
 * the web's menu, the README, the data dictionary and the tests need to know of it, in one entry
 * of `registry.ts`. The writer says how the file is made, colony by colony, in one of two ways
 * the server knows how to stream.
 */
export interface DownloadFormatSpec {
  /** The file's name in every download folder (`colonies.csv`): the last part of its URL. */
  file: string;
  /** The extension of the name a download is saved under (`…_2026-11-24.csv`). */
  extension: string;
  /** The menu's name of the format. */
  label: string;
  /** The menu's line under the name: what the file holds and what reads it. */
  detail: string;
  /** The response's media type (and the OpenAPI document's). */
  contentType: string;
  /** Whether the server may gzip the response (a zip is compressed already). */
  compressible: boolean;
  /**
   * What the README of a zip (the text that says how to cite it) lists of the format's files:
   * [file name, what it holds]. A single-file format names its data file.
   */
  readmeLines: readonly (readonly [string, string])[];
  /** The format's sections of the data dictionary (docs/data-dictionary.md). */
  dictionary: readonly DictionarySection[];
  writer: DownloadFormatWriter;
}

/** How a format's file is written; the server streams each kind in its own way. */
export type DownloadFormatWriter = TextDownloadWriter | ArchiveDownloadWriter;

/** One text file: its head, then each colony's text, then its tail (asked for at the end). */
export interface TextDownloadWriter {
  kind: 'text';
  open(context: DownloadContext, lookup: DatasetLookup): TextFileWriter;
}

export interface TextFileWriter {
  head(): string;
  colony(colony: DownloadColony): string;
  tail(): string;
}

/**
 * A zip: entries known before any colony, then tables that grow side by side, colony by colony
 * (the server writes them to temporary files, since a zip holds one entry after another), then
 * entries known only at the end. Every
 * zip also carries the companion files (README.txt, DATA-DICTIONARY.md, CITATION.cff,
 * LICENCES.txt, query.json: `downloadCompanionFiles`) after its tables.
 */
export interface ArchiveDownloadWriter {
  kind: 'archive';
  open(context: DownloadContext, lookup: DatasetLookup): ArchiveContents;
}

export interface ArchiveContents {
  leading: readonly ArchiveEntry[];
  tables: readonly ArchiveTable[];
  /**
   * Entries that depend on every colony (the Darwin Core Archive's eml.xml states the colonies'
   * coverage): asked for once all tables are written, zipped after them.
   */
  trailing: () => readonly ArchiveEntry[];
}

export interface ArchiveEntry {
  name: string;
  text: string;
}

export interface ArchiveTable {
  name: string;
  header: string;
  /** The colony's rows; a table may remember what it wrote (one writer per download). */
  rows(colony: DownloadColony): string;
  /** Rows known only once every colony was seen (the archive's site events); asked for at the end. */
  tail?(): string;
}

/** One name a format writes (a column, a property, a term) with its meaning and unit. */
export interface DictionaryEntry {
  name: string;
  description: string;
  unit: string | null;
  /** The term's IRI (Darwin Core Archive fields). */
  term?: string;
}

export interface DictionarySection {
  /** 'CSV', 'GeoJSON Feature properties', 'Darwin Core Archive: event.txt', … */
  title: string;
  /** One sentence on where these names appear. */
  intro: string;
  entries: readonly DictionaryEntry[];
}
