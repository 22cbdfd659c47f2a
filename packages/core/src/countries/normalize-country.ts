import { ISO_3166_COUNTRIES } from './iso-3166';

export interface Country {
  alpha2: string;
  alpha3: string;
  name: string;
}

/**
 * Codes researchers actually write that are not ISO 3166 (seen in real datasheets: "UAE"),
 * mapped to the ISO alpha-3 code they mean.
 */
const COMMON_NON_ISO_CODES: Record<string, string> = {
  UAE: 'ARE',
  UK: 'GBR',
  USA: 'USA',
  KSA: 'SAU',
};

const byCode = new Map<string, Country>();
const byName = new Map<string, Country>();
for (const [alpha2, alpha3, name] of ISO_3166_COUNTRIES) {
  const country = { alpha2, alpha3, name };
  byCode.set(alpha2, country);
  byCode.set(alpha3, country);
  byName.set(name.toLowerCase(), country);
}

/**
 * Resolves a country as written in a datasheet (ISO alpha-2, alpha-3, a common non-ISO code
 * or the English name, any case) to its ISO 3166 entry, or `undefined` when unknown.
 */
export function findCountry(input: string | null | undefined): Country | undefined {
  const trimmed = input?.trim() ?? '';
  if (trimmed === '') return undefined;
  const upper = trimmed.toUpperCase();
  const alias = COMMON_NON_ISO_CODES[upper];
  return byCode.get(alias ?? upper) ?? byName.get(trimmed.toLowerCase());
}

/** The ISO alpha-3 code for a country as written, or `undefined` when it is not recognised. */
export function toAlpha3(input: string | null | undefined): string | undefined {
  return findCountry(input)?.alpha3;
}

/** English name for display; falls back to the code itself for unknown values. */
export function countryName(code: string): string {
  return findCountry(code)?.name ?? code;
}
