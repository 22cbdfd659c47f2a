import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { downloadFolders, ZFilterQuery } from '@coral/core';
import {
  registerDownloadFolder,
  type DownloadFolder,
  type DownloadFolderDependencies,
} from './download-folders';
import { parseHideFlagged, type DownloadSources } from './download-sources';

export interface DownloadsRoutesOptions extends DownloadFolderDependencies {
  sources: DownloadSources;
}

const hideFlaggedQuery = z
  .object({ hideFlagged: z.enum(['true', 'false']).optional() })
  .meta({ description: 'hideFlagged=true leaves out values a failed fit flagged' });

type Params = Record<string, string>;
type Query = Record<string, string | undefined>;
const params = (request: FastifyRequest) => request.params as Params;
const hideFlagged = (request: FastifyRequest) =>
  parseHideFlagged((request.query as Query).hideFlagged);

/**
 * The open downloads (docs/downloads.md) of the map view, projects, dataset versions and cart
 * groups; snapshots register their own folder (modules/snapshots).
 */
export const downloadsRoutes: FastifyPluginAsyncZod<DownloadsRoutesOptions> = async (
  app,
  { sources, ...dependencies },
) => {
  const folders: DownloadFolder[] = [
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
          await dependencies.authenticator.user(request),
          params(request).groupId!,
          hideFlagged(request),
        ),
    },
  ];
  for (const folder of folders) registerDownloadFolder(app, folder, dependencies);
};
