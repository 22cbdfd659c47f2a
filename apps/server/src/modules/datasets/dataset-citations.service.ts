import { isCurator, type Viewer } from '@coral/core';
import type { AppDb } from '../../db/schema';
import { notFound } from '../../errors';
import {
  CITATION_FORMATS,
  citationFile,
  citationFileName,
  type CitationFile,
  type CitationFormat,
} from './citation-files';
import { versionEmlCoverage, versionEmlXml } from './dataset-coverage.service';
import { citationFacts } from './dataset-citation';
import { createDatasetReader } from './dataset-reader';
import { parseMetadata } from './dataset-versions.service';

export interface CitationDownload extends CitationFile {
  /** Whether everyone may see this version (else only its owner and curators: not cached). */
  public: boolean;
}

/**
 * The citation and metadata files of a dataset version (docs/decisions/0012-datasets.md, 0057-eml-gbif-profile-and-datacite.md): what the public may
 * see — published and embargoed versions, also of withdrawn datasets, whose tombstones still
 * resolve — and, for its owner and curators, versions in preparation. Others get 404, as for the
 * version's page.
 */
export function createDatasetCitationsService(
  db: AppDb,
  options: { publicUrl: string; softwareVersion: string },
) {
  const reader = createDatasetReader(db, options);

  return {
    async file(
      viewer: Viewer,
      datasetId: string,
      versionNumber: string,
      format: CitationFormat,
    ): Promise<CitationDownload> {
      const loaded = await reader.load(db, datasetId);
      const full =
        loaded !== null &&
        (isCurator(viewer) ||
          (viewer.userId !== null && viewer.userId === loaded.dataset.owner_id));
      const publicVersion = loaded && reader.shownVersion(loaded, versionNumber, false);
      const version =
        publicVersion || (full ? reader.shownVersion(loaded, versionNumber, true) : null);
      if (!loaded || !version) {
        throw notFound(`Dataset ${datasetId} version ${versionNumber} not found.`);
      }
      const metadata = parseMetadata(version.metadata);
      const { withdrawn_at: at, withdrawal_reason: reason } = loaded.dataset;
      const facts = {
        ...citationFacts({
          dataset: loaded.dataset,
          version,
          metadata,
          publicUrl: options.publicUrl,
        }),
        // A tombstone still cites, and says it is one (decision 0056).
        withdrawn: at === null ? null : { at: new Date(at).toISOString(), reason },
      };
      const file: CitationFile =
        format === 'eml'
          ? {
              contentType: CITATION_FORMATS.eml.contentType,
              filename: citationFileName(facts, 'eml'),
              body: await versionEmlXml(
                db,
                { versionId: version.id, facts, protocol: metadata.protocol },
                options,
              ),
            }
          : citationFile(
              facts,
              format,
              // DataCite states where and when the data were gathered (decision 0065).
              format === 'datacite' || format === 'datacite-xml'
                ? await versionEmlCoverage(db, version.id)
                : null,
            );
      return { ...file, public: Boolean(publicVersion) };
    },
  };
}
export type DatasetCitationsService = ReturnType<typeof createDatasetCitationsService>;
