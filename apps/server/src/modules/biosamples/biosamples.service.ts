import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { AppDb } from '../../db/database';
import type { VersionedJson } from '../../lib/send-preserialized';
import { VersionedCache } from '../../lib/versioned-cache';
import { currentDataVersion } from '../read-models/read-models.service';
import { biosamplesRepository } from './biosamples.repository';

const gzipAsync = promisify(gzip);

export function createBiosamplesService(db: AppDb) {
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
  };
}
export type BiosamplesService = ReturnType<typeof createBiosamplesService>;
