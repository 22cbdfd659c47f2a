import { sql } from 'kysely';
import { THRESHOLD_KIND_INFO } from '@coral/core';
import type { AppDb } from '../../db/schema';
import { isPublicRow } from '../../db/visibility';
import { hasShownSpecies, shownSpecies, shownSpeciesJoin } from '../../db/shown-species';

export interface SpeciesColonyRow {
  id: number;
  country: string;
  latitude: number;
  longitude: number;
}

export interface SpeciesEd50Row {
  colony_id: number;
  condition: string | null;
  abs_value: number | null;
  rel_value: number | null;
  quality_flags: string[];
}

const ed50Table = THRESHOLD_KIND_INFO.ed50.table;

/**
 * Every query reads only public rows (db/visibility.ts): a species whose colonies are all in
 * drafts, embargoed or withdrawn datasets does not exist for these queries.
 */
/** A project holding colonies of the species. */
export interface SpeciesProjectRow {
  id: number;
  name: string;
  colony_count: number;
  sites: string[];
}

export const speciesRepository = {
  /** Each species with its number of public colonies, by name. */
  async list(db: AppDb): Promise<{ name: string; colony_count: number }[]> {
    const { rows } = await sql<{ name: string; colony_count: number }>`
      SELECT ${shownSpecies('c')} AS name, count(*)::int AS colony_count
      FROM colonies c ${shownSpeciesJoin('c')}
      WHERE ${isPublicRow('c')}
      GROUP BY 1
      ORDER BY 1
    `.execute(db);
    return rows;
  },

  async colonies(db: AppDb, species: string): Promise<SpeciesColonyRow[]> {
    const { rows } = await sql<SpeciesColonyRow>`
      SELECT c.id, c.country, c.latitude, c.longitude
      FROM colonies c
      WHERE ${hasShownSpecies('c', species)} AND ${isPublicRow('c')}
      ORDER BY c.id
    `.execute(db);
    return rows;
  },

  /** The species' ED50 entries, flagged ones included (the service decides what to leave out). */
  async ed50Entries(db: AppDb, species: string): Promise<SpeciesEd50Row[]> {
    const { rows } = await sql<Omit<SpeciesEd50Row, 'quality_flags'> & { flags: string }>`
      SELECT t.colony_id, t.condition, t.abs_value, t.rel_value,
             array_to_string(t.quality_flags, ',') AS flags
      FROM ${sql.table(ed50Table)} t
      JOIN colonies c ON c.id = t.colony_id
      WHERE ${hasShownSpecies('c', species)} AND ${isPublicRow('c')} AND ${isPublicRow('t')}
      ORDER BY t.colony_id, t.id
    `.execute(db);
    return rows.map(({ flags, ...row }) => ({
      ...row,
      quality_flags: flags === '' ? [] : flags.split(','),
    }));
  },

  /**
   * Projects holding the species' colonies (a colony is in a project through its biosamples), with
   * how many of its colonies and at which sites (experiment names, decision 0017): same-named
   * projects (4 × GlobalSearch_GBR) are told apart.
   */
  async projects(db: AppDb, species: string): Promise<SpeciesProjectRow[]> {
    const { rows } = await sql<SpeciesProjectRow>`
      SELECT p.id, p.name, count(DISTINCT c.id)::int AS colony_count,
             coalesce(array_agg(DISTINCT e.name ORDER BY e.name)
                      FILTER (WHERE e.name IS NOT NULL), '{}') AS sites
      FROM colonies c
      JOIN biosamples b ON b.colony_id = c.id
      JOIN projects p ON p.id = b.project_id
      LEFT JOIN observations o ON o.biosample_id = b.id
      LEFT JOIN experiments e ON e.id = o.experiment_id
      WHERE ${hasShownSpecies('c', species)} AND ${isPublicRow('c')} AND ${isPublicRow('b')}
      GROUP BY p.id, p.name
      ORDER BY p.name, p.id
    `.execute(db);
    return rows;
  },

  /** The datasets whose public version holds the species' colonies. */
  async datasets(
    db: AppDb,
    species: string,
  ): Promise<{ id: number; title: string; version: number }[]> {
    const { rows } = await sql<{ id: number; title: string; version: number }>`
      SELECT DISTINCT d.id, coalesce(v.metadata->>'title', '') AS title, v.number AS version
      FROM colonies c
      JOIN dataset_versions v ON v.id = c.dataset_version_id
      JOIN datasets d ON d.id = v.dataset_id
      WHERE ${hasShownSpecies('c', species)} AND ${isPublicRow('c')}
      ORDER BY title, d.id
    `.execute(db);
    return rows;
  },
};
