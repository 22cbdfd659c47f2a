import { sql } from 'kysely';
import type { AppDb } from '../../db/schema';

export interface OrcidAccountRow {
  id: number;
  username: string;
  is_active: boolean;
  orcid: string | null;
  has_password: boolean;
}

const accountColumns = (db: AppDb) =>
  db
    .selectFrom('users')
    .select(['id', 'username', 'is_active', 'orcid'])
    .select(sql<boolean>`password_hash IS NOT NULL`.as('has_password'));

/** Accounts by ORCID iD, approvals of iDs (decision 0029). */
export const orcidSignInRepository = {
  async accountByOrcid(db: AppDb, orcid: string): Promise<OrcidAccountRow | undefined> {
    return accountColumns(db).where('orcid', '=', orcid).executeTakeFirst();
  },

  async accountById(db: AppDb, userId: number): Promise<OrcidAccountRow | undefined> {
    return accountColumns(db).where('id', '=', userId).executeTakeFirst();
  },

  /** Locks the account row, so two links of one account cannot cross. */
  async lockAccount(db: AppDb, userId: number): Promise<OrcidAccountRow | undefined> {
    return accountColumns(db).where('id', '=', userId).forUpdate().executeTakeFirst();
  },

  /** Links an iD with the name its record gives, or unlinks both (null). */
  async setOrcid(
    db: AppDb,
    userId: number,
    orcid: { id: string; name: string | null } | null,
  ): Promise<void> {
    await db
      .updateTable('users')
      .set({ orcid: orcid?.id ?? null, orcid_name: orcid?.name ?? null })
      .where('id', '=', userId)
      .execute();
  },

  /** Usernames equal to `base` or `base-<n>` (to pick the first free one). */
  async usernamesLike(db: AppDb, base: string): Promise<string[]> {
    const escaped = base.replace(/[\\%_]/g, (c) => `\\${c}`);
    const rows = await db
      .selectFrom('users')
      .select('username')
      .where((eb) => eb.or([eb('username', '=', base), eb('username', 'like', `${escaped}-%`)]))
      .execute();
    return rows.map((row) => row.username);
  },

  /**
   * A new account linked to the iD and without a password (it logs in through ORCID until an
   * administrator sets one); undefined when the username was taken meanwhile.
   */
  async insertAccount(
    db: AppDb,
    username: string,
    orcid: { id: string; name: string | null },
  ): Promise<number | undefined> {
    const row = await db
      .insertInto('users')
      .values({ username, password_hash: null, orcid: orcid.id, orcid_name: orcid.name })
      .onConflict((oc) => oc.column('username').doNothing())
      .returning('id')
      .executeTakeFirst();
    return row?.id;
  },

  /** True when the iD was not approved before. */
  async approve(db: AppDb, orcid: string): Promise<boolean> {
    const row = await db
      .insertInto('orcid_approvals')
      .values({ orcid })
      .onConflict((oc) => oc.column('orcid').doNothing())
      .returning('orcid')
      .executeTakeFirst();
    return row !== undefined;
  },

  /**
   * Removes the approval; true when this call removed it. Two sign-ins racing on one approval:
   * only one of them gets true (the row is deleted once), so one approval makes one account.
   */
  async takeApproval(db: AppDb, orcid: string): Promise<boolean> {
    const row = await db
      .deleteFrom('orcid_approvals')
      .where('orcid', '=', orcid)
      .returning('orcid')
      .executeTakeFirst();
    return row !== undefined;
  },
};
