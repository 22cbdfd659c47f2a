import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { colonyPredicate, type FilterSet } from '@coral/core';
import type { AppDb } from '../../db/database';
import { pageOf } from '../../lib/keyset-cursor';
import type { VersionedJson } from '../../lib/send-preserialized';
import { VersionedCache } from '../../lib/versioned-cache';
import type { ColoniesService } from '../colonies/colonies.service';
import { currentDataVersion } from '../read-models/read-models.service';
import { biosamplesRepository, type BiosampleRow } from './biosamples.repository';

const gzipAsync = promisify(gzip);

export interface BiosamplePage {
  rows: BiosampleRow[];
  /** The id the next page starts after; null on the last page. */
  nextAfterId: number | null;
}

export function createBiosamplesService(
  db: AppDb,
  colonies: Pick<ColoniesService, 'filterContext'>,
) {
  // The list changes only with the data: serialised and gzipped once per data version (issue 16),
  // like the colony feed, instead of read and serialised again for every request.
  const cache = new VersionedCache<VersionedJson>();
  return {
    /** Every public biosample (nubbin) with its colony and project, in id order. */
    async list(): Promise<VersionedJson> {
      const { version } = await currentDataVersion(db);
      return cache.get(version, async () => {
        const json = Buffer.from(JSON.stringify(await biosamplesRepository.list(db)));
        return { etag: `"biosamples-v${version}"`, json, gzipped: await gzipAsync(json) };
      });
    },

    /** The data version and the filters' dataset defaults (those of the colonies feed). */
    async filterContext() {
      const { feed, defaults } = await colonies.filterContext();
      return { version: feed.version, defaults };
    },

    /**
     * The biosamples of the colonies the map shows for `filters` (the core's filter engine,
     * compiled to a predicate the database evaluates), in id order, a page at a time.
     */
    async page(query: {
      filters: FilterSet;
      afterId?: number;
      limit?: number;
    }): Promise<BiosamplePage> {
      const { defaults } = await colonies.filterContext();
      const rows = await biosamplesRepository.page(db, {
        predicate: colonyPredicate(query.filters, defaults),
        afterId: query.afterId,
        // One more than asked: whether a next page exists, without counting.
        limit: query.limit === undefined ? undefined : query.limit + 1,
      });
      return pageOf(rows, query.limit);
    },
  };
}
export type BiosamplesService = ReturnType<typeof createBiosamplesService>;
