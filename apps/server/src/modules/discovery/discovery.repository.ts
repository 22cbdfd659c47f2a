import { sql } from 'kysely';
import type { AppDb } from '../../db/schema';
import { isPublicRow, isPublicVersion } from '../../db/visibility';

/** What the page heads and the sitemap need to know, of public data only (decision 0012). */
export const discoveryRepository = {
  /** A project with public data: its name, description and public colonies. */
  async project(db: AppDb, id: number) {
    const result = await sql<{ name: string; description: string; colonies: number }>`
      SELECT p.name, p.description,
             (SELECT count(DISTINCT b.colony_id)::int FROM biosamples b
              WHERE b.project_id = p.id AND ${isPublicRow('b')}) AS colonies
      FROM projects p
      WHERE p.id = ${id}
        AND EXISTS (SELECT 1 FROM biosamples b WHERE b.project_id = p.id AND ${isPublicRow('b')})`.execute(
      db,
    );
    return result.rows[0] ?? null;
  },

  async colony(db: AppDb, id: number) {
    const result = await sql<{ name: string; species: string; country: string }>`
      SELECT c.name, c.species, c.country FROM colonies c
      WHERE c.id = ${id} AND ${isPublicRow('c')}`.execute(db);
    return result.rows[0] ?? null;
  },

  async speciesColonies(db: AppDb, name: string): Promise<number> {
    const result = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM colonies c
      WHERE c.species = ${name} AND ${isPublicRow('c')}`.execute(db);
    return result.rows[0]?.n ?? 0;
  },

  /** Where and when a version's colonies were sampled (JSON-LD coverage). */
  async versionExtent(db: AppDb, versionId: number) {
    const result = await sql<{
      south: number | null;
      west: number | null;
      north: number | null;
      east: number | null;
      first: string | null;
      last: string | null;
    }>`
      SELECT min(c.latitude) AS south, min(c.longitude) AS west,
             max(c.latitude) AS north, max(c.longitude) AS east,
             (SELECT min(b.collection_date)::text FROM biosamples b
              WHERE b.dataset_version_id = ${versionId}) AS first,
             (SELECT max(b.collection_date)::text FROM biosamples b
              WHERE b.dataset_version_id = ${versionId}) AS last
      FROM colonies c WHERE c.dataset_version_id = ${versionId}`.execute(db);
    return result.rows[0] ?? null;
  },

  /** The public pages a sitemap lists: dataset versions readers see, projects, species, colonies. */
  async sitemap(db: AppDb) {
    const [versions, projects, species, colonies] = await Promise.all([
      sql<{ dataset_id: number; number: number; published_at: Date | null }>`
        SELECT v.dataset_id, v.number, v.published_at FROM dataset_versions v
        WHERE ${isPublicVersion('v')} ORDER BY v.dataset_id`.execute(db),
      sql<{ id: number }>`
        SELECT DISTINCT b.project_id AS id FROM biosamples b WHERE ${isPublicRow('b')}
        ORDER BY 1`.execute(db),
      sql<{ name: string }>`
        SELECT DISTINCT c.species AS name FROM colonies c WHERE ${isPublicRow('c')}
        ORDER BY 1`.execute(db),
      sql<{ id: number }>`
        SELECT c.id FROM colonies c WHERE ${isPublicRow('c')} ORDER BY 1`.execute(db),
    ]);
    return {
      versions: versions.rows,
      projects: projects.rows.map((r) => r.id),
      species: species.rows.map((r) => r.name),
      colonies: colonies.rows.map((r) => r.id),
    };
  },
};
