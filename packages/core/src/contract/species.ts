import { z } from 'zod';

/** Summary of one set of ED50 values plus the values, ascending (strip plots). */
export const ZValueDistribution = z
  .object({
    n: z.number().int().meta({ description: 'Number of values' }),
    min: z.number(),
    q1: z.number().meta({ description: 'First quartile (R quantile type 7)' }),
    median: z.number(),
    q3: z.number().meta({ description: 'Third quartile (R quantile type 7)' }),
    max: z.number(),
    mean: z.number(),
    sd: z.number().nullable().meta({ description: 'Sample standard deviation; null for n = 1' }),
    lower_whisker: z.number().meta({ description: 'Lowest value within 1.5 IQR of the box' }),
    upper_whisker: z.number().meta({ description: 'Highest value within 1.5 IQR of the box' }),
    values: z.array(z.number()),
  })
  .meta({ id: 'ValueDistribution' });
export type TValueDistribution = z.infer<typeof ZValueDistribution>;

export const ZEd50Distributions = z
  .object({
    absolute: ZValueDistribution.nullable().meta({ description: 'ED50 in °C; null: no value' }),
    relative: ZValueDistribution.nullable().meta({
      description: 'ED50 − MMM (maximum monthly mean SST) in °C; null: no value with an MMM',
    }),
  })
  .meta({ id: 'Ed50Distributions' });
export type TEd50Distributions = z.infer<typeof ZEd50Distributions>;

export const ZDistributionGroup = z
  .object({
    key: z.string(),
    label: z.string(),
    colony_count: z.number().int().meta({
      description: 'Colonies at the site, or colonies with an ED50 under the condition',
    }),
    ed50: ZEd50Distributions,
  })
  .meta({ id: 'SpeciesDistributionGroup' });
export type TDistributionGroup = z.infer<typeof ZDistributionGroup>;

export const ZSpeciesSite = ZDistributionGroup.extend({
  country: z.string(),
  latitude: z.number(),
  longitude: z.number(),
}).meta({ id: 'SpeciesSite' });
export type TSpeciesSite = z.infer<typeof ZSpeciesSite>;

export const ZSpeciesDetail = z
  .object({
    name: z.string(),
    colony_count: z.number().int().meta({ description: 'Public colonies of the species' }),
    ed50_entry_count: z.number().int().meta({
      description: 'Trustworthy ED50 entries the distributions are made of',
    }),
    hidden_entry_count: z.number().int().meta({
      description: 'ED50 entries left out as untrustworthy (failed fits, decision 0013)',
    }),
    overall: ZEd50Distributions,
    by_site: z.array(ZSpeciesSite).meta({
      description: 'Sites (distinct coordinates) where the species was measured, with the map',
    }),
    by_condition: z.array(ZDistributionGroup),
    projects: z.array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        colony_count: z
          .number()
          .int()
          .meta({ description: 'Public colonies of this species in the project' }),
        sites: z
          .array(z.string())
          .meta({ description: 'Where they were assayed (experiment names)' }),
      }),
    ),
    datasets: z.array(
      z.object({
        id: z.number().int(),
        title: z.string(),
        version: z.number().int().meta({ description: 'The public version holding the colonies' }),
      }),
    ),
  })
  .meta({ id: 'SpeciesDetail' });
export type TSpeciesDetail = z.infer<typeof ZSpeciesDetail>;

export const ZSpeciesSummary = z
  .object({ name: z.string(), colony_count: z.number().int() })
  .meta({ id: 'SpeciesSummary' });
export type TSpeciesSummary = z.infer<typeof ZSpeciesSummary>;
export const ZSpeciesList = z.array(ZSpeciesSummary);
