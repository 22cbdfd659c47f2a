import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CITATION_FILE,
  DOWNLOAD_FILES,
  DOWNLOAD_FORMATS,
  downloadFolders,
  QUERY_FILE,
  ZErrorResponse,
  ZFilterQuery,
  type DownloadFormat,
} from '@coral/core';
import { AppError } from '../../errors';
import type { Authenticator } from '../../plugins/authentication';
import type { RequestRateLimiter } from '../auth/request-rate-limiter';
import type { SnapshotsService } from '../snapshots/snapshots.service';
import { parseHideFlagged, type DownloadPlan, type DownloadSources } from './download-sources';
import type { DownloadWriter, WrittenFile } from './download-writer';

export interface DownloadsRoutesOptions {
  sources: DownloadSources;
  writer: DownloadWriter;
  snapshots: SnapshotsService;
  authenticator: Authenticator;
  /** Counts anonymous data downloads per client address. */
  anonymousLimiter: RequestRateLimiter;
}

/** A file of a download folder: a data format, or the citation or the query beside it. */
type FileKind = DownloadFormat | 'citation' | 'query';

const FILES: { kind: FileKind; name: string; contentType: string; summary: string }[] = [
  ...DOWNLOAD_FORMATS.map((format) => ({
    kind: format,
    name: DOWNLOAD_FILES[format],
    contentType: { csv: 'text/csv', geojson: 'application/geo+json', dwca: 'application/zip' }[
      format
    ],
    summary: {
      csv: 'CSV: one row per colony × condition × timepoint',
      geojson: 'GeoJSON (RFC 7946): one feature per colony',
      dwca: 'Darwin Core Archive: events, occurrences, measurements, EML, citation, query',
    }[format],
  })),
  {
    kind: 'citation',
    name: CITATION_FILE,
    contentType: 'application/x-yaml',
    summary: 'Citation File Format 1.2 citation of the download',
  },
  { kind: 'query', name: QUERY_FILE, contentType: 'application/json', summary: 'What was asked' },
];

/** A source's folder as a route path (`:param` segments) and how to plan it. */
interface Source {
  folder: string;
  tag: string;
  what: string;
  params?: z.ZodObject;
  querystring: z.ZodType;
  plan(request: FastifyRequest): Promise<DownloadPlan>;
}

const hideFlaggedQuery = z
  .object({ hideFlagged: z.enum(['true', 'false']).optional() })
  .meta({ description: 'hideFlagged=true leaves out values a failed fit flagged' });

/**
 * The open downloads (docs/downloads.md): every source of colonies has one folder with the same
 * five files; the data formats stream page by page, so memory stays flat at any size.
 */
export const downloadsRoutes: FastifyPluginAsyncZod<DownloadsRoutesOptions> = async (
  app,
  { sources, writer, snapshots, authenticator, anonymousLimiter },
) => {
  type Params = Record<string, string>;
  type Query = Record<string, string | undefined>;
  const params = (request: FastifyRequest) => request.params as Params;
  const hideFlagged = (request: FastifyRequest) =>
    parseHideFlagged((request.query as Query).hideFlagged);

  const SOURCES: Source[] = [
    {
      folder: downloadFolders.map(),
      tag: 'public',
      what: 'the map view: the colonies GET /api/public/colonies/ answers for the same filter',
      querystring: ZFilterQuery,
      plan: (request) => sources.map(request.query as Query),
    },
    {
      folder: downloadFolders.project(':projectId'),
      tag: 'public',
      what: "a project's published colonies",
      params: z.object({ projectId: z.string() }),
      querystring: hideFlaggedQuery,
      plan: (request) => sources.project(params(request).projectId!, hideFlagged(request)),
    },
    {
      folder: downloadFolders.datasetVersion(':datasetId', ':version'),
      tag: 'datasets',
      what: 'a published dataset version (older versions too)',
      params: z.object({ datasetId: z.string(), version: z.string() }),
      querystring: hideFlaggedQuery,
      plan: (request) =>
        sources.datasetVersion(
          params(request).datasetId!,
          params(request).version!,
          hideFlagged(request),
        ),
    },
    {
      folder: downloadFolders.cartGroup(':groupId'),
      tag: 'cart',
      what: "one of the user's cart groups",
      params: z.object({ groupId: z.string() }),
      querystring: hideFlaggedQuery,
      plan: async (request) =>
        sources.cartGroup(
          await authenticator.user(request),
          params(request).groupId!,
          hideFlagged(request),
        ),
    },
    {
      folder: downloadFolders.snapshot(':snapshotId'),
      tag: 'snapshots',
      what: 'a citable snapshot: byte-identical on every download',
      params: z.object({ snapshotId: z.string() }),
      querystring: z.object({}),
      plan: (request) => snapshots.plan(params(request).snapshotId!),
    },
  ];

  /** Anonymous clients may start only so many data downloads per window (429 beyond). */
  async function checkRate(request: FastifyRequest, reply: FastifyReply) {
    if (await authenticator.currentUser(request)) return;
    const decision = await anonymousLimiter.hit(request.ip);
    if (!decision.allowed) {
      reply.header('Retry-After', String(decision.retryAfterSeconds));
      throw new AppError(
        429,
        'RATE_LIMITED',
        `Too many downloads from your address; try again in ${decision.retryAfterSeconds} s ` +
          'or log in (logged-in downloads are not limited).',
      );
    }
  }

  function send(reply: FastifyReply, plan: DownloadPlan, file: WrittenFile) {
    reply
      .type(file.contentType)
      .header('Content-Disposition', `attachment; filename="${file.fileName}"`)
      .header('Link', file.links.join(', '))
      .header('X-Data-Version', String(plan.dataVersion))
      .header(
        'Cache-Control',
        plan.private ? 'private, no-store' : plan.snapshot ? 'public, max-age=3600' : 'no-cache',
      );
    // The body is a stream or the finished text; the cast only tells the type provider so.
    return (reply as FastifyReply).send(file.body);
  }

  for (const source of SOURCES) {
    for (const file of FILES) {
      const isData = file.kind !== 'citation' && file.kind !== 'query';
      app.get(
        `${source.folder}/${file.name}`,
        {
          // Archives are compressed already; CSV and GeoJSON streams are gzipped on the fly.
          compress: file.kind === 'dwca' ? false : undefined,
          schema: {
            tags: [source.tag],
            summary: `${file.summary}, of ${source.what}`,
            description: writer.describe(file.kind),
            ...(source.params ? { params: source.params } : {}),
            querystring: source.querystring,
            response: {
              200: {
                description: `The file (${file.contentType}), as an attachment`,
                content: { [file.contentType]: { schema: z.string() } },
              },
              400: ZErrorResponse,
              404: ZErrorResponse,
              ...(isData ? { 429: ZErrorResponse } : {}),
            },
          },
        },
        async (request, reply) => {
          if (isData) await checkRate(request, reply);
          const plan = await source.plan(request);
          const folderUrl = request.url.split('?')[0]!.replace(/\/[^/]+$/, '');
          const search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
          return send(reply, plan, writer.file(plan, file.kind, { folderUrl, search }));
        },
      );
    }
  }
};
