import {
  datasetPath,
  recommendedCitation,
  type CitationFacts,
  type TDatasetCitation,
  type TDatasetMetadata,
} from '@coral/core';
import type { DatasetRow, VersionRow } from './datasets.repository';

/** The platform as a data publisher (the navbar's brand). */
export const PLATFORM_NAME = 'Coral Thermal Tolerance';

/** The page of a dataset version, where its citation points when it has no DOI. */
export const versionPageUrl = (publicUrl: string, datasetId: number, version: number) =>
  `${publicUrl.replace(/\/$/, '')}${datasetPath(datasetId, version)}`;

/**
 * What core's citation functions need to know of a stored version (the page's citation, the
 * BibTeX, RIS, CSL-JSON and DataCite files, and a DOI registration all start here).
 */
export function citationFacts(input: {
  dataset: Pick<DatasetRow, 'id' | 'project_name'>;
  version: Pick<VersionRow, 'number' | 'doi' | 'published_at' | 'created_at'> &
    Partial<Pick<VersionRow, 'metadata_revision' | 'metadata_revised_at'>>;
  metadata: TDatasetMetadata;
  /**
   * The metadata revision cited (decision 0064): by default the version's latest (its stored
   * `metadata` is that revision's); null: the description as published.
   */
  revision?: { number: number; at: Date | string } | null;
  publicUrl: string;
}): CitationFacts {
  const { dataset, version, metadata } = input;
  const revision =
    input.revision !== undefined
      ? input.revision
      : currentRevision({
          metadata_revision: version.metadata_revision ?? 0,
          metadata_revised_at: version.metadata_revised_at ?? null,
        });
  return {
    datasetId: dataset.id,
    version: version.number,
    title: metadata.title,
    description: metadata.description,
    creators: metadata.creators,
    // A version not (yet) published cites the day it was made (its owner's preview).
    publishedAt: new Date(version.published_at ?? version.created_at).toISOString(),
    publisher: PLATFORM_NAME,
    url: versionPageUrl(input.publicUrl, dataset.id, version.number),
    doi: version.doi,
    licence: metadata.licence,
    keywords: metadata.keywords,
    relatedDois: metadata.related_publications.map((publication) => publication.doi),
    projectName: dataset.project_name,
    importedFrom: metadata.imported_from,
    revision:
      revision && revision.number > 0
        ? { number: revision.number, at: new Date(revision.at).toISOString() }
        : null,
  };
}

/** The latest metadata revision of a stored version (what its current citation names). */
export const currentRevision = (
  version: Pick<VersionRow, 'metadata_revision' | 'metadata_revised_at'>,
) =>
  version.metadata_revision > 0 && version.metadata_revised_at !== null
    ? { number: version.metadata_revision, at: version.metadata_revised_at }
    : null;

/** The recommended citation of a version as the page shows it (core's text, so files agree). */
export function versionCitation(input: Parameters<typeof citationFacts>[0]): TDatasetCitation {
  return recommendedCitation(citationFacts(input));
}
