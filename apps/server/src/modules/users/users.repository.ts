import type { UserRole } from '@coral/core';
import type { Selectable } from 'kysely';
import type { AppDb, UsersTable } from '../../db/schema';

export type UserRow = Pick<
  Selectable<UsersTable>,
  'id' | 'username' | 'password_hash' | 'is_active' | 'role'
>;

export const usersRepository = {
  async findByUsername(db: AppDb, username: string): Promise<UserRow | undefined> {
    return db
      .selectFrom('users')
      .select(['id', 'username', 'password_hash', 'is_active', 'role'])
      .where('username', '=', username)
      .executeTakeFirst();
  },

  /** The new user's id, or undefined when the username is taken. */
  async insert(db: AppDb, username: string, passwordHash: string): Promise<number | undefined> {
    const row = await db
      .insertInto('users')
      .values({ username, password_hash: passwordHash })
      .onConflict((oc) => oc.column('username').doNothing())
      .returning('id')
      .executeTakeFirst();
    return row?.id;
  },

  async setPasswordHash(db: AppDb, userId: number, passwordHash: string): Promise<void> {
    await db
      .updateTable('users')
      .set({ password_hash: passwordHash })
      .where('id', '=', userId)
      .execute();
  },

  async setRole(db: AppDb, userId: number, role: UserRole): Promise<void> {
    await db.updateTable('users').set({ role }).where('id', '=', userId).execute();
  },

  async setActive(db: AppDb, userId: number, active: boolean): Promise<void> {
    await db.updateTable('users').set({ is_active: active }).where('id', '=', userId).execute();
  },

  /** Ends every session of the account (a stolen session must not outlive the change). */
  async deleteSessions(db: AppDb, userId: number): Promise<void> {
    await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
  },
};
