import { z } from 'zod';
import { LICENCE_IDS } from '../datasets/licences';
import { ZDatasetCitation } from './datasets';
import { ED_MODELS } from '../thresholds/ed-models';
import {
  THRESHOLD_KIND_INFO,
  THRESHOLD_KINDS,
  type ThresholdKind,
  type ThresholdListKey,
} from '../thresholds/threshold-kinds';
import { ZThresholdEntries } from './thresholds';

/**
 * One public colony as its page shows it (decision 0019): where it lives, every
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

/** How a stored ED value was computed (decision 0032), with the line the page shows. */
export const ZEdProvenance = z
  .object({
    method: z.enum(['refit', 'submitted']).meta({
      description:
        "refit: the platform's ED engine, refitting the upload's PAM data, gives this value; submitted: as the submitter gave it (computed elsewhere, model unknown)",
    }),
    model: z
      .enum(ED_MODELS)
      .nullable()
      .meta({ description: "drc's model family; null when unknown" }),
    fit: z.enum(['joint', 'per-colony']).nullable(),
    bounds: z.null().meta({ description: 'Parameter bounds of the fit: none (no such option)' }),
    software: z
      .string()
      .nullable()
      .meta({ description: 'Software and version; null when unknown' }),
    label: z.string().meta({
      description:
        '"Refit by the platform: LL.3 joint fit, coral-platform ED engine …" or "As submitted"',
    }),
  })
  .meta({ id: 'EdProvenance' });
export type TEdProvenance = z.infer<typeof ZEdProvenance>;

/** A colony's entry of kind K as its page gives it: the shared entry plus its provenance. */
const entryWithProvenance = <K extends ThresholdKind>(kind: K) =>
  ZThresholdEntries[kind].extend({ provenance: ZEdProvenance });

/** The colony's lists: thermal_tolerances, breakpoint_temperatures, thermal_limits. */
const colonyLists = Object.fromEntries(
  THRESHOLD_KINDS.map((kind) => [
    THRESHOLD_KIND_INFO[kind].listKey,
    z.array(entryWithProvenance(kind)),
  ]),
  // Built from the registry like ZThresholdLists: TypeScript cannot type fromEntries by key.
) as unknown as {
  [K in ThresholdKind as ThresholdListKey<K>]: z.ZodArray<
    ReturnType<typeof entryWithProvenance<K>>
  >;
};

export const ZColonyPage = z
  .object({
    id: z.number().int(),
    name: z.string(),
    species: z.string().meta({
      description:
        'The species the colony is shown and filtered under: the accepted name in WoRMS when the name as written is an accepted name or a synonym, otherwise the name as written (decision 0060)',
    }),
    verbatim_species: z.string().meta({
      description: 'The species as written in the data (Darwin Core verbatimIdentification)',
    }),
    country: z.string().meta({ description: 'ISO 3166-1 alpha-3 code' }),
    latitude: z.number(),
    longitude: z.number(),
    ...colonyLists,
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
