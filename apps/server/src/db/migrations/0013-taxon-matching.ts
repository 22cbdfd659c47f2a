import type { Migration } from './migration';

/**
 * Species names matched against WoRMS (docs/decisions/0049-taxon-matching.md).
 * - `taxon_names`: one row per species name as written in the data (the key colonies join on),
 *   with WoRMS' answer once it came: `checked_at` null means "not yet checked". Every answer is
 *   kept (the matched name's AphiaID and LSID, the accepted name and id, WoRMS' status, rank and
 *   classification, the match type), so a name is asked once, and a failed attempt is counted.
 * - `local_taxa`: a WoRMS Darwin Core taxon export loaded by `npm run cli -- taxa:import`, matched
 *   against before (or, with WORMS_API_URL=off, instead of) the REST API.
 * Literal SQL, never derived from live code.
 */
export const taxonMatching: Migration = {
  statements: [
    `CREATE TABLE taxon_names (
      name text PRIMARY KEY,
      status text NOT NULL DEFAULT 'unchecked'
        CHECK (status IN ('unchecked', 'accepted', 'synonym', 'near', 'none')),
      source text CHECK (source IN ('worms', 'local')),
      match_type text,
      aphia_id integer,
      lsid text,
      matched_name text,
      authority text,
      worms_status text,
      rank text,
      accepted_aphia_id integer,
      accepted_name text,
      kingdom text,
      phylum text,
      class text,
      "order" text,
      family text,
      genus text,
      checked_at timestamptz,
      attempts integer NOT NULL DEFAULT 0,
      last_error text,
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK ((status = 'unchecked') = (checked_at IS NULL))
    )`,
    `CREATE INDEX taxon_names_unchecked_idx ON taxon_names (created_at) WHERE checked_at IS NULL`,
    `CREATE TABLE local_taxa (
      taxon_id integer PRIMARY KEY,
      scientific_name text NOT NULL,
      name_key text NOT NULL,
      authority text,
      scientific_name_id text,
      accepted_taxon_id integer,
      accepted_name text,
      taxonomic_status text,
      rank text,
      kingdom text,
      phylum text,
      class text,
      "order" text,
      family text,
      genus text
    )`,
    `CREATE INDEX local_taxa_name_key_idx ON local_taxa (name_key)`,
  ],
};
