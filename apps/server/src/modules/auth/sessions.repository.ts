import { sql, type Selectable } from 'kysely';
import type { AppDb, SessionsTable, UsersTable } from '../../db/schema';

const seconds = (value: number) => sql<string>`(${value}::int * interval '1 second')`;

export type ActiveSessionRow = Pick<Selectable<SessionsTable>, 'user_id'> &
  Pick<Selectable<UsersTable>, 'username' | 'role' | 'orcid'> & {
    /** last_seen_at is older than the touch interval: time to record activity. */
    stale: boolean;
  };

export const sessionsRepository = {
  async insert(db: AppDb, idHash: string, userId: number, maxAgeSeconds: number): Promise<void> {
    await db
      .insertInto('sessions')
      .values({
        id_hash: idHash,
        user_id: userId,
        expires_at: sql<Date>`now() + ${seconds(maxAgeSeconds)}`,
      })
      .execute();
  },

  /** The session's user, if the session is within both lifetimes and the account is active. */
  async findActive(
    db: AppDb,
    idHash: string,
    idleTimeoutSeconds: number,
    touchAfterSeconds: number,
  ): Promise<ActiveSessionRow | undefined> {
    const { rows } = await sql<ActiveSessionRow>`
      SELECT s.user_id, u.username, u.role, u.orcid,
             s.last_seen_at < now() - ${seconds(touchAfterSeconds)} AS stale
      FROM sessions s JOIN users u ON u.id = s.user_id
      WHERE s.id_hash = ${idHash}
        AND s.expires_at > now()
        AND s.last_seen_at > now() - ${seconds(idleTimeoutSeconds)}
        AND u.is_active
    `.execute(db);
    return rows[0];
  },

  async touch(db: AppDb, idHash: string): Promise<void> {
    await db
      .updateTable('sessions')
      .set({ last_seen_at: sql<Date>`now()` })
      .where('id_hash', '=', idHash)
      .execute();
  },

  async delete(db: AppDb, idHash: string): Promise<void> {
    await db.deleteFrom('sessions').where('id_hash', '=', idHash).execute();
  },

  async deleteExpired(db: AppDb, idleTimeoutSeconds: number): Promise<void> {
    await sql`
      DELETE FROM sessions
      WHERE expires_at <= now() OR last_seen_at <= now() - ${seconds(idleTimeoutSeconds)}
    `.execute(db);
  },
};
