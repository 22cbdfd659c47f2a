import type { Migration } from './migration';

/**
 * Indexes for the map's filters evaluated in the database (decisions 0031 and 0037).
 * Every filter condition is an `EXISTS` keyed by the colony's id (db/colony-predicate.ts), so a
 * keyset page walks the colonies' primary key and probes, per colony, an index that starts with
 * the colony id and holds the filtered column too:
 * - biosamples by colony and project (project filter), by colony and collection date (years);
 * - each threshold table by colony and absolute value, and by colony and relative value (ranges;
 *   the bare colony-id index they replace is their prefix, which "Hide flagged values" probes);
 * - projects by name (the project filter names a project; projects are few, but the name is what
 *   is compared).
 * The single-column indexes whose column now leads a composite one are dropped: the composite
 * serves every query the old one did (docs/decisions/0037-colonies-pages-in-the-database.md).
 * One table per threshold kind of the registry at the time of writing (literal, never derived).
 */
export const filterIndexes: Migration = {
  statements: [
    `CREATE INDEX biosamples_colony_project_idx ON biosamples (colony_id, project_id)`,
    `CREATE INDEX biosamples_colony_date_idx ON biosamples (colony_id, collection_date)`,
    `CREATE INDEX biosamples_date_idx ON biosamples (collection_date)`,
    `DROP INDEX biosamples_colony_idx`,
    `CREATE INDEX projects_name_idx ON projects (name)`,
    ...['thermal_tolerances', 'breakpoint_temperatures', 'thermal_limits'].flatMap((table) => [
      `CREATE INDEX ${table}_colony_abs_idx ON ${table} (colony_id, abs_value)`,
      `CREATE INDEX ${table}_colony_rel_idx ON ${table} (colony_id, rel_value)`,
      `CREATE INDEX ${table}_abs_idx ON ${table} (abs_value)`,
      `CREATE INDEX ${table}_rel_idx ON ${table} (rel_value)`,
      `DROP INDEX ${table}_colony_idx`,
    ]),
  ],
};
