import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZCartCompareQuery, ZCompareQuery, ZCompareResult, ZErrorResponse } from '@coral/core';
import type { Authenticator } from '../../plugins/authentication';
import type { CompareService } from './compare.service';

export interface CompareRoutesOptions {
  compare: CompareService;
  authenticator: Authenticator;
}

const CSV_TYPE = 'text/csv; charset=utf-8';
const csvResponse = {
  description:
    'The analyses as one long table: Threshold, Analysis, Term, Level, Other, Estimate, SE, DF, DF2, Statistic, P, Lower, Upper, Letters, Note (decision 0061)',
  content: { 'text/csv': { schema: z.string() } },
};

function sendCsv(reply: FastifyReply, csv: string, name: string) {
  return reply
    .type(CSV_TYPE)
    .header('Content-Disposition', `attachment; filename="${name}"`)
    .send(csv);
}

const zipResponse = {
  description:
    'analyses.R (the same R calls as the calculator’s script: stats, car, emmeans, multcompView), colony_eds.csv (the values it analyses) and README.txt (the citations); `Rscript analyses.R` writes analyses_from_r.csv in the CSV’s columns (decision 0067)',
  content: { 'application/zip': { schema: z.string() } },
};

function sendZip(reply: FastifyReply, zip: Uint8Array, name: string) {
  return reply
    .type('application/zip')
    .header('Content-Disposition', `attachment; filename="${name}"`)
    .send(Buffer.from(zip));
}

const query = (request: FastifyRequest) => request.query as Record<string, unknown>;

/**
 * The Compare page's API (decision 0067): the calculator's post-fit analyses on a map selection
 * (public data) or on the user's cart groups, as JSON and as CSV.
 */
export const compareRoutes: FastifyPluginAsyncZod<CompareRoutesOptions> = async (
  app,
  { compare, authenticator },
) => {
  const publicResponses = { 200: ZCompareResult, 400: ZErrorResponse };
  app.get(
    '/api/public/compare/',
    {
      schema: {
        tags: ['public'],
        summary:
          'Compare groups (species, datasets, sites, projects, conditions) of the map’s selection: summaries, tests with letters, ANOVA, Tukey contrasts, ED against MMM, citations',
        querystring: ZCompareQuery,
        response: publicResponses,
      },
    },
    async (request) => (await compare.publicSelection(query(request))).result,
  );
  app.get(
    '/api/public/compare/analyses.csv',
    {
      schema: {
        tags: ['public'],
        summary: 'The same comparison’s analyses as CSV',
        querystring: ZCompareQuery,
        response: { 200: csvResponse, 400: ZErrorResponse },
      },
    },
    async (request, reply) =>
      sendCsv(
        reply,
        compare.csv(await compare.publicSelection(query(request))),
        'compare-analyses.csv',
      ),
  );
  app.get(
    '/api/public/compare/analyses_R.zip',
    {
      schema: {
        tags: ['public'],
        summary: 'The same comparison as a self-contained R script with its data',
        querystring: ZCompareQuery,
        response: { 200: zipResponse, 400: ZErrorResponse },
      },
    },
    async (request, reply) =>
      sendZip(
        reply,
        compare.rArchive(await compare.publicSelection(query(request))),
        'compare-analyses_R.zip',
      ),
  );

  const cartResponses = {
    200: ZCompareResult,
    400: ZErrorResponse,
    401: ZErrorResponse,
    404: ZErrorResponse,
  };
  app.get(
    '/api/auth/cart/compare/',
    {
      schema: {
        tags: ['cart'],
        summary:
          "Compare the logged-in user's cart groups (or groups of their colonies by a factor)",
        querystring: ZCartCompareQuery,
        response: cartResponses,
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return (await compare.cartGroups(await authenticator.user(request), query(request))).result;
    },
  );
  app.get(
    '/api/auth/cart/compare/analyses.csv',
    {
      schema: {
        tags: ['cart'],
        summary: 'The same comparison of cart groups as CSV',
        querystring: ZCartCompareQuery,
        response: {
          200: csvResponse,
          400: ZErrorResponse,
          401: ZErrorResponse,
          404: ZErrorResponse,
        },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const result = await compare.cartGroups(await authenticator.user(request), query(request));
      return sendCsv(reply, compare.csv(result), 'compare-cart-analyses.csv');
    },
  );
  app.get(
    '/api/auth/cart/compare/analyses_R.zip',
    {
      schema: {
        tags: ['cart'],
        summary: 'The same comparison of cart groups as a self-contained R script with its data',
        querystring: ZCartCompareQuery,
        response: {
          200: zipResponse,
          400: ZErrorResponse,
          401: ZErrorResponse,
          404: ZErrorResponse,
        },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const comparison = await compare.cartGroups(
        await authenticator.user(request),
        query(request),
      );
      return sendZip(reply, compare.rArchive(comparison), 'compare-cart-analyses_R.zip');
    },
  );
};
