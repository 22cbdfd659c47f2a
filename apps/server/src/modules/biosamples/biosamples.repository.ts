import type { AppDb } from '../../db/database';

export const biosamplesRepository = {
  list(db: AppDb) {
    return db
      .selectFrom('biosamples')
      .select(['id', 'name', 'collection_date', 'colony_id as colony', 'project_id as project'])
      .orderBy('id')
      .execute();
  },
};
