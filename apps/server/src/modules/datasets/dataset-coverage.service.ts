import {
  dwcaEmlXml,
  emlCoverage,
  recommendedCitation,
  type CitationFacts,
  type EmlCoverage,
  type TAssayProtocol,
} from '@coral/core';
import type { AppDb } from '../../db/schema';
import { taxonMatchesFor } from '../taxa/taxa.service';
import { currentDataVersion } from '../read-models/read-models.service';
import { datasetCoverageRepository as repo } from './dataset-coverage.repository';
import { PLATFORM_NAME } from './dataset-citation';
import { citationKeyOf } from './dataset-download-facts.service';

/**
 * What a dataset version covers, for its standalone and harvested EML (decision 0057): the
 * bounding box of its colonies' sites, its assay dates and its species with WoRMS' answers where
 * kept (docs/decisions/0049-taxon-matching.md). Coverage is metadata: it is stated for an
 * embargoed version too, as the dataset page's schema.org coverage is (decision 0053).
 */
export async function versionEmlCoverage(db: AppDb, versionId: number): Promise<EmlCoverage> {
  const rows = await repo.colonies(db, versionId);
  const taxa = await taxonMatchesFor(
    db,
    rows.map((row) => row.species),
  );
  return emlCoverage(
    rows.map((row) => ({
      latitude: row.latitude,
      longitude: row.longitude,
      country: row.country,
      species: row.species,
      taxon: taxa.get(row.species) ?? null,
      assays: row.assay_dates.map((date) => ({ date })),
    })),
  );
}

/**
 * One dataset version's metadata as EML under the GBIF Metadata Profile 1.2: the same writer as
 * a Darwin Core Archive's eml.xml, for exactly this version (its standalone `eml.xml` and its
 * OAI-PMH `eml` record), dated at its publication.
 */
export async function versionEmlXml(
  db: AppDb,
  input: { versionId: number; facts: CitationFacts; protocol: TAssayProtocol | null },
  options: { publicUrl: string; softwareVersion: string },
): Promise<string> {
  const { facts } = input;
  const [{ version: dataVersion }, coverage] = await Promise.all([
    currentDataVersion(db),
    versionEmlCoverage(db, input.versionId),
  ]);
  return dwcaEmlXml(
    {
      query: {
        source: { kind: 'dataset-version', datasetId: facts.datasetId, version: facts.version },
        hideFlagged: false,
      },
      datasets: [
        {
          facts,
          citation: recommendedCitation(facts).text,
          citationKey: citationKeyOf(facts.datasetId, facts.version),
          protocol: input.protocol,
        },
      ],
      dataVersion,
      createdAt: facts.publishedAt,
      publicUrl: options.publicUrl,
      platform: PLATFORM_NAME,
      softwareVersion: options.softwareVersion,
      snapshot: null,
    },
    coverage,
  );
}
