import { z } from 'zod';
import { TAXON_RANKS, TAXON_STATUSES } from '../taxonomy/taxon-match';

const rankFields = Object.fromEntries(
  TAXON_RANKS.map((rank) => [rank, z.string().nullable()]),
) as Record<(typeof TAXON_RANKS)[number], z.ZodNullable<z.ZodString>>;

/** One species name as written in the data, with WoRMS' answer (docs/decisions/0049-taxon-matching.md). */
export const ZTaxon = z
  .object({
    name: z.string().meta({ description: 'The species as written in the data (verbatim)' }),
    status: z.enum(TAXON_STATUSES).meta({
      description:
        "WoRMS' answer: accepted (exact, accepted name), synonym (exact, unaccepted name), near (fuzzy match only), none (not in WoRMS), unchecked (not yet checked)",
    }),
    status_label: z.string(),
    display_name: z.string().meta({
      description:
        'The name colonies are shown and filtered under: the accepted name of an exact match',
    }),
    accepted_name: z.string().nullable(),
    accepted_aphia_id: z.number().int().nullable(),
    aphia_id: z
      .number()
      .int()
      .nullable()
      .meta({ description: 'AphiaID of the name WoRMS matched' }),
    lsid: z.string().nullable().meta({ description: 'LSID of the name WoRMS matched' }),
    scientific_name_id: z.string().nullable().meta({
      description:
        "Darwin Core scientificNameID of the downloads: the accepted taxon's LSID for an exact match",
    }),
    match_type: z
      .string()
      .nullable()
      .meta({ description: "WoRMS' match type (exact, phonetic, near_1, …)" }),
    worms_status: z.string().nullable(),
    rank: z.string().nullable(),
    ...rankFields,
    flag: z
      .object({ code: z.string(), message: z.string() })
      .nullable()
      .meta({ description: 'The quality flag of a near match or an unmatched name' }),
    checked_at: z
      .string()
      .nullable()
      .meta({ description: 'When WoRMS answered; null: not yet checked' }),
    colonies: z.number().int(),
  })
  .meta({ id: 'Taxon' });
export type TTaxon = z.infer<typeof ZTaxon>;

export const ZTaxonList = z.object({ taxa: z.array(ZTaxon) }).meta({ id: 'TaxonList' });
export type TTaxonList = z.infer<typeof ZTaxonList>;
