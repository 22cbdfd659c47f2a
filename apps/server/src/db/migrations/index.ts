import type { Migration } from './migration';
import { initialSchema } from './0001-initial-schema';

/** Every migration, in order. Names are permanent: never rename or edit one that has shipped. */
export const migrations: Readonly<Record<string, Migration>> = {
  '0001-initial-schema': initialSchema,
};
