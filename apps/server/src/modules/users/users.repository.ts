import type { AppDb } from '../../db/database';

export interface UserRow {
  id: number;
  username: string;
  password_hash: string | null;
  is_active: boolean;
}

export const usersRepository = {
  async findByUsername(db: AppDb, username: string): Promise<UserRow | undefined> {
    return db
      .selectFrom('users')
      .select(['id', 'username', 'password_hash', 'is_active'])
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

  async setActive(db: AppDb, userId: number, active: boolean): Promise<void> {
    await db.updateTable('users').set({ is_active: active }).where('id', '=', userId).execute();
  },
};
