import { z } from 'zod';
import { ZThresholdLists } from './thresholds';

export const ZPublication = z
  .object({
    id: z.number().int(),
    title: z.string(),
    year: z.number().int().nullable(),
    doi: z.string().nullable(),
  })
  .meta({ id: 'Publication' });
export type TPublication = z.infer<typeof ZPublication>;

export const ZProjectOwner = z.object({ username: z.string() }).nullable();

export const ZProjectSummary = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: z.string(),
    registration_date: z.string().meta({ description: 'ISO date (YYYY-MM-DD)' }),
    owner: ZProjectOwner,
    publications: z.array(ZPublication),
  })
  .meta({ id: 'ProjectSummary' });
export type TProjectSummary = z.infer<typeof ZProjectSummary>;

/**
 * One project of the list: the summary plus what tells same-named projects apart on their cards
 * (decision 0017; e.g. four projects named GlobalSearch_Carib). Only rows of public dataset versions
 * count. Added keys only: the list keeps the shape of product-spec §7.
 */
export const ZProjectListItem = z
  .object({
    ...ZProjectSummary.shape,
    sites: z
      .array(z.string())
      .meta({ description: 'Distinct experiment (assay) names, sorted; the CBASS site' }),
    countries: z.array(z.string()).meta({ description: 'Distinct colony countries, sorted' }),
    species: z.array(z.string()).meta({ description: 'Distinct colony species, sorted' }),
    colony_count: z
      .number()
      .int()
      .meta({ description: 'Colonies with at least one biosample in the project' }),
    experiment_dates: z
      .object({
        first: z.string().meta({ description: 'ISO date (YYYY-MM-DD)' }),
        last: z.string().meta({ description: 'ISO date (YYYY-MM-DD)' }),
      })
      .nullable()
      .meta({
        description: 'Earliest and latest experiment (assay) date; null when none is dated',
      }),
  })
  .meta({ id: 'ProjectListItem' });
export type TProjectListItem = z.infer<typeof ZProjectListItem>;
export const ZProjectList = z.array(ZProjectListItem);

export const ZExperiment = z
  .object({ id: z.number().int(), name: z.string(), date: z.string().nullable() })
  .meta({ id: 'Experiment' });

export const ZProjectColony = z
  .object({
    id: z.number().int(),
    name: z.string(),
    species: z.string(),
    country: z.string(),
    latitude: z.number(),
    longitude: z.number(),
    ...ZThresholdLists.shape,
  })
  .meta({ id: 'ProjectColony' });
export type TProjectColony = z.infer<typeof ZProjectColony>;

export const ZProjectRef = z.object({ id: z.number().int(), name: z.string() });

export const ZObservation = z
  .object({
    id: z.number().int(),
    biosample: z.object({
      id: z.number().int(),
      name: z.string(),
      collection_date: z.string().nullable(),
    }),
    experiment: z.object({ id: z.number().int(), name: z.string(), date: z.string().nullable() }),
    condition: z.string().nullable(),
    temperature: z.number().nullable().meta({ description: '°C' }),
    timepoint: z.string().nullable(),
    pam_value: z.number().nullable().meta({ description: 'Fv/Fm' }),
    related_projects: z
      .array(ZProjectRef)
      .meta({ description: 'Other projects holding data on the same colony' }),
  })
  .meta({ id: 'Observation' });
export type TObservation = z.infer<typeof ZObservation>;

export const ZProjectDetail = z
  .object({
    ...ZProjectSummary.shape,
    experiments: z.array(ZExperiment),
    colonies: z.array(ZProjectColony),
    observations: z.array(ZObservation),
  })
  .meta({ id: 'ProjectDetail' });
export type TProjectDetail = z.infer<typeof ZProjectDetail>;
