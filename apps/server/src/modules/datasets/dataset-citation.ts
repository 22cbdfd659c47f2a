import type { TDatasetCitation, TDatasetMetadata } from '@coral/core';
import type { VersionRow } from './datasets.repository';

/** The platform as a data publisher (the navbar's brand). */
export const PLATFORM_NAME = 'Coral Thermal Tolerance';

/** The page of a dataset version, where its citation points when it has no DOI. */
export const versionPageUrl = (publicUrl: string, datasetId: number, version: number) =>
  `${publicUrl.replace(/\/$/, '')}/datasets/${datasetId}/versions/${version}`;

/**
 * The recommended citation of a version: creators (year). title (Version N) [Data set]. platform.
 * DOI link, else the version's page.
 */
export function versionCitation(input: {
  datasetId: number;
  version: VersionRow;
  metadata: TDatasetMetadata;
  publicUrl: string;
}): TDatasetCitation {
  const { version, metadata } = input;
  const url = version.doi
    ? `https://doi.org/${version.doi}`
    : versionPageUrl(input.publicUrl, input.datasetId, version.number);
  const year = new Date(version.published_at ?? version.created_at).getUTCFullYear();
  const creators = metadata.creators.map((creator) => creator.name).join(', ') || PLATFORM_NAME;
  return {
    text: `${creators} (${year}). ${metadata.title} (Version ${version.number}) [Data set]. ${PLATFORM_NAME}. ${url}`,
    url,
  };
}
