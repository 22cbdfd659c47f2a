import * as oidc from 'openid-client';
import type { OrcidConfig } from '../../config';

/** The provider refused the authorization code (used before, expired, not ours): a 400. */
export class CodeRejectedError extends Error {}

/**
 * The OpenID Connect client talking to ORCID, through openid-client (certified by the OpenID
 * Foundation): discovery, the authorization URL with state, nonce and PKCE (S256), and the code
 * exchange, which checks the state, the ID token's signature, issuer, audience, expiry and nonce.
 * ORCID authenticates clients with client_secret_post. Discovery is done on first use and kept;
 * a failed one is tried again next time.
 */
export function createOrcidProvider(config: OrcidConfig) {
  let discovered: Promise<oidc.Configuration> | null = null;
  const configuration = () => {
    discovered ??= oidc
      .discovery(
        new URL(config.issuer),
        config.clientId,
        config.clientSecret,
        oidc.ClientSecretPost(config.clientSecret),
        // Only a local provider (tests, development) is http; production insists on https (config/orcid.ts).
        config.issuer.startsWith('http://') ? { execute: [oidc.allowInsecureRequests] } : {},
      )
      .catch((error: unknown) => {
        discovered = null;
        throw error;
      });
    return discovered;
  };

  return {
    newChecks() {
      const codeVerifier = oidc.randomPKCECodeVerifier();
      return { state: oidc.randomState(), nonce: oidc.randomNonce(), codeVerifier };
    },

    async authorizationUrl(checks: { state: string; nonce: string; codeVerifier: string }) {
      return oidc
        .buildAuthorizationUrl(await configuration(), {
          redirect_uri: config.redirectUri,
          scope: 'openid',
          response_type: 'code',
          state: checks.state,
          nonce: checks.nonce,
          code_challenge: await oidc.calculatePKCECodeChallenge(checks.codeVerifier),
          code_challenge_method: 'S256',
        })
        .toString();
    },

    /**
     * The verified ID token claims for the code in the redirect's query. Throws CodeRejectedError
     * when the provider refuses the code; anything else (unreachable, invalid token) as is.
     */
    async exchange(
      query: string,
      checks: { state: string; nonce: string; codeVerifier: string },
    ): Promise<oidc.IDToken> {
      const current = new URL(config.redirectUri);
      current.search = query;
      try {
        const tokens = await oidc.authorizationCodeGrant(await configuration(), current, {
          expectedState: checks.state,
          expectedNonce: checks.nonce,
          pkceCodeVerifier: checks.codeVerifier,
          idTokenExpected: true,
        });
        return tokens.claims()!;
      } catch (error) {
        if (error instanceof oidc.ResponseBodyError && error.error === 'invalid_grant') {
          throw new CodeRejectedError(error.error_description ?? error.error);
        }
        throw error;
      }
    },
  };
}
export type OrcidProvider = ReturnType<typeof createOrcidProvider>;
