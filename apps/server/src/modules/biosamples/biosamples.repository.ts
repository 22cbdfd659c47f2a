import { sql } from 'kysely';
import type { AppDb } from '../../db/database';
import { isPublicRow } from '../../db/visibility';

export const biosamplesRepository = {
  /** The biosamples of the public dataset versions. */
  async list(db: AppDb) {
    const { rows } = await sql<{
      id: number;
      name: string;
      collection_date: string | null;
      colony: number;
      project: number;
    }>`
      SELECT b.id, b.name, b.collection_date, b.colony_id AS colony, b.project_id AS project
      FROM biosamples b WHERE ${isPublicRow('b')} ORDER BY b.id
    `.execute(db);
    return rows;
  },
};
