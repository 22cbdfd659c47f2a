import { z } from 'zod';
import { ConfigError } from './config-error';
import { emptyAsUndefined, httpUrl, optionalString } from './variables';

/** DOI registration at DataCite (decision 0012): off unless the account's settings are given. */
export const DataCiteVariables = z.object({
  /** DataCite REST API (DOI registration); the test API unless a production one is given. */
  DATACITE_API_URL: z.preprocess(
    emptyAsUndefined,
    httpUrl().default('https://api.test.datacite.org'),
  ),
  /** The DataCite repository account (e.g. ABC.CORALS); with its password and prefix, DOIs are registered. */
  DATACITE_REPOSITORY_ID: optionalString,
  DATACITE_PASSWORD: optionalString,
  DATACITE_PREFIX: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^10\.\d{4,9}$/, 'must be a DOI prefix such as 10.12345')
      .optional(),
  ),
});

export interface DataCiteConfig {
  apiUrl: string;
  repositoryId: string;
  password: string;
  /** DOIs are `<prefix>/coral.<dataset>.v<version>`. */
  prefix: string;
}

const DATACITE_SETTINGS = [
  'DATACITE_REPOSITORY_ID',
  'DATACITE_PASSWORD',
  'DATACITE_PREFIX',
] as const;

/** All three DataCite settings, or none: a half-configured registration would fail on every publish. */
export function dataCiteConfig(e: z.output<typeof DataCiteVariables>): DataCiteConfig | null {
  const given = DATACITE_SETTINGS.filter((name) => e[name] !== undefined);
  if (given.length === 0) return null;
  if (given.length < DATACITE_SETTINGS.length) {
    const missing = DATACITE_SETTINGS.filter((name) => e[name] === undefined);
    throw new ConfigError(
      `Invalid configuration: DOI registration needs ${DATACITE_SETTINGS.join(', ')}; ` +
        `missing ${missing.join(', ')} (or unset ${given.join(', ')} to register no DOIs)`,
    );
  }
  return {
    apiUrl: e.DATACITE_API_URL.replace(/\/+$/, ''),
    repositoryId: e.DATACITE_REPOSITORY_ID!,
    password: e.DATACITE_PASSWORD!,
    prefix: e.DATACITE_PREFIX!,
  };
}
