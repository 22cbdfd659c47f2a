import { sql } from 'kysely';
import type { AppDb } from '../../db/database';

export interface ProjectRow {
  id: number;
  name: string;
  description: string;
  registration_date: string;
  owner_username: string | null;
}

export interface ProjectPublicationRow {
  project_id: number;
  id: number;
  title: string;
  year: number | null;
  doi: string | null;
}

export interface ObservationRow {
  id: number;
  colony_id: number;
  biosample_id: number;
  biosample_name: string;
  collection_date: string | null;
  experiment_id: number;
  experiment_name: string;
  experiment_date: string | null;
  condition: string | null;
  temperature: number | null;
  timepoint: string | null;
  pam_value: number | null;
}

const projectColumns = sql`p.id, p.name, p.description, p.registration_date, u.username AS owner_username`;

export const projectsRepository = {
  async list(db: AppDb): Promise<ProjectRow[]> {
    const { rows } = await sql<ProjectRow>`
      SELECT ${projectColumns} FROM projects p LEFT JOIN users u ON u.id = p.owner_id ORDER BY p.id
    `.execute(db);
    return rows;
  },

  async findById(db: AppDb, id: number): Promise<ProjectRow | undefined> {
    const { rows } = await sql<ProjectRow>`
      SELECT ${projectColumns} FROM projects p LEFT JOIN users u ON u.id = p.owner_id WHERE p.id = ${id}
    `.execute(db);
    return rows[0];
  },

  /** Publications of the given projects (all projects when omitted). */
  async publications(db: AppDb, projectId?: number): Promise<ProjectPublicationRow[]> {
    const only = projectId === undefined ? sql`` : sql`WHERE pp.project_id = ${projectId}`;
    const { rows } = await sql<ProjectPublicationRow>`
      SELECT pp.project_id, pub.id, pub.title, pub.year, pub.doi
      FROM project_publications pp JOIN publications pub ON pub.id = pp.publication_id
      ${only}
      ORDER BY pp.project_id, pub.id
    `.execute(db);
    return rows;
  },

  async experiments(db: AppDb, projectId: number) {
    return db
      .selectFrom('experiments')
      .select(['id', 'name', 'date'])
      .where('project_id', '=', projectId)
      .orderBy('date')
      .orderBy('id')
      .execute();
  },

  /** Colonies with at least one biosample in the project. */
  async colonyIds(db: AppDb, projectId: number): Promise<number[]> {
    const rows = await db
      .selectFrom('biosamples')
      .select('colony_id')
      .distinct()
      .where('project_id', '=', projectId)
      .orderBy('colony_id')
      .execute();
    return rows.map((r) => r.colony_id);
  },

  async observations(db: AppDb, projectId: number): Promise<ObservationRow[]> {
    const { rows } = await sql<ObservationRow>`
      SELECT o.id, b.colony_id, b.id AS biosample_id, b.name AS biosample_name, b.collection_date,
             e.id AS experiment_id, e.name AS experiment_name, e.date AS experiment_date,
             o.condition, o.temperature, o.timepoint, o.pam_value
      FROM observations o
      JOIN experiments e ON e.id = o.experiment_id
      JOIN biosamples b ON b.id = o.biosample_id
      WHERE e.project_id = ${projectId}
      ORDER BY o.id
    `.execute(db);
    return rows;
  },

  /** Other projects holding biosamples of the given colonies. */
  async otherProjectsOfColonies(db: AppDb, projectId: number, colonyIds: readonly number[]) {
    if (colonyIds.length === 0) return [];
    const { rows } = await sql<{ colony_id: number; id: number; name: string }>`
      SELECT DISTINCT b.colony_id, p.id, p.name
      FROM biosamples b JOIN projects p ON p.id = b.project_id
      WHERE b.colony_id = ANY(${[...colonyIds]}::int[]) AND p.id <> ${projectId}
      ORDER BY p.id
    `.execute(db);
    return rows;
  },
};
