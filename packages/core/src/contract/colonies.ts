import { z } from 'zod';
import { ZThresholdLists } from './thresholds';

export const ZColony = z
  .object({
    id: z.number().int(),
    name: z.string(),
    species: z.string().meta({
      description:
        "The species the colony is shown and filtered under: a synonym's accepted name (decision 0060)",
    }),
    verbatim_species: z.string().optional().meta({
      description:
        'The species as written in the data, only where it differs from `species` (a synonym shown under its accepted name, decision 0063)',
    }),
    country: z.string().meta({ description: 'ISO 3166-1 alpha-3 code' }),
    latitude: z.number(),
    longitude: z.number(),
    projects: z.array(z.string()).meta({ description: 'Names of the projects the colony is in' }),
    collection_years: z.array(z.number().int()).meta({
      description:
        "Distinct collection years of the colony's biosamples, ascending (the map's years filter)",
    }),
    ...ZThresholdLists.shape,
  })
  .meta({ id: 'Colony' });
export type TColony = z.infer<typeof ZColony>;

export const ZColonyList = z.array(ZColony);

export const ZBiosample = z
  .object({
    id: z.number().int(),
    name: z.string(),
    collection_date: z.string().nullable().meta({ description: 'ISO date (YYYY-MM-DD)' }),
    colony: z.number().int(),
    project: z.number().int(),
  })
  .meta({ id: 'Biosample' });
export type TBiosample = z.infer<typeof ZBiosample>;
export const ZBiosampleList = z.array(ZBiosample);
