import { isCurator, type TMetadataRevision, type Viewer } from '@coral/core';
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
import { citationFacts, currentRevision } from './dataset-citation';
import { createDatasetReader, parseId } from './dataset-reader';
import { parseMetadata } from './dataset-versions.service';
import type { VersionRow } from './datasets.repository';
import { metadataRevisionsRepository as revisionsRepo } from './metadata-revisions.repository';

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

  /** The version the viewer may see (publicly or as owner or curator), else 404. */
  async function visibleVersion(viewer: Viewer, datasetId: string, versionNumber: string) {
    const loaded = await reader.load(db, datasetId);
    const full =
      loaded !== null &&
      (isCurator(viewer) || (viewer.userId !== null && viewer.userId === loaded.dataset.owner_id));
    const publicVersion = loaded && reader.shownVersion(loaded, versionNumber, false);
    const version =
      publicVersion || (full ? reader.shownVersion(loaded, versionNumber, true) : null);
    if (!loaded || !version) {
      throw notFound(`Dataset ${datasetId} version ${versionNumber} not found.`);
    }
    return { loaded, version, isPublic: Boolean(publicVersion) };
  }

  /**
   * The description a citation of `revision` cites (decision 0064): the version's latest by
   * default; an earlier one as it was then (revision 0: as published), so that its citation
   * stays what it was. 404 for a revision the version does not have.
   */
  async function citedDescription(version: VersionRow, label: string, revision?: string) {
    const latest = version.metadata_revision;
    const asked = revision === undefined ? latest : parseId(revision);
    if (asked === null || asked > latest) {
      throw notFound(`${label} has no description revision ${revision}.`);
    }
    if (asked === latest) {
      return { metadata: parseMetadata(version.metadata), revision: currentRevision(version) };
    }
    const rows = await revisionsRepo.revisions(db, version.id);
    if (asked === 0) return { metadata: parseMetadata(rows[0]!.previous_metadata), revision: null };
    const row = rows[asked - 1]!;
    return {
      metadata: parseMetadata(row.metadata),
      revision: { number: row.number, at: row.created_at },
    };
  }

  return {
    /** A version's metadata revisions, oldest first (decision 0064). */
    async revisions(
      viewer: Viewer,
      datasetId: string,
      versionNumber: string,
    ): Promise<TMetadataRevision[]> {
      const { version } = await visibleVersion(viewer, datasetId, versionNumber);
      return (await revisionsRepo.revisions(db, version.id)).map((row) => ({
        number: row.number,
        at: new Date(row.created_at).toISOString(),
        curator: row.curator,
        note: row.note,
        licence_source: row.licence_source,
        changes: row.changes as TMetadataRevision['changes'],
      }));
    },

    async file(
      viewer: Viewer,
      datasetId: string,
      versionNumber: string,
      format: CitationFormat,
      revision?: string,
    ): Promise<CitationDownload> {
      const { loaded, version, isPublic } = await visibleVersion(viewer, datasetId, versionNumber);
      const cited = await citedDescription(
        version,
        `Dataset ${datasetId} version ${versionNumber}`,
        revision,
      );
      const { metadata } = cited;
      const { withdrawn_at: at, withdrawal_reason: reason } = loaded.dataset;
      const facts = {
        ...citationFacts({
          dataset: loaded.dataset,
          version,
          metadata,
          revision: cited.revision,
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
      return { ...file, public: isPublic };
    },
  };
}
export type DatasetCitationsService = ReturnType<typeof createDatasetCitationsService>;
