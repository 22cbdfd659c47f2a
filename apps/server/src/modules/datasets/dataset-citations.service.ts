import { isCurator, type Viewer } from '@coral/core';
import type { AppDb } from '../../db/schema';
import { notFound } from '../../errors';
import { citationFile, type CitationFile, type CitationFormat } from './citation-files';
import { citationFacts } from './dataset-citation';
import { createDatasetReader } from './dataset-reader';
import { parseMetadata } from './dataset-versions.service';

export interface CitationDownload extends CitationFile {
  /** Whether everyone may see this version (else only its owner and curators: not cached). */
  public: boolean;
}

/**
 * The citation files of a dataset version (docs/decisions/0012-datasets.md): what the public may
 * see — published and embargoed versions, also of withdrawn datasets, whose tombstones still
 * resolve — and, for its owner and curators, versions in preparation. Others get 404, as for the
 * version's page.
 */
export function createDatasetCitationsService(db: AppDb, options: { publicUrl: string }) {
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
      const { withdrawn_at: at, withdrawal_reason: reason } = loaded.dataset;
      const facts = {
        ...citationFacts({
          dataset: loaded.dataset,
          version,
          metadata: parseMetadata(version.metadata),
          publicUrl: options.publicUrl,
        }),
        // A tombstone still cites, and says it is one (decision 0056).
        withdrawn: at === null ? null : { at: new Date(at).toISOString(), reason },
      };
      return { ...citationFile(facts, format), public: Boolean(publicVersion) };
    },
  };
}
export type DatasetCitationsService = ReturnType<typeof createDatasetCitationsService>;
