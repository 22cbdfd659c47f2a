import { sql, type Selectable } from 'kysely';
import type {
  AppDb,
  BiosamplesTable,
  ExperimentsTable,
  ObservationsTable,
  ProjectPublicationsTable,
  ProjectsTable,
  PublicationsTable,
  UsersTable,
} from '../../db/schema';
import { isPublicRow } from '../../db/visibility';

type Project = Selectable<ProjectsTable>;
type Biosample = Selectable<BiosamplesTable>;
type Experiment = Selectable<ExperimentsTable>;

export type ProjectRow = Pick<Project, 'id' | 'name' | 'description' | 'registration_date'> & {
  owner_username: Selectable<UsersTable>['username'] | null;
};

export type ProjectPublicationRow = Pick<Selectable<ProjectPublicationsTable>, 'project_id'> &
  Selectable<PublicationsTable>;

/** An observation with its biosample and experiment (joined columns renamed). */
export type ObservationRow = Pick<
  Selectable<ObservationsTable>,
  'id' | 'biosample_id' | 'experiment_id' | 'condition' | 'temperature' | 'timepoint' | 'pam_value'
> & {
  colony_id: Biosample['colony_id'];
  biosample_name: Biosample['name'];
  collection_date: Biosample['collection_date'];
  experiment_name: Experiment['name'];
  experiment_date: Experiment['date'];
};

/** What the colonies of one project hold (project list cards). */
export interface ProjectColonyFacts {
  project_id: number;
  colony_count: number;
  countries: string[];
  species: string[];
}

/** What the experiments (assays) of one project hold (project list cards). */
export interface ProjectExperimentFacts {
  project_id: number;
  sites: string[];
  first_date: string | null;
  last_date: string | null;
}

const projectColumns = sql`p.id, p.name, p.description, p.registration_date, u.username AS owner_username`;

/** A project is public while one of its datasets has a public version (decision 0012). */
const isPublicProject = sql`EXISTS (
  SELECT 1 FROM datasets d WHERE d.project_id = p.id AND d.public_version_id IS NOT NULL)`;

/** Every query here reads only the rows of public dataset versions. */
export const projectsRepository = {
  /** Distinct DOIs of the publications of each colony's projects (cart export, downloads). */
  async publicationDoisOfColonies(
    db: AppDb,
    colonyIds: readonly number[],
  ): Promise<{ colony_id: number; doi: string }[]> {
    if (colonyIds.length === 0) return [];
    const { rows } = await sql<{ colony_id: number; doi: string }>`
      SELECT DISTINCT b.colony_id, pub.doi
      FROM biosamples b
      JOIN project_publications pp ON pp.project_id = b.project_id
      JOIN publications pub ON pub.id = pp.publication_id
      WHERE b.colony_id = ANY(${[...colonyIds]}::int[]) AND pub.doi IS NOT NULL AND pub.doi <> ''
      ORDER BY b.colony_id, pub.doi
    `.execute(db);
    return rows;
  },

  async list(db: AppDb): Promise<ProjectRow[]> {
    const { rows } = await sql<ProjectRow>`
      SELECT ${projectColumns} FROM projects p LEFT JOIN users u ON u.id = p.owner_id
      WHERE ${isPublicProject}
      ORDER BY p.id
    `.execute(db);
    return rows;
  },

  async findById(db: AppDb, id: number): Promise<ProjectRow | undefined> {
    const { rows } = await sql<ProjectRow>`
      SELECT ${projectColumns} FROM projects p LEFT JOIN users u ON u.id = p.owner_id
      WHERE p.id = ${id} AND ${isPublicProject}
    `.execute(db);
    return rows[0];
  },

  /** Colony count, countries and species of every project, from its public biosamples. */
  async colonyFacts(db: AppDb): Promise<ProjectColonyFacts[]> {
    const { rows } = await sql<ProjectColonyFacts>`
      WITH project_colonies AS (
        SELECT DISTINCT b.project_id, c.id, c.country, c.species
        FROM biosamples b JOIN colonies c ON c.id = b.colony_id
        WHERE ${isPublicRow('b')} AND ${isPublicRow('c')}
      )
      SELECT project_id, count(*)::int AS colony_count,
             array_agg(DISTINCT country ORDER BY country) AS countries,
             array_agg(DISTINCT species ORDER BY species) AS species
      FROM project_colonies
      GROUP BY project_id
      ORDER BY project_id
    `.execute(db);
    return rows;
  },

  /** Distinct experiment names (the sites) and the first and last experiment date of every project. */
  async experimentFacts(db: AppDb): Promise<ProjectExperimentFacts[]> {
    const { rows } = await sql<ProjectExperimentFacts>`
      SELECT e.project_id, array_agg(DISTINCT e.name ORDER BY e.name) AS sites,
             min(e.date) AS first_date, max(e.date) AS last_date
      FROM experiments e
      WHERE ${isPublicRow('e')}
      GROUP BY e.project_id
      ORDER BY e.project_id
    `.execute(db);
    return rows;
  },

  /** Publications of the given projects (all projects when omitted). */
  async publications(db: AppDb, projectId?: number): Promise<ProjectPublicationRow[]> {
    const only = projectId === undefined ? sql`` : sql`AND pp.project_id = ${projectId}`;
    const { rows } = await sql<ProjectPublicationRow>`
      SELECT DISTINCT pp.project_id, pub.id, pub.title, pub.year, pub.doi
      FROM project_publications pp JOIN publications pub ON pub.id = pp.publication_id
      WHERE ${isPublicRow('pp')} ${only}
      ORDER BY pp.project_id, pub.id
    `.execute(db);
    return rows;
  },

  async experiments(db: AppDb, projectId: number) {
    const { rows } = await sql<{ id: number; name: string; date: string | null }>`
      SELECT e.id, e.name, e.date FROM experiments e
      WHERE e.project_id = ${projectId} AND ${isPublicRow('e')}
      ORDER BY e.date, e.id
    `.execute(db);
    return rows;
  },

  /** Colonies with at least one biosample in the project. */
  async colonyIds(db: AppDb, projectId: number): Promise<number[]> {
    const { rows } = await sql<{ colony_id: number }>`
      SELECT DISTINCT b.colony_id FROM biosamples b
      WHERE b.project_id = ${projectId} AND ${isPublicRow('b')}
      ORDER BY b.colony_id
    `.execute(db);
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
      WHERE e.project_id = ${projectId} AND ${isPublicRow('o')}
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
        AND ${isPublicRow('b')}
      ORDER BY p.id
    `.execute(db);
    return rows;
  },
};
