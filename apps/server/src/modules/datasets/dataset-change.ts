import type { AppDb } from '../../db/database';
import { publishColonyFeed } from '../colonies/colonies.service';
import { bumpDataVersion } from '../read-models/read-models.service';
import { publishStatistics } from '../statistics/statistics.service';

/**
 * Every change to public data ends here, inside its transaction: a new dataset version, and the
 * public read models rebuilt for it. They commit together, so no process ever serves a feed that
 * disagrees with the data.
 */
export async function recordDatasetChange(trx: AppDb, options: { seeded?: boolean } = {}) {
  const version = await bumpDataVersion(trx, options);
  await publishColonyFeed(trx, version);
  await publishStatistics(trx);
}
