import { sql, type RawBuilder } from 'kysely';
import {
  THRESHOLD_KIND_INFO,
  type ColonyCondition,
  type ColonyPredicate,
  type ThresholdKind,
} from '@coral/core';
import { isPublicRow } from './visibility';
import { hasShownSpecies } from './shown-species';

/**
 * The map's filter (core's `colonyPredicate`, packages/core/src/filters/filter-predicate.ts) as SQL
 * conditions on a colony aliased `c`: the one translation every repository that filters by colony
 * puts in its WHERE clause (decisions 0031 and 0037), so the colonies page and the biosamples of
 * the same filter set cannot drift apart. Every table read here is limited to public rows, as the
 * colonies feed is; the caller limits `c` itself.
 *
 * Each condition is an `EXISTS` keyed by the colony's id, so that a keyset page (colonies in id
 * order, `LIMIT n`) is a walk over the colonies' primary key probing an index per condition
 * (migration 0010 and `colony-predicate.explain.test.ts`).
 */

/** The public entries of one threshold kind of colony `c`, with extra conditions on `t`. */
const hasEntry = (kind: ThresholdKind, where: RawBuilder<unknown> = sql`TRUE`) =>
  sql<boolean>`EXISTS (
    SELECT 1 FROM ${sql.table(THRESHOLD_KIND_INFO[kind].table)} t
    WHERE t.colony_id = c.id AND ${isPublicRow('t')} AND ${where})`;

const withoutFlags = (flags: readonly string[]) =>
  flags.length === 0 ? sql`TRUE` : sql`NOT (t.quality_flags && ${[...flags]}::text[])`;

/** One condition of the core's colony predicate as SQL on colony `c`. */
export function colonyCondition(condition: ColonyCondition): RawBuilder<boolean> {
  switch (condition.kind) {
    case 'species':
      // Under the name shown: a synonym is found under its accepted name (decision 0060), by
      // the names written under it, which colonies_species_idx serves (decision 0063).
      return hasShownSpecies('c', condition.equals);
    case 'project':
      return sql<boolean>`EXISTS (
        SELECT 1 FROM biosamples pb JOIN projects p ON p.id = pb.project_id
        WHERE pb.colony_id = c.id AND ${isPublicRow('pb')} AND p.name = ${condition.name})`;
    case 'collectionYear': {
      // A date after today is kept as recorded but gives no year (the feed's rule). Each year is
      // its dates' range, which the planner estimates from the column's statistics and an index
      // on the date can serve (EXTRACT(YEAR …) would be estimated at a fixed 0.5 % and read every
      // row). There is no year 0 in PostgreSQL's calendar: it matches no date.
      const ranges = condition.years
        .filter((year) => year >= 1)
        .map(
          (year) => sql`(yb.collection_date >= make_date(${year}::int, 1, 1)
            AND yb.collection_date < make_date(${year + 1}::int, 1, 1))`,
        );
      if (ranges.length === 0) return sql<boolean>`FALSE`;
      return sql<boolean>`EXISTS (
        SELECT 1 FROM biosamples yb
        WHERE yb.colony_id = c.id AND ${isPublicRow('yb')} AND yb.collection_date <= CURRENT_DATE
          AND (${sql.join(ranges, sql` OR `)}))`;
    }
    case 'thresholdInRange': {
      const column = sql.ref(`t.${condition.value === 'absolute' ? 'abs_value' : 'rel_value'}`);
      return hasEntry(
        condition.thresholdKind,
        sql`${column} >= ${condition.min} AND ${column} <= ${condition.max}
            AND ${withoutFlags(condition.excludeFlags)}`,
      );
    }
    case 'notOnlyFlagged': {
      // The colony's public entries of every kind: none, or one without the flags. One scalar
      // subquery, run per colony with an index probe per kind: "NOT EXISTS … OR EXISTS …" cannot
      // become a join, and the planner then hashes whole threshold tables for every page.
      const entries = condition.thresholdKinds.map(
        (kind) => sql`SELECT t.quality_flags FROM ${sql.table(THRESHOLD_KIND_INFO[kind].table)} t
          WHERE t.colony_id = c.id AND ${isPublicRow('t')}`,
      );
      return sql<boolean>`COALESCE((
        SELECT bool_or(NOT (e.quality_flags && ${[...condition.flags]}::text[]))
        FROM (${sql.join(entries, sql` UNION ALL `)}) e), TRUE)`;
    }
  }
}

/** Every condition of the predicate (an empty list when it lets every colony pass). */
export const colonyConditions = (predicate: ColonyPredicate): RawBuilder<boolean>[] =>
  predicate.all.map(colonyCondition);
