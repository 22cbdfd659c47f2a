import { sql, type RawBuilder } from 'kysely';

/**
 * The species colony `alias` is shown and filtered under (decision 0060; core's
 * `displayTaxonName`, decision 0049): the accepted name WoRMS gives an exact match of the name as
 * written — a synonym moves to its accepted name — otherwise the name as written (a near match,
 * no match or a name not yet checked). The name as written stays in `colonies.species`
 * (Darwin Core `verbatimIdentification`).
 */
export function shownSpecies(alias: string): RawBuilder<string> {
  const written = sql.ref(`${alias}.species`);
  return sql<string>`coalesce((
    SELECT tn.accepted_name FROM taxon_names tn
    WHERE tn.name = ${written} AND tn.status IN ('accepted', 'synonym')
  ), ${written})`;
}
