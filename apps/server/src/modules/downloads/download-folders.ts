import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DOWNLOAD_FORMAT_IDS,
  DOWNLOAD_FORMATS,
  DOWNLOAD_SIDE_FILE_IDS,
  DOWNLOAD_SIDE_FILES,
  ZErrorResponse,
  type DownloadFolderFile,
} from '@coral/core';
import { AppError } from '../../errors';
import type { Authenticator } from '../../plugins/authentication';
import type { RequestRateLimiter } from '../auth/request-rate-limiter';
import type { DownloadPlan } from './download-sources';
import type { DownloadWriter, WrittenFile } from './download-writer';

/** The app as a plugin of this project receives it (Zod type provider). */
type App = Parameters<FastifyPluginAsyncZod>[0];

interface FolderFile {
  kind: DownloadFolderFile;
  name: string;
  summary: string;
  contentType: string;
  /** Data files count against the anonymous rate limit; the citation and query do not. */
  isData: boolean;
  /** A format's flag; null: the compression plugin's default for the media type. */
  compressible: boolean | null;
}

/** Every file of a folder: one per format of core's registry, then the citation and query. */
const FILES: FolderFile[] = [
  ...DOWNLOAD_FORMAT_IDS.map((id): FolderFile => {
    const format = DOWNLOAD_FORMATS[id];
    return {
      kind: id,
      name: format.file,
      summary: `${format.label}: ${format.detail}`,
      contentType: format.contentType,
      isData: true,
      compressible: format.compressible,
    };
  }),
  ...DOWNLOAD_SIDE_FILE_IDS.map((id): FolderFile => {
    const side = DOWNLOAD_SIDE_FILES[id];
    return {
      kind: id,
      name: side.file,
      summary: side.summary,
      contentType: side.contentType,
      isData: false,
      compressible: null,
    };
  }),
];

/** A source's folder as a route path (`:param` segments) and how to plan it. */
export interface DownloadFolder {
  folder: string;
  tag: string;
  what: string;
  params?: z.ZodObject;
  querystring: z.ZodType;
  plan(request: FastifyRequest): Promise<DownloadPlan>;
}

export interface DownloadFolderDependencies {
  writer: DownloadWriter;
  authenticator: Authenticator;
  /** Counts anonymous data downloads per client address. */
  anonymousLimiter: RequestRateLimiter;
}

/**
 * The files of one download folder (docs/downloads.md): the data formats, streamed page by page,
 * and the citation and query beside them.
 */
export function registerDownloadFolder(
  app: App,
  source: DownloadFolder,
  { writer, authenticator, anonymousLimiter }: DownloadFolderDependencies,
) {
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
    return reply.send(file.body);
  }

  for (const file of FILES) {
    const { isData, contentType } = file;
    app.get(
      `${source.folder}/${file.name}`,
      {
        // As the registry says (a zip is compressed already, text is gzipped on the fly), not as
        // the plugin would guess from the media type: it knows no newer ones (application/jsonl).
        compress:
          file.compressible === null
            ? undefined
            : file.compressible
              ? { customTypes: () => true }
              : false,
        schema: {
          tags: [source.tag],
          summary: `${file.summary}, of ${source.what}`,
          description: writer.describe(file.kind),
          ...(source.params ? { params: source.params } : {}),
          querystring: source.querystring,
          response: {
            200: {
              description: `The file (${contentType}), as an attachment`,
              content: { [contentType]: { schema: z.string() } },
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
        const [path = '', search = ''] = request.url.split(/(?=\?)/, 2);
        const folderUrl = path.replace(/\/[^/]+$/, '');
        return send(reply, plan, writer.file(plan, file.kind, { folderUrl, search }));
      },
    );
  }
}
