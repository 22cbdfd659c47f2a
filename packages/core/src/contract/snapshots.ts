import { z } from 'zod';
import { LICENCE_IDS } from '../datasets/licences';

/**
 * Citable snapshots (decision 0015; docs/downloads.md): a frozen map view or cart group — the exact
 * dataset versions and colonies, the query, a content hash — with one citation and downloads that
 * stay byte-identical after new data are published.
 */

/** What is frozen: the map's current filter (its URL query) or one of the user's cart groups. */
export const ZCreateSnapshot = z
  .discriminatedUnion('source', [
    z.object({
      source: z.literal('map'),
      query: z
        .string()
        .max(4_096)
        .meta({ description: 'The map filter as in its URL, e.g. "species=Porites+lutea"' }),
    }),
    z.object({
      source: z.literal('cart-group'),
      group_id: z.number().int().positive(),
      hide_flagged: z.boolean().default(false),
    }),
  ])
  .meta({ id: 'CreateSnapshot' });
export type TCreateSnapshot = z.input<typeof ZCreateSnapshot>;

export const ZSnapshotDataset = z
  .object({
    dataset_id: z.number().int(),
    version: z.number().int(),
    title: z.string(),
    citation: z.string().meta({ description: 'Recommended citation (APA) of the dataset version' }),
    licence: z.enum(LICENCE_IDS).nullable(),
    doi: z.string().nullable(),
    colonies: z.number().int().meta({ description: 'Colonies of this version in the snapshot' }),
    withdrawn: z.boolean().meta({
      description: 'Withdrawn since: its colonies are left out of every download',
    }),
  })
  .meta({ id: 'SnapshotDataset' });

export const ZSnapshot = z
  .object({
    id: z.string(),
    created_at: z.string().meta({ description: 'ISO date-time' }),
    source: z.enum(['map', 'cart-group']),
    description: z.string().meta({ description: 'What was frozen, in words' }),
    query: z
      .record(z.string(), z.unknown())
      .meta({ description: 'The query.json of the snapshot' }),
    data_version: z.number().int(),
    colony_count: z.number().int(),
    content_hash: z
      .string()
      .meta({ description: 'sha256:<hex> of the snapshot CSV (colonies.csv) as first written' }),
    citation: z.string().meta({ description: 'Recommended citation of the snapshot' }),
    licences: z.array(z.enum(LICENCE_IDS).nullable()).meta({
      description: 'Licences involved, the most restrictive first; null: licence not stated',
    }),
    datasets: z.array(ZSnapshotDataset),
  })
  .meta({ id: 'Snapshot' });
export type TSnapshot = z.infer<typeof ZSnapshot>;

export const ZSnapshotCreated = z
  .object({ id: z.string(), url: z.string().meta({ description: 'The snapshot page' }) })
  .meta({ id: 'SnapshotCreated' });
export type TSnapshotCreated = z.infer<typeof ZSnapshotCreated>;
