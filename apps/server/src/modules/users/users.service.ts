import type { AppDb } from '../../db/database';
import { sessionsRepository } from '../auth/sessions.repository';
import { hashPassword, passwordProblem } from './passwords';
import { usersRepository as repo } from './users.repository';

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
      await sessionsRepository.deleteForUser(trx, user.id);
    });
    return { active: user.is_active };
  },

  async disable(db: AppDb, username: string): Promise<void> {
    const user = await existingUser(db, username);
    await db.transaction().execute(async (trx) => {
      await repo.setActive(trx, user.id, false);
      await sessionsRepository.deleteForUser(trx, user.id);
    });
  },

  async enable(db: AppDb, username: string): Promise<{ hasPassword: boolean }> {
    const user = await existingUser(db, username);
    await repo.setActive(db, user.id, true);
    return { hasPassword: user.password_hash !== null };
  },
};
