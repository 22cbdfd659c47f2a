/**
 * How a CBASS assay was run, as controlled choices with "other": what a reader needs before
 * comparing thresholds across datasets (a longer hold gives lower ED50s). The hold duration and
 * the meaning of each timepoint are recorded next to the profile.
 */
export const RAMP_HOLD_PROFILES = {
  cbass_standard: {
    label: 'CBASS standard: 3 h ramp up, 3 h hold, 1 h ramp down, overnight recovery',
    study: 'Voolstra et al. 2020, Global Change Biology 26: 4328–4343',
  },
  other: { label: 'Other (describe)', study: null },
} as const;
export type RampHoldProfile = keyof typeof RAMP_HOLD_PROFILES;
export const RAMP_HOLD_PROFILE_IDS = Object.keys(RAMP_HOLD_PROFILES) as [
  RampHoldProfile,
  ...RampHoldProfile[],
];

export const PAM_INSTRUMENTS = {
  walz_imaging_pam_maxi: { label: 'Walz IMAGING-PAM (MAXI)' },
  walz_imaging_pam_mini: { label: 'Walz IMAGING-PAM (MINI)' },
  walz_diving_pam_ii: { label: 'Walz DIVING-PAM-II' },
  walz_junior_pam: { label: 'Walz JUNIOR-PAM' },
  walz_mini_pam_ii: { label: 'Walz MINI-PAM-II' },
  other: { label: 'Other (name it)' },
} as const;
export type PamInstrument = keyof typeof PAM_INSTRUMENTS;
export const PAM_INSTRUMENT_IDS = Object.keys(PAM_INSTRUMENTS) as [
  PamInstrument,
  ...PamInstrument[],
];

/** The timepoint CBASS papers measure at: 420 min after the start of the ramp (7 h). */
export const STANDARD_TIMEPOINT_MEANING =
  'Minutes after the start of the heat ramp; 420 is the standard CBASS measurement after dark acclimation.';
