import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZCartCompareQuery, ZCompareQuery, ZCompareResult, ZErrorResponse } from '@coral/core';
import type { Authenticator } from '../../plugins/authentication';
import type { CompareService, Comparison } from './compare.service';

export interface CompareRoutesOptions {
  compare: CompareService;
  authenticator: Authenticator;
}

type SourceName = 'public' | 'cart';

/**
 * One way of answering a comparison. The JSON answer is the result itself (serialised by its
 * response schema); a file is sent as an attachment, named after its source's prefix and its
 * path, so a source's files cannot be mistaken for the other's once saved.
 */
interface Format {
  /** After the source's `/compare/`: '' for the JSON answer, else also the file's name. */
  path: string;
  summary: Record<SourceName, string>;
  /** The 200 response's schema (the error responses are the source's). */
  response: unknown;
  file?: {
    contentType: string;
    write: (compare: CompareService, comparison: Comparison) => string | Buffer;
  };
}

const FORMATS: readonly Format[] = [
  {
    path: '',
    summary: {
      public:
        'Compare groups (species, datasets, sites, projects, conditions) of the map’s selection: summaries, tests with letters, ANOVA, Tukey contrasts, ED against MMM, citations',
      cart: "Compare the logged-in user's cart groups (or groups of their colonies by a factor)",
    },
    response: ZCompareResult,
  },
  {
    path: 'analyses.csv',
    summary: {
      public: 'The same comparison’s analyses as CSV',
      cart: 'The same comparison of cart groups as CSV',
    },
    response: {
      description:
        'The analyses as one long table: Threshold, Analysis, Term, Level, Other, Estimate, SE, DF, DF2, Statistic, P, Lower, Upper, Letters, Note (decision 0061)',
      content: { 'text/csv': { schema: z.string() } },
    },
    file: {
      contentType: 'text/csv; charset=utf-8',
      write: (compare, comparison) => compare.csv(comparison),
    },
  },
  {
    path: 'analyses_R.zip',
    summary: {
      public: 'The same comparison as a self-contained R script with its data',
      cart: 'The same comparison of cart groups as a self-contained R script with its data',
    },
    response: {
      description:
        'analyses.R (the same R calls as the calculator’s script: stats, car, emmeans, multcompView), colony_eds.csv (the values it analyses) and README.txt (the citations); `Rscript analyses.R` writes analyses_from_r.csv in the CSV’s columns (decision 0067)',
      content: { 'application/zip': { schema: z.string() } },
    },
    file: {
      contentType: 'application/zip',
      write: (compare, comparison) => Buffer.from(compare.rArchive(comparison)),
    },
  },
];

/** Where a comparison's groups come from: the map's public selection or the user's cart. */
interface Source {
  name: SourceName;
  prefix: string;
  querystring: typeof ZCompareQuery | typeof ZCartCompareQuery;
  errors: Record<number, typeof ZErrorResponse>;
  /** Prefix of a downloaded file's name. */
  fileName: string;
  /** A user's own groups are never kept by a cache. */
  private: boolean;
  load: (request: FastifyRequest) => Promise<Comparison>;
}

const query = (request: FastifyRequest) => request.query as Record<string, unknown>;

/** A route's handler: the source's comparison in one format. */
function handler(compare: CompareService, source: Source, format: Format) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (source.private) reply.header('Cache-Control', 'no-store');
    const comparison = await source.load(request);
    if (!format.file) return comparison.result;
    return reply
      .type(format.file.contentType)
      .header('Content-Disposition', `attachment; filename="${source.fileName}${format.path}"`)
      .send(format.file.write(compare, comparison));
  };
}

/**
 * The Compare page's API (decision 0067): the calculator's post-fit analyses on a map selection
 * (public data) or on the user's cart groups, as JSON, as CSV and as an R script with its data.
 * Every source answers in every format, so the six routes are registered from the two tables.
 */
export const compareRoutes: FastifyPluginAsyncZod<CompareRoutesOptions> = async (
  app,
  { compare, authenticator },
) => {
  const sources: Source[] = [
    {
      name: 'public',
      prefix: '/api/public/compare/',
      querystring: ZCompareQuery,
      errors: { 400: ZErrorResponse },
      fileName: 'compare-',
      private: false,
      load: (request) => compare.publicSelection(query(request)),
    },
    {
      name: 'cart',
      prefix: '/api/auth/cart/compare/',
      querystring: ZCartCompareQuery,
      errors: { 400: ZErrorResponse, 401: ZErrorResponse, 404: ZErrorResponse },
      fileName: 'compare-cart-',
      private: true,
      load: async (request) =>
        compare.cartGroups(await authenticator.user(request), query(request)),
    },
  ];
  for (const source of sources) {
    for (const format of FORMATS) {
      app.get(
        `${source.prefix}${format.path}`,
        {
          schema: {
            tags: [source.name],
            summary: format.summary[source.name],
            querystring: source.querystring,
            response: { 200: format.response, ...source.errors },
          },
        },
        handler(compare, source, format),
      );
    }
  }
};
