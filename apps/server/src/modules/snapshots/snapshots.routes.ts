import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  downloadFolders,
  snapshotDataCitePath,
  ZCreateSnapshot,
  ZErrorResponse,
  ZSnapshot,
  ZSnapshotCreated,
} from '@coral/core';
import {
  registerDownloadFolder,
  type DownloadFolderDependencies,
} from '../downloads/download-folders';
import type { SnapshotsService } from './snapshots.service';

export interface SnapshotsRoutesOptions extends DownloadFolderDependencies {
  snapshots: SnapshotsService;
}

const snapshotParams = z.object({ snapshotId: z.string() });

/** Citable snapshots (docs/downloads.md): made by logged-in users, read by everyone. */
export const snapshotsRoutes: FastifyPluginAsyncZod<SnapshotsRoutesOptions> = async (
  app,
  { snapshots, ...dependencies },
) => {
  const { authenticator } = dependencies;
  registerDownloadFolder(
    app,
    {
      folder: downloadFolders.snapshot(':snapshotId'),
      tag: 'snapshots',
      what: 'a citable snapshot: the same bytes on every download',
      params: snapshotParams,
      querystring: z.object({}),
      plan: (request) => snapshots.plan((request.params as { snapshotId: string }).snapshotId),
    },
    dependencies,
  );

  app.post(
    '/api/auth/snapshots/',
    {
      schema: {
        tags: ['snapshots'],
        summary: 'Freeze a map view or a cart group as a citable snapshot',
        description:
          'Stores the exact published colonies and dataset versions of the view, the query, the ' +
          'data version and a content hash (SHA-256 of the snapshot CSV). Colonies of datasets ' +
          'not published (a cart may hold your drafts) are left out. Answers 409 when nothing ' +
          'published is left to freeze, 429 beyond the hourly limit per user.',
        body: ZCreateSnapshot,
        response: {
          201: ZSnapshotCreated,
          400: ZErrorResponse,
          401: ZErrorResponse,
          404: ZErrorResponse,
          409: ZErrorResponse,
          429: ZErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const created = await snapshots.create(await authenticator.user(request), request.body);
      return reply.status(201).send(created);
    },
  );

  app.get(
    '/api/public/snapshots/:snapshotId/',
    {
      schema: {
        tags: ['snapshots'],
        summary: 'A citable snapshot: its citation, datasets, licences, query and content hash',
        params: snapshotParams,
        response: { 200: ZSnapshot, 404: ZErrorResponse },
      },
    },
    async (request) => snapshots.describe(request.params.snapshotId),
  );

  app.get(
    snapshotDataCitePath(':snapshotId'),
    {
      schema: {
        tags: ['snapshots'],
        summary: 'DataCite Metadata Schema 4 JSON of a snapshot (ready for DOI registration)',
        params: snapshotParams,
        response: {
          200: {
            description: 'DataCite JSON, as an attachment',
            content: { 'application/vnd.datacite.datacite+json': { schema: z.string() } },
          },
          404: ZErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const metadata = await snapshots.dataCite(request.params.snapshotId);
      reply
        .type('application/vnd.datacite.datacite+json')
        .header(
          'Content-Disposition',
          `attachment; filename="snapshot-${request.params.snapshotId}-datacite.json"`,
        );
      return reply.send(JSON.stringify(metadata, null, 2));
    },
  );
};
