import {
  isHiddenByHideFlagged,
  speciesDistributions,
  type TSpeciesDetail,
  type TSpeciesSummary,
} from '@coral/core';
import type { AppDb } from '../../db/schema';
import { notFound } from '../../errors';
import { speciesRepository as repo } from './species.repository';

export function createSpeciesService(db: AppDb) {
  return {
    list(): Promise<TSpeciesSummary[]> {
      return repo.list(db);
    },

    /**
     * One species as its page shows it (docs/decisions/0020-species-page.md). The distributions
     * use trustworthy ED50s only: failed fits (up to 2365 °C in the seed) would make every box
     * unreadable; they are counted in `hidden_entry_count` instead (the rule of decision 0013).
     */
    async detail(name: string): Promise<TSpeciesDetail> {
      const colonies = await repo.colonies(db, name);
      if (colonies.length === 0) {
        throw notFound(`Species "${name}" not found: no public colony is of this species`);
      }
      const [entries, projects, datasets] = await Promise.all([
        repo.ed50Entries(db, name),
        repo.projects(db, name),
        repo.datasets(db, name),
      ]);
      const shown = entries.filter((entry) => !isHiddenByHideFlagged(entry));
      const distributions = speciesDistributions(
        colonies,
        shown.map((e) => ({
          colony_id: e.colony_id,
          condition: e.condition,
          abs: e.abs_value,
          rel: e.rel_value,
        })),
      );
      return {
        name,
        colony_count: colonies.length,
        ed50_entry_count: shown.length,
        hidden_entry_count: entries.length - shown.length,
        ...distributions,
        projects,
        datasets,
      };
    },
  };
}
export type SpeciesService = ReturnType<typeof createSpeciesService>;
