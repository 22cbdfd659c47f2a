import { colonyPredicate, type FilterSet } from '@coral/core';
import type { AppDb } from '../../db/schema';
import { gzipPieces, jsonArrayPieces, keysetBatches } from '../../lib/json-array-stream';
import { pageOf } from '../../lib/keyset-cursor';
import type { VersionedGzip } from '../../lib/send-preserialized';
import { VersionedCache } from '../../lib/versioned-cache';
import type { ColoniesService } from '../colonies/colonies.service';
import { currentDataVersion } from '../read-models/read-models.service';
import { biosamplesRepository, type BiosampleRow } from './biosamples.repository';

/**
 * Biosamples read per query when a whole list is built or streamed (about 2 MB of JSON): a
 * million colonies have millions of biosamples, whose list is longer than one string can hold.
 */
export const BIOSAMPLES_PER_READ = 20_000;

export interface BiosamplePage {
  rows: BiosampleRow[];
  /** The id the next page starts after; null on the last page. */
  nextAfterId: number | null;
}

export function createBiosamplesService(
  db: AppDb,
  colonies: Pick<ColoniesService, 'pageContext'>,
  { rowsPerRead = BIOSAMPLES_PER_READ }: { rowsPerRead?: number } = {},
) {
  // The list changes only with the data: built once per data version (decision 0031), like the colony
  // feed, instead of read and serialised again for every request. Only its gzipped bytes are kept.
  const cache = new VersionedCache<VersionedGzip>();

  /** The JSON array of the biosamples whose colony passes `filters`, in pieces, in id order. */
  async function* filteredJson(filters: FilterSet, afterId?: number): AsyncGenerator<Buffer> {
    const { defaults } = await colonies.pageContext();
    const predicate = colonyPredicate(filters, defaults);
    const read = (after: number | undefined, limit: number) =>
      biosamplesRepository.page(db, { predicate, afterId: after, limit });
    yield* jsonArrayPieces(keysetBatches(read, rowsPerRead, afterId));
  }

  return {
    /** Every public biosample (nubbin) with its colony and project, in id order. */
    async list(): Promise<VersionedGzip> {
      const { version } = await currentDataVersion(db);
      return cache.get(version, async () => ({
        etag: `"biosamples-v${version}"`,
        gzipped: await gzipPieces(filteredJson({})),
      }));
    },

    /** The data version and the filters' dataset defaults (those of the colonies feed). */
    filterContext: () => colonies.pageContext(),

    /**
     * A page of the biosamples of the colonies the map shows for `filters` (the core's filter
     * engine, compiled to a predicate the database evaluates), in id order.
     */
    async page(query: {
      filters: FilterSet;
      afterId?: number;
      limit: number;
    }): Promise<BiosamplePage> {
      const { defaults } = await colonies.pageContext();
      const rows = await biosamplesRepository.page(db, {
        predicate: colonyPredicate(query.filters, defaults),
        afterId: query.afterId,
        // One more than asked: whether a next page exists, without counting.
        limit: query.limit + 1,
      });
      return pageOf(rows, query.limit);
    },

    /** All of them from `afterId` on (no limit), as JSON in pieces, read a batch at a time. */
    filteredJson,
  };
}
export type BiosamplesService = ReturnType<typeof createBiosamplesService>;
