import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZErrorResponse, type Viewer } from '@coral/core';
import type { Authenticator } from '../../plugins/authentication';
import { CITATION_FORMATS, type CitationFormat } from './citation-files';
import type { DatasetCitationsService } from './dataset-citations.service';

export interface DatasetCitationRoutesOptions {
  citations: DatasetCitationsService;
  authenticator: Authenticator;
}

const versionParams = z.object({ datasetId: z.string(), version: z.string() });

/** One route per file; the path's last segment is the file name readers see in the API docs. */
const FILES: { path: string; format: CitationFormat; summary: string }[] = [
  { path: 'citation.bib', format: 'bib', summary: 'Citation of a dataset version as BibTeX' },
  { path: 'citation.ris', format: 'ris', summary: 'Citation of a dataset version as RIS' },
  { path: 'citation.json', format: 'csl', summary: 'Citation of a dataset version as CSL-JSON' },
  {
    path: 'datacite.json',
    format: 'datacite',
    summary: 'DataCite Metadata Schema 4 JSON of a dataset version',
  },
  {
    path: 'CITATION.cff',
    format: 'cff',
    summary: 'Citation of a dataset version in the Citation File Format (CITATION.cff)',
  },
];

/**
 * Citation downloads of a dataset version (docs/decisions/0012-datasets.md, "Citation and
 * DOIs"): public for published and embargoed versions (withdrawn datasets still cite); a
 * logged-in owner or curator also gets the versions in preparation; 404 otherwise.
 */
export const datasetCitationRoutes: FastifyPluginAsyncZod<DatasetCitationRoutesOptions> = async (
  app,
  { citations, authenticator },
) => {
  for (const { path, format, summary } of FILES) {
    app.get(
      `/api/public/datasets/:datasetId/versions/:version/${path}`,
      {
        schema: {
          tags: ['datasets'],
          summary,
          params: versionParams,
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
        const user = await authenticator.currentUser(request);
        const viewer: Viewer = user
          ? { userId: user.userId, role: user.role }
          : { userId: null, role: 'contributor' };
        const file = await citations.file(
          viewer,
          request.params.datasetId,
          request.params.version,
          format,
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
};
