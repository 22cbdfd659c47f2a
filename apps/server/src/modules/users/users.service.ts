import { USER_ROLES, type UserRole } from '@coral/core';
import type { AppDb } from '../../db/schema';
import { hashPassword, passwordProblem, verifyPassword } from './passwords';
import { usersRepository as repo, type UserRow } from './users.repository';

/** Letters, digits and @ . + - _ (as Django), 1–150 characters. */
const USERNAME_PATTERN = /^[A-Za-z0-9@.+_-]{1,150}$/;

/** A refused account change, with a message for the administrator. */
export class UserAdminError extends Error {}

/** Why a username cannot be used, or null. */
export function usernameProblem(username: string): string | null {
  return USERNAME_PATTERN.test(username)
    ? null
    : 'A username is 1–150 letters, digits or @ . + - _ characters.';
}

function checkPassword(password: string) {
  const problem = passwordProblem(password);
  if (problem) throw new UserAdminError(problem);
}

async function existingUser(db: AppDb, username: string) {
  const user = await repo.findByUsername(db, username);
  if (!user) throw new UserAdminError(`There is no user named "${username}".`);
  return user;
}

/**
 * Account administration (accounts are granted by administrators through the CLI; there is no
 * sign-up endpoint). Every change that could leave a stolen session alive ends the user's
 * sessions.
 */
export const usersService = {
  async create(db: AppDb, username: string, password: string): Promise<number> {
    const problem = usernameProblem(username);
    if (problem) throw new UserAdminError(problem);
    checkPassword(password);
    if (await repo.findByUsername(db, username)) {
      throw new UserAdminError(
        `The user "${username}" already exists. Use user:passwd to set a new password.`,
      );
    }
    const id = await repo.insert(db, username, await hashPassword(password));
    if (id === undefined) throw new UserAdminError(`The user "${username}" already exists.`);
    return id;
  },

  /** Sets a new password (also how a seed project owner without a password gets one). */
  async setPassword(db: AppDb, username: string, password: string): Promise<{ active: boolean }> {
    checkPassword(password);
    const user = await existingUser(db, username);
    const passwordHash = await hashPassword(password);
    await db.transaction().execute(async (trx) => {
      await repo.setPasswordHash(trx, user.id, passwordHash);
      await repo.deleteSessions(trx, user.id);
    });
    return { active: user.is_active };
  },

  async disable(db: AppDb, username: string): Promise<void> {
    const user = await existingUser(db, username);
    await db.transaction().execute(async (trx) => {
      await repo.setActive(trx, user.id, false);
      await repo.deleteSessions(trx, user.id);
    });
  },

  async enable(db: AppDb, username: string): Promise<{ hasPassword: boolean }> {
    const user = await existingUser(db, username);
    await repo.setActive(db, user.id, true);
    return { hasPassword: user.password_hash !== null };
  },

  /**
   * Grants a role (contributor, curator, admin) and ends the user's sessions, so that the
   * change applies at their next login and a stolen session does not keep the old rights.
   */
  async setRole(db: AppDb, username: string, role: string): Promise<{ previous: UserRole }> {
    if (!(USER_ROLES as readonly string[]).includes(role)) {
      throw new UserAdminError(`Unknown role "${role}": use ${USER_ROLES.join(', ')}.`);
    }
    const user = await existingUser(db, username);
    await db.transaction().execute(async (trx) => {
      await repo.setRole(trx, user.id, role as UserRole);
      await repo.deleteSessions(trx, user.id);
    });
    return { previous: user.role };
  },

  /** The account of a username, if there is one (never its password hash). */
  async find(db: AppDb, username: string): Promise<Omit<UserRow, 'password_hash'> | undefined> {
    const user = await repo.findByUsername(db, username);
    return (
      user && { id: user.id, username: user.username, is_active: user.is_active, role: user.role }
    );
  },

  /**
   * The active account a username and password log in to, or null. One argon2 verification
   * whatever the case (unknown user, wrong password, account without a password, disabled
   * account), so neither the answer nor its timing tells whether the account exists.
   */
  async verifyLogin(
    db: AppDb,
    username: string,
    password: string,
  ): Promise<{ id: number; username: string } | null> {
    const user = await repo.findByUsername(db, username);
    const matches = await verifyPassword(user?.password_hash ?? null, password);
    if (!user || !matches || !user.is_active) return null;
    return { id: user.id, username: user.username };
  },
};
