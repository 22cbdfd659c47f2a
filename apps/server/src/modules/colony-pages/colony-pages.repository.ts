import { sql } from 'kysely';
import { THRESHOLD_KIND_INFO, type EdProvenance, type ThresholdKind } from '@coral/core';
import type { AppDb } from '../../db/schema';
import { isPublicRow } from '../../db/visibility';
import { shownSpecies, shownSpeciesJoin } from '../../db/shown-species';

export interface ColonyPageRow {
  id: number;
  name: string;
  /** The name shown (a synonym under its accepted name, decision 0060). */
  species: string;
  /** The name as written. */
  verbatim_species: string;
  country: string;
  latitude: number;
  longitude: number;
  dataset_version_id: number;
}

export interface ColonyObservationRow {
  id: number;
  biosample_id: number;
  biosample_name: string;
  condition: string | null;
  timepoint: string | null;
  temperature: number | null;
  pam_value: number | null;
}

/** How one stored threshold was computed (decision 0032). */
export interface ThresholdProvenanceRow {
  id: number;
  ed_method: EdProvenance['method'];
  ed_model: EdProvenance['model'];
  ed_fit: EdProvenance['fit'];
  ed_software: string | null;
}

/** Every query reads only rows of public dataset versions (decision 0012, `visibility.ts`). */
export const colonyPagesRepository = {
  /** The colony when the public may see it; a draft, embargoed or withdrawn one is not found. */
  async findPublic(db: AppDb, id: number): Promise<ColonyPageRow | undefined> {
    const { rows } = await sql<ColonyPageRow>`
      SELECT c.id, c.name, ${shownSpecies('c')} AS species, c.species AS verbatim_species,
             c.country, c.latitude, c.longitude, c.dataset_version_id
      FROM colonies c ${shownSpeciesJoin('c')}
      WHERE c.id = ${id} AND ${isPublicRow('c')}
    `.execute(db);
    return rows[0];
  },

  /** The provenance of the colony's thresholds of one kind (the colony is public: so are they). */
  async thresholdProvenance(
    db: AppDb,
    kind: ThresholdKind,
    colonyId: number,
  ): Promise<ThresholdProvenanceRow[]> {
    const { rows } = await sql<ThresholdProvenanceRow>`
      SELECT t.id, t.ed_method, t.ed_model, t.ed_fit, t.ed_software
      FROM ${sql.table(THRESHOLD_KIND_INFO[kind].table)} t
      WHERE t.colony_id = ${colonyId}
    `.execute(db);
    return rows;
  },

  /** The PAM observations of the colony's biosamples, in the order the plot groups them. */
  async observations(db: AppDb, colonyId: number): Promise<ColonyObservationRow[]> {
    const { rows } = await sql<ColonyObservationRow>`
      SELECT o.id, b.id AS biosample_id, b.name AS biosample_name,
             o.condition, o.timepoint, o.temperature, o.pam_value
      FROM observations o JOIN biosamples b ON b.id = o.biosample_id
      WHERE b.colony_id = ${colonyId} AND ${isPublicRow('o')} AND ${isPublicRow('b')}
      ORDER BY o.condition, o.timepoint, o.temperature, o.id
    `.execute(db);
    return rows;
  },

  /** The projects holding the colony's biosamples. */
  async projects(db: AppDb, colonyId: number): Promise<{ id: number; name: string }[]> {
    const { rows } = await sql<{ id: number; name: string }>`
      SELECT DISTINCT p.id, p.name
      FROM biosamples b JOIN projects p ON p.id = b.project_id
      WHERE b.colony_id = ${colonyId} AND ${isPublicRow('b')}
      ORDER BY p.id
    `.execute(db);
    return rows;
  },
};
