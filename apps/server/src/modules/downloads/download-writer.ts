import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  citationCff,
  createGeoJsonWriter,
  dataDictionaryApiDescription,
  datasetLookup,
  withoutFlaggedThresholds,
  downloadCsvPreamble,
  downloadCsvRows,
  downloadFileName,
  LICENCES,
  licencesMostRestrictiveFirst,
  queryJson,
  CITATION_FILE,
  QUERY_FILE,
  type DatasetLookup,
  type DownloadColony,
  type DownloadContext,
  type DownloadFormat,
} from '@coral/core';
import type { AppDb } from '../../db/schema';
import { PLATFORM_NAME } from '../datasets/dataset-citation';
import { loadDownloadColonies } from './download-colonies';
import { dwcaArchive } from './download-dwca';
import type { DownloadPlan } from './download-sources';

/** A file of a download folder: a data format, or the citation or the query beside it. */
export type DownloadFileKind = DownloadFormat | 'citation' | 'query';

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

export const DOWNLOAD_CONTENT_TYPES: Record<DownloadFileKind, string> = {
  csv: 'text/csv; charset=utf-8',
  geojson: 'application/geo+json',
  dwca: 'application/zip',
  citation: 'application/x-yaml; charset=utf-8',
  query: 'application/json; charset=utf-8',
};

/**
 * Writes a planned download in any format (docs/downloads.md). Colonies are read a page at a time
 * while the client reads, so a download of any size holds one page in memory; the core writers
 * format each colony as it comes.
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
  function textStream(
    plan: DownloadPlan,
    head: string,
    each: (colony: DownloadColony) => string,
    tail = '',
  ): Readable {
    return Readable.from(
      (async function* () {
        yield head;
        for await (const page of colonies(plan)) {
          let text = '';
          for (const colony of page) text += each(colony);
          if (text !== '') yield text;
        }
        if (tail !== '') yield tail;
      })(),
      { objectMode: false },
    );
  }

  function csv(plan: DownloadPlan, lookup: DatasetLookup): Readable {
    return textStream(plan, downloadCsvPreamble(), (colony) => downloadCsvRows(colony, lookup));
  }

  function geojson(plan: DownloadPlan, context: DownloadContext, lookup: DatasetLookup): Readable {
    const writer = createGeoJsonWriter(context, lookup);
    // The suffix depends on how many features were written: it is asked for at the end.
    return Readable.from(
      (async function* () {
        yield writer.prefix();
        for await (const page of colonies(plan)) {
          let text = '';
          for (const colony of page) text += writer.feature(colony);
          if (text !== '') yield text;
        }
        yield writer.suffix();
      })(),
      { objectMode: false },
    );
  }

  return {
    /** The release written into fresh downloads (a snapshot keeps its own). */
    softwareVersion: options.softwareVersion,

    /** The OpenAPI description of a file: what it holds, from the data dictionary. */
    describe(kind: DownloadFileKind): string {
      return kind === 'citation' || kind === 'query'
        ? 'Beside the data files of the same folder and query (docs/downloads.md).'
        : `Every column, property and term, from docs/data-dictionary.md:\n\n${dataDictionaryApiDescription()}`;
    },

    /**
     * One file of the plan's folder. Single data files name their citation, query and licences
     * in `Link` headers (RFC 8288); the archive holds them.
     */
    file(
      plan: DownloadPlan,
      kind: DownloadFileKind,
      where: { folderUrl: string; search: string },
    ): WrittenFile {
      const context = contextOf(plan);
      const lookup = datasetLookup(context);
      const absolute = (file: string) =>
        `${options.publicUrl}${where.folderUrl}/${file}${where.search}`;
      const links = [
        `<${absolute(CITATION_FILE)}>; rel="describedby"; type="application/x-yaml"; title="citation"`,
        `<${absolute(QUERY_FILE)}>; rel="describedby"; type="application/json"; title="query"`,
        ...licencesMostRestrictiveFirst(plan.versions.map((v) => v.facts.licence)).flatMap(
          (licence) => (licence === null ? [] : [`<${LICENCES[licence].url}>; rel="license"`]),
        ),
      ];
      const body =
        kind === 'csv'
          ? csv(plan, lookup)
          : kind === 'geojson'
            ? geojson(plan, context, lookup)
            : kind === 'dwca'
              ? dwcaArchive(colonies(plan), context, lookup, new Date(plan.createdAt))
              : kind === 'citation'
                ? citationCff(context)
                : queryJson(context);
      return {
        contentType: DOWNLOAD_CONTENT_TYPES[kind],
        fileName:
          kind === 'citation'
            ? CITATION_FILE
            : kind === 'query'
              ? QUERY_FILE
              : downloadFileName(context, kind),
        links,
        body,
      };
    },

    /** SHA-256 (hex) of the plan's CSV: a snapshot's content hash. */
    async sha256(plan: DownloadPlan): Promise<string> {
      const hash = createHash('sha256');
      for await (const chunk of csv(plan, datasetLookup(contextOf(plan)))) {
        hash.update(chunk as Buffer);
      }
      return hash.digest('hex');
    },
  };
}
export type DownloadWriter = ReturnType<typeof createDownloadWriter>;
