import type { Migration } from './migration';

/**
 * Fit-level provenance of ED values (decision 0032): how each stored threshold
 * was computed. `ed_method` 'refit' (the platform's engine reproduces the value from the upload's
 * PAM data) or 'submitted' (as the submitter gave it); model, fit and software are known only for
 * refit values. Rows stored before this migration were not refitted for provenance: they keep
 * the default 'submitted', which is what they are (seed values and uploaded ED files).
 * One table per threshold kind of the registry at the time of writing (literal, never derived).
 */
export const edProvenance: Migration = {
  statements: ['thermal_tolerances', 'breakpoint_temperatures', 'thermal_limits'].map(
    (table) => `ALTER TABLE ${table}
      ADD COLUMN ed_method text NOT NULL DEFAULT 'submitted'
        CHECK (ed_method IN ('refit', 'submitted')),
      ADD COLUMN ed_model text,
      ADD COLUMN ed_fit text CHECK (ed_fit IN ('joint', 'per-colony')),
      ADD COLUMN ed_software text,
      ADD CONSTRAINT ${table}_ed_refit_known
        CHECK (ed_method = 'submitted' OR (ed_model IS NOT NULL AND ed_fit IS NOT NULL AND ed_software IS NOT NULL))`,
  ),
};
