import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { datasetPath, ZErrorResponse, ZMetadataRevision, type Viewer } from '@coral/core';
import type { FastifyRequest } from 'fastify';
import type { Authenticator } from '../../plugins/authentication';
import {
  CITATION_FORMATS,
  NEGOTIATED_FORMATS,
  negotiatedFormat,
  type CitationFormat,
} from './citation-files';
import type { DatasetCitationsService } from './dataset-citations.service';

export interface DatasetCitationRoutesOptions {
  citations: DatasetCitationsService;
  authenticator: Authenticator;
}

const versionParams = z.object({ datasetId: z.string(), version: z.string() });
/** A citation of an earlier description stays reachable (decision 0064). */
const revisionQuery = z.object({
  revision: z
    .string()
    .regex(/^\d{1,9}$/, 'a revision number: 0 (as published), 1, 2, …')
    .optional()
    .meta({
      description:
        "The description's metadata revision to cite (0: as published); the latest by default",
    }),
});

/** One route per file; the path's last segment is the file name readers see in the API docs. */
const FILES: { path: string; format: CitationFormat; summary: string }[] = [
  { path: 'citation.bib', format: 'bib', summary: 'Citation of a dataset version as BibTeX' },
  { path: 'citation.ris', format: 'ris', summary: 'Citation of a dataset version as RIS' },
  { path: 'citation.json', format: 'csl', summary: 'Citation of a dataset version as CSL-JSON' },
  {
    path: 'datacite.json',
    format: 'datacite',
    summary: 'DataCite Metadata Schema 4.6 JSON of a dataset version',
  },
  {
    path: 'datacite.xml',
    format: 'datacite-xml',
    summary: 'DataCite Metadata Schema 4.6 XML of a dataset version (the normative form)',
  },
  {
    path: 'eml.xml',
    format: 'eml',
    summary: 'EML metadata of a dataset version (GBIF Metadata Profile 1.2)',
  },
  {
    path: 'CITATION.cff',
    format: 'cff',
    summary: 'Citation of a dataset version in the Citation File Format (CITATION.cff)',
  },
];

/** What the negotiated page may answer: each negotiated format, or the HTML page. */
const NEGOTIATED_CONTENT: Record<string, { schema: z.ZodString }> = Object.fromEntries(
  [
    ...NEGOTIATED_FORMATS.map((format) => CITATION_FORMATS[format].contentType),
    'text/html; charset=utf-8',
  ].map((type) => [type, { schema: z.string() }]),
);

/** The file's own URL (what a negotiated answer names as its Content-Location). */
const fileUrl = (datasetId: string, version: string, format: CitationFormat) =>
  `/api/public/datasets/${encodeURIComponent(datasetId)}/versions/${encodeURIComponent(version)}/${FILES.find((file) => file.format === format)!.path}`;

/**
 * Citation downloads of a dataset version (docs/decisions/0012-datasets.md, "Citation and
 * DOIs"): public for published and embargoed versions (withdrawn datasets still cite); a
 * logged-in owner or curator also gets the versions in preparation; 404 otherwise.
 */
export const datasetCitationRoutes: FastifyPluginAsyncZod<DatasetCitationRoutesOptions> = async (
  app,
  { citations, authenticator },
) => {
  async function viewerOf(request: FastifyRequest): Promise<Viewer> {
    const user = await authenticator.currentUser(request);
    return user ? { userId: user.userId, role: user.role } : { userId: null, role: 'contributor' };
  }

  for (const { path, format, summary } of FILES) {
    app.get(
      `/api/public/datasets/:datasetId/versions/:version/${path}`,
      {
        schema: {
          tags: ['datasets'],
          summary,
          params: versionParams,
          querystring: revisionQuery,
          response: {
            200: {
              description: `The file (${CITATION_FORMATS[format].contentType}), as an attachment`,
              content: { [CITATION_FORMATS[format].contentType]: { schema: z.string() } },
            },
            404: ZErrorResponse,
          },
        },
      },
      async (request, reply) => {
        const file = await citations.file(
          await viewerOf(request),
          request.params.datasetId,
          request.params.version,
          format,
          request.query.revision,
        );
        reply
          .type(file.contentType)
          .header('Content-Disposition', `attachment; filename="${file.filename}"`)
          // A version in preparation is its owner's: no shared cache may keep it.
          .header('Cache-Control', file.public ? 'public, max-age=300' : 'private, no-store')
          .header('Vary', 'Cookie');
        // The body is the finished file; the cast only tells the type provider so.
        return (reply as FastifyReply).send(file.body);
      },
    );
  }

  app.get(
    '/api/public/datasets/:datasetId/versions/:version/revisions/',
    {
      schema: {
        tags: ['datasets'],
        summary:
          "The curators' metadata revisions of a version's description, oldest first (decision 0064)",
        params: versionParams,
        response: { 200: z.array(ZMetadataRevision), 404: ZErrorResponse },
      },
    },
    async (request) =>
      citations.revisions(
        await viewerOf(request),
        request.params.datasetId,
        request.params.version,
      ),
  );

  /**
   * Content negotiation on a version's page, as DOI resolvers offer it (decision 0057): a client
   * that asks for DataCite JSON or XML, BibTeX, RIS or CSL-JSON gets that file (the same answer,
   * visibility and 404s as its route above); anything else — a browser's text/html — gets the
   * page, from the web app.
   */
  app.get(
    datasetPath(':datasetId', ':version'),
    {
      schema: {
        tags: ['datasets'],
        summary: "A dataset version's page, or its citation by content negotiation",
        description:
          'With an Accept header naming one of the media types below (exactly, not by wildcard), ' +
          'the citation file in that format; otherwise the HTML page of the version.',
        params: versionParams,
        response: {
          200: {
            description: 'The citation in the negotiated format, or the page',
            content: NEGOTIATED_CONTENT,
          },
          404: ZErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const format = negotiatedFormat(request.headers.accept);
      if (format === null) return (reply as FastifyReply).callNotFound();
      const { datasetId, version } = request.params;
      const file = await citations.file(await viewerOf(request), datasetId, version, format);
      reply
        .type(file.contentType)
        .header('Content-Location', fileUrl(datasetId, version, format))
        .header('Cache-Control', file.public ? 'public, max-age=300' : 'private, no-store')
        .header('Vary', 'Accept, Cookie');
      return (reply as FastifyReply).send(file.body);
    },
  );
};
