import { z } from 'zod';
import { LICENCE_IDS } from '../datasets/licences';
import { ZDatasetCitation } from './datasets';
import { ZThresholdLists } from './thresholds';

/**
 * One public colony as its page shows it (issue 19, decision 0019): where it lives, every
 * threshold with its quality flags, the raw PAM observations of its biosamples (which the page
 * refits with the ED engine), its projects, the dataset version it comes from and how to cite it.
 */

export const ZColonyObservation = z
  .object({
    id: z.number().int(),
    biosample: z.object({ id: z.number().int(), name: z.string() }),
    condition: z.string().nullable(),
    timepoint: z.string().nullable(),
    temperature: z.number().nullable().meta({ description: 'Assay temperature (°C)' }),
    pam_value: z
      .number()
      .nullable()
      .meta({ description: 'Photosynthetic efficiency Fv/Fm (PAM), null when not measured' }),
  })
  .meta({ id: 'ColonyObservation' });
export type TColonyObservation = z.infer<typeof ZColonyObservation>;

export const ZColonyPage = z
  .object({
    id: z.number().int(),
    name: z.string(),
    species: z.string(),
    country: z.string().meta({ description: 'ISO 3166-1 alpha-3 code' }),
    latitude: z.number(),
    longitude: z.number(),
    ...ZThresholdLists.shape,
    observations: z.array(ZColonyObservation).meta({
      description: "PAM observations of the colony's biosamples, by condition, timepoint, °C",
    }),
    projects: z
      .array(z.object({ id: z.number().int(), name: z.string() }))
      .meta({ description: "Projects holding the colony's biosamples, by id" }),
    dataset: z
      .object({
        id: z.number().int(),
        version: z.number().int().positive(),
        title: z.string(),
        licence: z
          .enum(LICENCE_IDS)
          .nullable()
          .meta({ description: 'SPDX id; null for data imported before licences existed' }),
        citation: ZDatasetCitation,
      })
      .meta({ description: 'The public dataset version the colony belongs to' }),
  })
  .meta({ id: 'ColonyPage' });
export type TColonyPage = z.infer<typeof ZColonyPage>;
