import { DATASET_STATES, dataCiteMetadata } from '@coral/core';
import type { AppDb } from '../../db/schema';
import type { DataCiteClient } from './datacite-client';
import { citationFacts } from './dataset-citation';
import { versionEmlCoverage } from './dataset-coverage.service';
import { parseMetadata } from './dataset-versions.service';
import { datasetsRepository as repo } from './datasets.repository';

/** The DOI a version gets: `<prefix>/coral.<dataset>.v<version>` (stable, readable, unique). */
export const versionDoi = (prefix: string, datasetId: number, version: number) =>
  `${prefix}/coral.${datasetId}.v${version}`;

export type DoiOutcome = 'registered' | 'already registered' | 'not published';

/**
 * Registers the DOI of a published dataset version at DataCite (docs/decisions/0012-datasets.md,
 * "Citation and DOIs"), run by the dataset worker when a version is published. The DOI points at
 * the version's page; once DataCite has it, the version stores it (its citation then cites the
 * DOI) and the history records `doi_registered`. Safe to run again: a version with a DOI is left
 * alone, and a DOI registered by an attempt that failed afterwards is updated, not duplicated.
 */
export function createDoiRegistrationService(
  db: AppDb,
  options: { publicUrl: string; prefix: string; client: DataCiteClient },
) {
  return {
    async register(datasetId: number, versionNumber: number): Promise<DoiOutcome> {
      const dataset = await repo.findDataset(db, datasetId);
      const version = dataset
        ? (await repo.versions(db, datasetId)).find((v) => v.number === versionNumber)
        : undefined;
      // Discarded, or data not public (a withdrawn dataset's versions stay published and cite).
      if (!dataset || !version || !DATASET_STATES[version.state].publicData) return 'not published';
      if (version.doi !== null) return 'already registered';
      const doi = versionDoi(options.prefix, datasetId, versionNumber);
      const facts = citationFacts({
        dataset,
        version: { ...version, doi },
        metadata: parseMetadata(version.metadata),
        publicUrl: options.publicUrl,
      });
      // DataCite gets the coverage the version's own DataCite file states (decision 0065).
      const coverage = await versionEmlCoverage(db, version.id);
      await options.client.publishDoi({
        doi,
        url: facts.url,
        metadata: dataCiteMetadata(facts, coverage),
      });
      await db.transaction().execute(async (trx) => {
        await repo.lockDataset(trx, datasetId);
        await repo.updateVersion(trx, version.id, { doi });
        await repo.insertEvent(trx, {
          datasetId,
          versionNumber,
          actorId: null,
          action: 'doi_registered',
          message: `DOI ${doi} registered at DataCite.`,
        });
      });
      return 'registered';
    },
  };
}
export type DoiRegistrationService = ReturnType<typeof createDoiRegistrationService>;
