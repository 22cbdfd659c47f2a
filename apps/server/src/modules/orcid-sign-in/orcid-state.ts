import crypto from 'node:crypto';
import type { OrcidPurpose } from '@coral/core';

/**
 * The state of one ORCID sign-in between the start route and the provider's redirect back
 * (decision 0029): kept in the browser that started it, as an HttpOnly cookie signed with a key
 * derived from the server secret, so every API process can check it without shared memory and
 * nothing is stored for visitors who never come back. It carries the OAuth `state` (compared
 * with the one ORCID returns), the OpenID Connect `nonce` (compared with the ID token's), the
 * PKCE code verifier, the purpose, for a link the account that asked for it, and its expiry.
 * The callback clears it: a second use of the same redirect finds no state.
 */
export interface OrcidSignInState {
  state: string;
  nonce: string;
  codeVerifier: string;
  purpose: OrcidPurpose;
  /** The logged-in account a link was started from; null for a sign-in. */
  userId: number | null;
  /** Seconds since the epoch. */
  expiresAt: number;
}

export const ORCID_STATE_COOKIE = 'orcid_signin';
/** Time to log in at ORCID (and possibly register there) before the state expires. */
export const ORCID_STATE_LIFETIME_SECONDS = 10 * 60;

export function createOrcidStateCookies(serverSecret: string) {
  // A key of its own (as the CSRF key): a cookie value is never valid as anything else.
  const key = crypto.createHmac('sha256', serverSecret).update('coral-orcid-state-v1').digest();
  const mac = (body: string) => crypto.createHmac('sha256', key).update(body).digest('base64url');

  return {
    seal(value: OrcidSignInState): string {
      const body = Buffer.from(JSON.stringify(value)).toString('base64url');
      return `${body}.${mac(body)}`;
    },

    /** The state in a cookie value, or null when missing, forged, altered or expired. */
    open(cookie: string | undefined, now = Date.now()): OrcidSignInState | null {
      const [body, signature, ...rest] = (cookie ?? '').split('.');
      if (!body || !signature || rest.length > 0) return null;
      const expected = Buffer.from(mac(body));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) {
        return null;
      }
      const value = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as OrcidSignInState;
      return value.expiresAt * 1000 > now ? value : null;
    },
  };
}
export type OrcidStateCookies = ReturnType<typeof createOrcidStateCookies>;
