import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CITATION_FILE,
  DOWNLOAD_FILES,
  DOWNLOAD_FORMAT_LABELS,
  DOWNLOAD_FORMATS,
  QUERY_FILE,
  ZErrorResponse,
} from '@coral/core';
import { AppError } from '../../errors';
import type { Authenticator } from '../../plugins/authentication';
import type { RequestRateLimiter } from '../auth/request-rate-limiter';
import type { DownloadPlan } from './download-sources';
import {
  DOWNLOAD_CONTENT_TYPES,
  type DownloadFileKind,
  type DownloadWriter,
  type WrittenFile,
} from './download-writer';

/** The app as a plugin of this project receives it (Zod type provider). */
type App = Parameters<FastifyPluginAsyncZod>[0];

const FILES: { kind: DownloadFileKind; name: string; summary: string }[] = [
  ...DOWNLOAD_FORMATS.map((format) => ({
    kind: format,
    name: DOWNLOAD_FILES[format],
    summary: `${DOWNLOAD_FORMAT_LABELS[format].label}: ${DOWNLOAD_FORMAT_LABELS[format].detail}`,
  })),
  { kind: 'citation', name: CITATION_FILE, summary: 'Citation File Format 1.2 citation' },
  { kind: 'query', name: QUERY_FILE, summary: 'What was asked (query.json)' },
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
 * The five files of one download folder (docs/downloads.md): the three data formats, streamed
 * page by page, and the citation and query beside them.
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
    const isData = file.kind !== 'citation' && file.kind !== 'query';
    const contentType = DOWNLOAD_CONTENT_TYPES[file.kind];
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
