import { z } from 'zod';

export const ZStatistics = z
  .object({
    coral_colonies: z.number().int(),
    research_projects: z.number().int(),
    countries: z.number().int().meta({ description: 'Distinct ISO countries of colonies' }),
    data_access_24_7: z.boolean().meta({ description: 'true when any observation is public' }),
    observations_count: z.number().int(),
    species_count: z.number().int(),
    recent_observations: z
      .number()
      .int()
      .meta({ description: 'Observations from experiments dated within the last 365 days' }),
    top_countries: z.array(z.object({ country: z.string(), colony_count: z.number().int() })),
    top_species: z.array(z.object({ species: z.string(), colony_count: z.number().int() })),
    last_updated: z.string().meta({ description: 'ISO timestamp of the newest data change' }),
  })
  .meta({ id: 'Statistics' });
export type TStatistics = z.infer<typeof ZStatistics>;
