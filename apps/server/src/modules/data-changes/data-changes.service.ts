import type { AppDb } from '../../db/schema';
import { publishColonyFeed } from '../colonies/colonies.service';
import { bumpDataVersion } from '../read-models/read-models.service';
import { publishStatistics } from '../statistics/statistics.service';

/**
 * Every change to public data ends here, inside its transaction: a new data version, and the
 * public read models rebuilt for it. They commit together, so no process ever serves a feed that
 * disagrees with the data. Below the modules that change data (datasets: imports, reviews,
 * withdrawals; taxa: WoRMS' answers that move a name to another shown name, decision 0060) and
 * above the read models it rebuilds, so that each of them calls this one sequence (decision 0063).
 * `changedVersionIds`: the dataset versions that became public or stopped being public, or whose
 * colonies are shown under other names (the ones only a change names): the colonies feed then
 * rebuilds only the parts holding their colonies (decision 0038); without them, all of it.
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
