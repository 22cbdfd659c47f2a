import type { AppDb } from '../../db/schema';

export const serverSecretsRepository = {
  /**
   * The stored value of a named secret, storing `candidate` first if there is none yet. Several
   * processes starting together all end up with the same value.
   */
  async getOrCreate(db: AppDb, name: string, candidate: string): Promise<string> {
    await db
      .insertInto('server_secrets')
      .values({ name, value: candidate })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    const row = await db
      .selectFrom('server_secrets')
      .select('value')
      .where('name', '=', name)
      .executeTakeFirstOrThrow();
    return row.value;
  },
};
