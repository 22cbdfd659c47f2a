import { z } from 'zod';
import { ConfigError } from './config-error';
import { optionalHttpUrl, optionalString } from './variables';

/** "Sign in with ORCID" (decision 0029): on with a client id and secret; issuer orcid.org. */
export const OrcidVariables = z.object({
  ORCID_ISSUER: optionalHttpUrl,
  ORCID_CLIENT_ID: optionalString,
  ORCID_CLIENT_SECRET: optionalString,
});

/** AppConfig's `orcid`; null (the default: no button, the routes answer 404) when not configured. */
export interface OrcidConfig {
  /** The OpenID Connect issuer (https://orcid.org, or https://sandbox.orcid.org for trials). */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Where ORCID sends researchers back: PUBLIC_URL + the callback route (register it at ORCID). */
  redirectUri: string;
}

/** The callback route under PUBLIC_URL (the redirect URI registered with the provider). */
export const ORCID_CALLBACK_PATH = '/api/auth/orcid/callback/';

/**
 * ORCID sign-in needs its client id and secret together (one without the other would fail at
 * every sign-in); an issuer alone is a forgotten half. In production the issuer must be https and
 * PUBLIC_URL set: the redirect URI registered at ORCID is made from it, and a localhost default
 * would send researchers nowhere.
 */
export function orcidConfig(
  env: z.output<typeof OrcidVariables> & { NODE_ENV: string; PUBLIC_URL?: string | undefined },
  /** PUBLIC_URL without a trailing slash, or its default. */
  publicUrl: string,
): OrcidConfig | null {
  const { ORCID_ISSUER: issuer, ORCID_CLIENT_ID: clientId, ORCID_CLIENT_SECRET: secret } = env;
  if (clientId === undefined && secret === undefined) {
    if (issuer === undefined) return null;
    throw new ConfigError(
      'Invalid configuration: ORCID_ISSUER is set but ORCID_CLIENT_ID and ORCID_CLIENT_SECRET ' +
        'are not (set both to offer "Sign in with ORCID", or unset ORCID_ISSUER)',
    );
  }
  if (clientId === undefined || secret === undefined) {
    throw new ConfigError(
      `Invalid configuration: "Sign in with ORCID" needs ORCID_CLIENT_ID and ORCID_CLIENT_SECRET; ` +
        `missing ${clientId === undefined ? 'ORCID_CLIENT_ID' : 'ORCID_CLIENT_SECRET'}`,
    );
  }
  // As given: discovery compares it with the provider's own issuer, trailing slash included.
  const chosenIssuer = issuer ?? 'https://orcid.org';
  if (env.NODE_ENV === 'production') {
    if (!chosenIssuer.startsWith('https://')) {
      throw new ConfigError(
        'Invalid configuration: ORCID_ISSUER must be an https:// URL when NODE_ENV=production',
      );
    }
    if (env.PUBLIC_URL === undefined) {
      throw new ConfigError(
        `Invalid configuration: "Sign in with ORCID" needs PUBLIC_URL when NODE_ENV=production ` +
          `(ORCID sends researchers back to PUBLIC_URL${ORCID_CALLBACK_PATH})`,
      );
    }
  }
  return {
    issuer: chosenIssuer,
    clientId,
    clientSecret: secret,
    redirectUri: `${publicUrl}${ORCID_CALLBACK_PATH}`,
  };
}
