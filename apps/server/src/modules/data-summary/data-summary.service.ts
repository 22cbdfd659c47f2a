import { LICENCE_IDS, type LicenceId, type TDataSummary } from '@coral/core';
import type { AppDb } from '../../db/schema';
import { VersionedCache } from '../../lib/versioned-cache';
import { currentDataVersion } from '../read-models/read-models.service';
import { dataSummaryRepository as repo } from './data-summary.repository';

const isLicenceId = (value: string): value is LicenceId =>
  (LICENCE_IDS as readonly string[]).includes(value);

/**
 * The footer's summary of the public data. Licences change with the data version (a publication,
 * a withdrawal; the owner's edit may not touch a licence, decision 0012) or with a curator's
 * metadata revision, which states a licence without bumping the data version (decision 0064) but
 * bumps the metadata stamp beside it (decision 0070): the answer is computed once per data version
 * and metadata stamp; one small grouped query, not worth a stored snapshot.
 */
export function createDataSummaryService(db: AppDb) {
  const cache = new VersionedCache<TDataSummary>();

  async function compute(): Promise<TDataSummary> {
    const rows = await repo.summary(db);
    const first = rows[0]!;
    const licences = rows
      .filter((row) => row.datasets > 0)
      .map((row) => {
        // Metadata is validated on the way in; an unknown id would be a bug, not "not stated".
        if (row.licence !== null && !isLicenceId(row.licence)) {
          throw new Error(`A public dataset version has an unknown licence ${row.licence}`);
        }
        return { licence: row.licence, datasets: row.datasets };
      });
    return {
      data_version: { number: first.version, published_at: first.updated_at.toISOString() },
      datasets: licences.reduce((sum, row) => sum + row.datasets, 0),
      licences,
    };
  }

  return {
    async get(): Promise<TDataSummary> {
      // Both counters live in one row, read once: no query of the revisions per request.
      const { version, metadataStamp } = await currentDataVersion(db);
      return cache.get(`${version}:${metadataStamp}`, compute);
    },
  };
}
export type DataSummaryService = ReturnType<typeof createDataSummaryService>;
