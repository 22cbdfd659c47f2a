import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  dataDictionaryApiDescription,
  datasetLookup,
  withoutFlaggedThresholds,
  downloadCompanionFiles,
  downloadFileName,
  DOWNLOAD_FORMATS,
  DOWNLOAD_SIDE_FILES,
  isDownloadSideFile,
  LICENCES,
  licencesMostRestrictiveFirst,
  type DatasetLookup,
  type DownloadColony,
  type DownloadContext,
  type DownloadFolderFile,
  type DownloadFormat,
  type TextFileWriter,
} from '@coral/core';
import type { AppDb } from '../../db/schema';
import { PLATFORM_NAME } from '../datasets/dataset-citation';
import { zipArchive } from './download-archive';
import { loadDownloadColonies } from './download-colonies';
import type { DownloadPlan } from './download-sources';

export interface WrittenFile {
  contentType: string;
  fileName: string;
  /** `Link` header values: the citation, the query and the licences of a single file. */
  links: string[];
  body: Readable | string;
}

export interface DownloadWriterOptions {
  publicUrl: string;
  softwareVersion: string;
  /** Colonies read per database round (keyset pages of the plan's ids). */
  pageSize?: number;
}

/** The media type without its parameters, as a `Link` header's `type` names it. */
const mediaType = (contentType: string) => contentType.replace(/;.*$/, '');

/**
 * Writes a planned download in any format of core's registry (docs/downloads.md). Colonies are
 * read a page at a time while the client reads, so a download of any size holds one page in
 * memory; the format's writer formats each colony as it comes.
 */
export function createDownloadWriter(db: AppDb, options: DownloadWriterOptions) {
  const pageSize = options.pageSize ?? 250;

  function contextOf(plan: DownloadPlan): DownloadContext {
    return {
      query: plan.query,
      datasets: plan.versions,
      dataVersion: plan.dataVersion,
      createdAt: plan.createdAt,
      publicUrl: options.publicUrl,
      platform: PLATFORM_NAME,
      softwareVersion: plan.softwareVersion ?? options.softwareVersion,
      snapshot: plan.snapshot,
    };
  }

  /** The plan's colonies, page by page, flagged values left out when asked. */
  async function* colonies(plan: DownloadPlan): AsyncGenerator<DownloadColony[]> {
    const versions = new Map(plan.versions.map((version) => [version.versionId, version]));
    for (let start = 0; start < plan.colonyIds.length; start += pageSize) {
      const page = await loadDownloadColonies(
        db,
        plan.colonyIds.slice(start, start + pageSize),
        versions,
      );
      yield plan.query.hideFlagged ? page.flatMap((c) => withoutFlaggedThresholds(c) ?? []) : page;
    }
  }

  /** A text stream: the head, then the text of each page of colonies, then the tail. */
  function textStream(plan: DownloadPlan, writer: TextFileWriter): Readable {
    return Readable.from(
      (async function* () {
        yield writer.head();
        for await (const page of colonies(plan)) {
          let text = '';
          for (const colony of page) text += writer.colony(colony);
          if (text !== '') yield text;
        }
        // The tail may depend on what was written (GeoJSON's): asked for at the end.
        const tail = writer.tail();
        if (tail !== '') yield tail;
      })(),
      { objectMode: false },
    );
  }

  /**
   * A data file, streamed the way its format's writer kind is (docs/decisions/0045): a kind
   * without a case here does not compile.
   */
  function dataFile(
    plan: DownloadPlan,
    format: DownloadFormat,
    context: DownloadContext,
    lookup: DatasetLookup,
  ): Readable {
    const { writer } = DOWNLOAD_FORMATS[format];
    switch (writer.kind) {
      case 'text':
        return textStream(plan, writer.open(context, lookup));
      case 'archive':
        return zipArchive(
          colonies(plan),
          writer.open(context, lookup),
          downloadCompanionFiles(context, format),
          new Date(plan.createdAt),
        );
    }
  }

  return {
    /** The release written into fresh downloads (a snapshot keeps its own). */
    softwareVersion: options.softwareVersion,

    /** The OpenAPI description of a file: what it holds, from the data dictionary. */
    describe(kind: DownloadFolderFile): string {
      return isDownloadSideFile(kind)
        ? 'Beside the data files of the same folder and query (docs/downloads.md).'
        : `Every column, property and term, from docs/data-dictionary.md:\n\n${dataDictionaryApiDescription()}`;
    },

    /**
     * One file of the plan's folder. Single data files name their citation, query and licences
     * in `Link` headers (RFC 8288); the archive holds them.
     */
    file(
      plan: DownloadPlan,
      kind: DownloadFolderFile,
      where: { folderUrl: string; search: string },
    ): WrittenFile {
      const context = contextOf(plan);
      const absolute = (file: string) =>
        `${options.publicUrl}${where.folderUrl}/${file}${where.search}`;
      const { citation, query } = DOWNLOAD_SIDE_FILES;
      const links = [
        `<${absolute(citation.file)}>; rel="describedby"; type="${mediaType(citation.contentType)}"; title="citation"`,
        `<${absolute(query.file)}>; rel="describedby"; type="${mediaType(query.contentType)}"; title="query"`,
        ...licencesMostRestrictiveFirst(plan.versions.map((v) => v.facts.licence)).flatMap(
          (licence) => (licence === null ? [] : [`<${LICENCES[licence].url}>; rel="license"`]),
        ),
      ];
      if (isDownloadSideFile(kind)) {
        const side = DOWNLOAD_SIDE_FILES[kind];
        return {
          contentType: side.contentType,
          fileName: side.file,
          links,
          body: side.write(context, where.search),
        };
      }
      return {
        contentType: DOWNLOAD_FORMATS[kind].contentType,
        fileName: downloadFileName(context, kind),
        links,
        body: dataFile(plan, kind, context, datasetLookup(context)),
      };
    },

    /** SHA-256 (hex) of the plan's CSV: a snapshot's content hash (docs/downloads.md). */
    async sha256(plan: DownloadPlan): Promise<string> {
      const hash = createHash('sha256');
      const context = contextOf(plan);
      for await (const chunk of dataFile(plan, 'csv', context, datasetLookup(context))) {
        hash.update(chunk as Buffer);
      }
      return hash.digest('hex');
    },
  };
}
export type DownloadWriter = ReturnType<typeof createDownloadWriter>;
