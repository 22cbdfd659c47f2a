import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZDatasetActionResult,
  ZDatasetDetail,
  ZDatasetList,
  ZDatasetMetadataUpdate,
  ZDraftColonyList,
  ZErrorResponse,
  ZMetadataRevisionRequest,
  ZRejection,
  ZReviewDecision,
  ZReviewQueue,
  ZWithdrawRequest,
  type Viewer,
} from '@coral/core';
import type { Authenticator } from '../../plugins/authentication';
import type { DatasetsService } from './datasets.service';

export interface DatasetsRoutesOptions {
  datasets: DatasetsService;
  authenticator: Authenticator;
}

const errors = {
  400: ZErrorResponse,
  401: ZErrorResponse,
  403: ZErrorResponse,
  404: ZErrorResponse,
  409: ZErrorResponse,
};
const datasetParams = z.object({ datasetId: z.string() });
const versionParams = z.object({ datasetId: z.string(), version: z.string() });

/**
 * Datasets (docs/decisions/0012-datasets.md): public reading under /api/public/datasets/, the
 * owner's and curators' views and every change of state under /api/auth/ (session required,
 * CSRF on unsafe methods). Rules and their messages come from the datasets service.
 */
export const datasetsRoutes: FastifyPluginAsyncZod<DatasetsRoutesOptions> = async (
  app,
  { datasets, authenticator },
) => {
  const viewerOf = async (request: FastifyRequest): Promise<Viewer> => {
    const user = await authenticator.user(request);
    return { userId: user.userId, role: user.role };
  };

  app.get(
    '/api/public/datasets/',
    {
      schema: {
        tags: ['datasets'],
        summary: 'Published datasets (and the tombstones of withdrawn ones), newest first',
        querystring: z.object({
          q: z.string().max(200).optional().meta({
            description: 'Search in titles, descriptions, creators, keywords and species',
          }),
          project: z.string().max(12).optional().meta({ description: 'Only this project' }),
        }),
        response: { 200: ZDatasetList },
      },
    },
    (request) => datasets.listPublic(request.query),
  );

  app.get(
    '/api/public/datasets/:datasetId/',
    {
      schema: {
        tags: ['datasets'],
        summary: 'A dataset: its latest public version, history and citation (or its tombstone)',
        params: datasetParams,
        response: { 200: ZDatasetDetail, 404: ZErrorResponse },
      },
    },
    (request) => datasets.publicDetail(request.params.datasetId),
  );

  app.get(
    '/api/public/datasets/:datasetId/versions/:version/',
    {
      schema: {
        tags: ['datasets'],
        summary: 'One published (or embargoed) version of a dataset',
        params: versionParams,
        response: { 200: ZDatasetDetail, 404: ZErrorResponse },
      },
    },
    (request) => datasets.publicDetail(request.params.datasetId, request.params.version),
  );

  await app.register(async (plugin) => {
    const auth = plugin.withTypeProvider<ZodTypeProvider>();
    auth.addHook('onSend', async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
    });

    auth.get(
      '/api/auth/datasets/',
      {
        schema: {
          tags: ['datasets'],
          summary: "The logged-in user's datasets in every state (My datasets)",
          response: { 200: ZDatasetList, 401: ZErrorResponse },
        },
      },
      async (request) => datasets.listMine(await viewerOf(request)),
    );

    auth.get(
      '/api/auth/datasets/:datasetId/',
      {
        schema: {
          tags: ['datasets'],
          summary: 'A dataset with its versions in preparation and full history (owner, curators)',
          params: datasetParams,
          response: { 200: ZDatasetDetail, 401: ZErrorResponse, 404: ZErrorResponse },
        },
      },
      async (request) => datasets.privateDetail(await viewerOf(request), request.params.datasetId),
    );

    auth.get(
      '/api/auth/datasets/:datasetId/versions/:version/',
      {
        schema: {
          tags: ['datasets'],
          summary: 'One version of a dataset, in any state (owner, curators)',
          params: versionParams,
          response: { 200: ZDatasetDetail, 401: ZErrorResponse, 404: ZErrorResponse },
        },
      },
      async (request) =>
        datasets.privateDetail(
          await viewerOf(request),
          request.params.datasetId,
          request.params.version,
        ),
    );

    auth.put(
      '/api/auth/datasets/:datasetId/versions/:version/metadata/',
      {
        schema: {
          tags: ['datasets'],
          summary:
            'Edit the description of a version: any field in a draft, the descriptive ones once published',
          params: versionParams,
          body: ZDatasetMetadataUpdate,
          response: { 200: ZDatasetActionResult, ...errors },
        },
      },
      async (request) =>
        datasets.editMetadata(
          await viewerOf(request),
          request.params.datasetId,
          request.params.version,
          request.body,
        ),
    );

    auth.post(
      '/api/auth/datasets/:datasetId/versions/:version/revisions/',
      {
        schema: {
          tags: ['datasets'],
          summary:
            "Complete a published version's description as a recorded metadata revision: creators, related publications, a stated licence; the data stay (curators)",
          params: versionParams,
          body: ZMetadataRevisionRequest,
          response: { 200: ZDatasetActionResult, ...errors },
        },
      },
      async (request) =>
        datasets.reviseMetadata(
          await viewerOf(request),
          request.params.datasetId,
          request.params.version,
          request.body,
        ),
    );

    const transition = (
      name: 'submit' | 'approve' | 'reject',
      summary: string,
      body: typeof ZReviewDecision | typeof ZRejection,
    ) =>
      auth.post(
        `/api/auth/datasets/:datasetId/versions/:version/${name}/`,
        {
          schema: {
            tags: ['datasets'],
            summary,
            params: versionParams,
            body,
            response: { 200: ZDatasetActionResult, ...errors },
          },
        },
        async (request) => {
          const viewer = await viewerOf(request);
          const { datasetId, version } = request.params;
          const { message } = request.body;
          if (name === 'submit') return datasets.submit(viewer, datasetId, version);
          if (name === 'approve') return datasets.approve(viewer, datasetId, version, message);
          return datasets.reject(viewer, datasetId, version, message);
        },
      );
    transition('submit', 'Submit a draft or rejected version for review (owner)', ZReviewDecision);
    transition(
      'approve',
      'Approve a version in review: published, or embargoed until its date (curators, not their own)',
      ZReviewDecision,
    );
    transition('reject', 'Send a version in review back to its owner with a message', ZRejection);

    auth.delete(
      '/api/auth/datasets/:datasetId/versions/:version/',
      {
        schema: {
          tags: ['datasets'],
          summary: 'Discard a draft or rejected version with its data (owner)',
          params: versionParams,
          response: { 200: z.object({ message: z.string() }), ...errors },
        },
      },
      async (request) => {
        const { message } = await datasets.discard(
          await viewerOf(request),
          request.params.datasetId,
          request.params.version,
        );
        return { message };
      },
    );

    auth.post(
      '/api/auth/datasets/:datasetId/withdraw/',
      {
        schema: {
          tags: ['datasets'],
          summary:
            'Withdraw a dataset: its data leave every public view; its page becomes a tombstone',
          params: datasetParams,
          body: ZWithdrawRequest,
          response: { 200: ZDatasetActionResult, ...errors },
        },
      },
      async (request) =>
        datasets.withdraw(await viewerOf(request), request.params.datasetId, request.body.reason),
    );

    auth.get(
      '/api/auth/colonies/drafts/',
      {
        schema: {
          tags: ['datasets'],
          summary:
            "The colonies of the logged-in user's versions in preparation (the map's 'include my drafts')",
          response: { 200: ZDraftColonyList, 401: ZErrorResponse },
        },
      },
      async (request) => datasets.draftColonies(await viewerOf(request)),
    );

    auth.get(
      '/api/auth/review/',
      {
        schema: {
          tags: ['datasets'],
          summary: 'Versions waiting for a curator (curators and admins)',
          response: { 200: ZReviewQueue, 401: ZErrorResponse, 403: ZErrorResponse },
        },
      },
      async (request) => datasets.reviewQueue(await viewerOf(request)),
    );
  });
};
