import type { DatabaseHandle } from '../../apps/server/src/db/database';
import { publishColonyFeed } from '../../apps/server/src/modules/colonies/colonies.service';
import { importDataset } from '../../apps/server/src/modules/datasets/dataset-import.service';
import {
  createSeedVersion,
  publishSeedVersions,
} from '../../apps/server/src/modules/datasets/dataset-versions.service';
import { bumpDataVersion } from '../../apps/server/src/modules/read-models/read-models.service';
import { timeIt } from './report';
import { syntheticDataset } from './synthetic-dataset';

/**
 * A new dataset of synthetic colonies imported and made public in one transaction, as an
 * approval does. Timed and returned: the colonies feed's publication in that transaction, which
 * must rebuild only the parts holding the new colonies (decision 0038), else it throws.
 * `name` makes the project and its DOI unique among the uploads of one run.
 */

/** Where the benchmark's synthetic versions say they come from. */
const SYNTHETIC_SOURCE = { name: 'benchmark generator (synthetic data)', url: null };

export async function publishUpload(
  handle: DatabaseHandle,
  upload: { colonies: number; seed: number; name: string },
): Promise<number> {
  const bundle = syntheticDataset({ colonies: upload.colonies, projects: 1, seed: upload.seed });
  for (const project of bundle.projects) project.name = upload.name;
  for (const publication of bundle.publications) {
    publication.doi = `10.0000/${upload.name.toLowerCase().replaceAll(' ', '-')}`;
  }
  let republish = 0;
  await handle.db.transaction().execute(async (trx) => {
    const versions: number[] = [];
    await importDataset(trx, bundle, {
      versionForProject: async (projectId) => {
        const id = await createSeedVersion(trx, projectId, SYNTHETIC_SOURCE);
        versions.push(id);
        return id;
      },
    });
    await publishSeedVersions(trx, versions, SYNTHETIC_SOURCE);
    const version = await bumpDataVersion(trx);
    let how = '';
    republish = await timeIt(async () => {
      how = await publishColonyFeed(trx, version, { datasetVersionIds: versions });
    });
    if (how !== 'parts') throw new Error(`the feed was rebuilt in full (${how}), not by parts`);
  });
  return republish;
}
