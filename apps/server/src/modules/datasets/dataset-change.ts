import type { AppDb } from '../../db/schema';
import { publishColonyFeed } from '../colonies/colonies.service';
import { bumpDataVersion } from '../read-models/read-models.service';
import { publishStatistics } from '../statistics/statistics.service';

/**
 * Every change to public data ends here, inside its transaction: a new dataset version, and the
 * public read models rebuilt for it. They commit together, so no process ever serves a feed that
 * disagrees with the data. `changedVersionIds`: the dataset versions that became public or
 * stopped being public (the ones only a change names): the colonies feed then rebuilds only the
 * parts holding their colonies (decision 0038); without them, all of it.
 */
export async function recordDatasetChange(
  trx: AppDb,
  options: { seeded?: boolean; changedVersionIds?: readonly number[] } = {},
) {
  const version = await bumpDataVersion(trx, { seeded: options.seeded });
  await publishColonyFeed(
    trx,
    version,
    options.changedVersionIds && { datasetVersionIds: options.changedVersionIds },
  );
  await publishStatistics(trx);
}
