import { z } from 'zod';
import { LICENCE_IDS } from '../datasets/licences';

/**
 * What every page's footer shows about the public data: which data version readers see, when it
 * was published, and under which licences the public datasets are (decision 0014).
 */
export const ZDataSummary = z
  .object({
    data_version: z
      .object({
        number: z.number().int().meta({
          description: 'Counter of changes to the public data (not a dataset version number)',
        }),
        published_at: z.string().meta({
          description:
            'ISO timestamp of this data version: the newest publication, embargo release or withdrawal',
        }),
      })
      .meta({ description: 'The data version every public read model is built for' }),
    datasets: z.number().int().meta({ description: 'Datasets with a public version' }),
    licences: z
      .array(
        z.object({
          licence: z
            .enum(LICENCE_IDS)
            .nullable()
            .meta({ description: 'SPDX id; null: not stated (data imported before licences)' }),
          datasets: z.number().int(),
        }),
      )
      .meta({
        description:
          'Licences of the public dataset versions in use: stated ones by most datasets, then not stated',
      }),
  })
  .meta({ id: 'DataSummary' });
export type TDataSummary = z.infer<typeof ZDataSummary>;
