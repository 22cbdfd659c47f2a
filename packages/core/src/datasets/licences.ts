/**
 * The licences a dataset can carry: the three GBIF and OBIS accept, so that every dataset here
 * can also be published there. Listed from the least to the most restrictive (the order the
 * metadata form offers them in).
 */
export const LICENCES = {
  'CC0-1.0': {
    name: 'CC0 1.0 Universal (public domain dedication)',
    shortName: 'CC0 1.0',
    url: 'https://creativecommons.org/publicdomain/zero/1.0/',
    plain: 'No rights reserved: anyone may use the data for any purpose; citing is good practice.',
  },
  'CC-BY-4.0': {
    name: 'Creative Commons Attribution 4.0 International',
    shortName: 'CC BY 4.0',
    url: 'https://creativecommons.org/licenses/by/4.0/',
    plain: 'Anyone may use the data for any purpose, provided the dataset is cited.',
  },
  'CC-BY-NC-4.0': {
    name: 'Creative Commons Attribution-NonCommercial 4.0 International',
    shortName: 'CC BY-NC 4.0',
    url: 'https://creativecommons.org/licenses/by-nc/4.0/',
    plain: 'Anyone may use the data with citation, but not for commercial purposes.',
  },
} as const;

/** SPDX identifier of a licence. */
export type LicenceId = keyof typeof LICENCES;
export const LICENCE_IDS = Object.keys(LICENCES) as [LicenceId, ...LicenceId[]];

/** What a dataset imported before licences existed shows (the seed): its licence was never stated. */
export const LICENCE_NOT_STATED = 'Licence not stated';

/**
 * The distinct licences of some datasets, the most restrictive first (what a user of all of them
 * must respect comes first). Null — a licence never stated — leads: without a licence, nothing is
 * granted beyond what the law allows.
 */
export function licencesMostRestrictiveFirst(
  licences: Iterable<LicenceId | null>,
): (LicenceId | null)[] {
  const rank = (licence: LicenceId | null) =>
    licence === null ? LICENCE_IDS.length : LICENCE_IDS.indexOf(licence);
  return [...new Set(licences)].sort((a, b) => rank(b) - rank(a));
}

/** What "licence not stated" means for a reader (the footer and the /cite page explain it). */
export const LICENCE_NOT_STATED_PLAIN =
  'Imported before the platform recorded licences; the source states none and the platform does not invent one. Cite the dataset, and ask its creators before reusing the data beyond research.';
