import { sql, type RawBuilder } from 'kysely';

/**
 * The species a colony is shown and filtered under (decision 0060; core's `displayTaxonName`,
 * decision 0049): the accepted name WoRMS gives an exact match of the name as written — a synonym
 * moves to its accepted name — otherwise the name as written (a near match, no match or a name not
 * yet checked). The name as written stays in `colonies.species` (Darwin Core
 * `verbatimIdentification`).
 *
 * Two forms of the one rule (decision 0063), so that a filter never computes a name per colony:
 * - to filter, `hasShownSpecies` turns the shown name into the names written under it, once per
 *   query, and compares `colonies.species` with them: `colonies_species_idx` serves it;
 * - to show or group, `shownSpeciesJoin` joins each colony to its answer (`taxon_names` is keyed
 *   by the name as written) and `shownSpecies` reads the name from that join.
 */

/** The statuses whose accepted name a name is shown under (an exact match). */
const MOVES = sql`('accepted', 'synonym')`;

/** The alias of colony `alias`'s answer in `shownSpeciesJoin`. */
const answerOf = (alias: string) => `${alias}_taxon`;

/**
 * The names as written that are shown as `species`, as a `text[]` computed once per query (an
 * uncorrelated subquery): the names whose exact match's accepted name is `species`, and
 * `species` itself unless its own exact match moves it to another name.
 */
export function namesShownAs(species: string): RawBuilder<string[]> {
  return sql<string[]>`ARRAY(
    SELECT tn.name FROM taxon_names tn
    WHERE tn.status IN ${MOVES} AND tn.accepted_name = ${species}
    UNION
    SELECT ${species}::text WHERE NOT EXISTS (
      SELECT 1 FROM taxon_names tm
      WHERE tm.name = ${species} AND tm.status IN ${MOVES} AND tm.accepted_name <> ${species}))`;
}

/** Colony `alias` is shown as `species`: a comparison of the name as written (indexed). */
export function hasShownSpecies(alias: string, species: string): RawBuilder<boolean> {
  return sql<boolean>`${sql.ref(`${alias}.species`)} = ANY(${namesShownAs(species)})`;
}

/**
 * `LEFT JOIN` of colony `alias` to the answer it is shown under (at most one row: `taxon_names`'
 * key is the name as written), for `shownSpecies(alias)` in the same query.
 */
export function shownSpeciesJoin(alias: string): RawBuilder<unknown> {
  const answer = sql.table(answerOf(alias));
  return sql`LEFT JOIN taxon_names ${answer}
    ON ${sql.ref(`${answerOf(alias)}.name`)} = ${sql.ref(`${alias}.species`)}
    AND ${sql.ref(`${answerOf(alias)}.status`)} IN ${MOVES}`;
}

/** The name colony `alias` is shown under; the query joins `shownSpeciesJoin(alias)`. */
export function shownSpecies(alias: string): RawBuilder<string> {
  return sql<string>`coalesce(${sql.ref(`${answerOf(alias)}.accepted_name`)}, ${sql.ref(
    `${alias}.species`,
  )})`;
}
