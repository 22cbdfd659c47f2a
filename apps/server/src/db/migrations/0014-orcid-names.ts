import type { Migration } from './migration';

/**
 * The name an account's ORCID record gives (decision 0050): the ID token's name, kept when an iD
 * is linked or an account is made by an ORCID sign-in, so that an uploader is credited as a
 * creator under their name, never under their username. Null until then, and when unlinked.
 */
export const orcidNames: Migration = {
  statements: [
    `ALTER TABLE users ADD COLUMN orcid_name text CHECK (char_length(orcid_name) BETWEEN 1 AND 200)`,
  ],
};
