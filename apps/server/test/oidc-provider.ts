import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/**
 * A real OpenID Connect provider on a random local port, standing in for ORCID in tests
 * (decision 0029): the oidc-provider package (the OpenID-certified server behind many identity
 * services) with one registered client (client_secret_post, PKCE required as ORCID's own
 * settings would), ID tokens signed with a key made per run, and ORCID's shape of subject: the
 * iD itself, with given_name and family_name in the ID token. Its login screen is replaced by
 * one that logs in whoever the test chose with `signInAs` (no form to fill), so a whole
 * authorization can be driven from a test with `authorize`.
 */
export interface TestOrcidProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The settings that point the application at this provider. */
  env: Record<string, string>;
  /** Who logs in at the next authorization. */
  signInAs(orcid: string, name?: { given_name?: string; family_name?: string }): void;
  /**
   * Follows an authorization URL (from the start route) through the provider, as a browser
   * would, and returns the query the provider sends back to the redirect URI.
   */
  authorize(authorizationUrl: string): Promise<string>;
  close(): Promise<void>;
}

export const TEST_PUBLIC_URL = 'http://coral.test';
const REDIRECT_URI = `${TEST_PUBLIC_URL}/api/auth/orcid/callback/`;

export async function startTestOrcidProvider(): Promise<TestOrcidProvider> {
  const clientId = 'APP-CORALTEST0000001';
  const clientSecret = crypto.randomBytes(24).toString('base64url');
  let who: { sub: string; given_name?: string; family_name?: string } | null = null;

  let handle: http.RequestListener = (_req, res) => res.writeHead(503).end();
  const server = http.createServer((req, res) => handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const signingKey = crypto
    .generateKeyPairSync('rsa', { modulusLength: 2048 })
    .privateKey.export({ format: 'jwk' });
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [REDIRECT_URI],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [{ ...signingKey, kid: 'test-key', use: 'sig', alg: 'RS256' }] },
    cookies: { keys: [crypto.randomBytes(32).toString('hex')] },
    // ORCID puts the researcher's names in the ID token of a plain `openid` request.
    claims: { openid: ['sub', 'given_name', 'family_name'] },
    conformIdTokenClaims: false,
    findAccount: (_ctx, sub) => ({
      accountId: sub,
      claims: () => ({
        sub,
        ...(who?.sub === sub ? { given_name: who.given_name, family_name: who.family_name } : {}),
      }),
    }),
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => true, methods: ['S256'] },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    ttl: {
      AccessToken: 60,
      AuthorizationCode: 60,
      IdToken: 60,
      Interaction: 600,
      Session: 600,
      Grant: 600,
    },
  });

  /** The login (and consent) screen: logs in the chosen researcher at once. */
  const interaction: http.RequestListener = (req, res) => {
    void (async () => {
      const details = await provider.interactionDetails(req, res);
      if (!who) throw new Error('test OIDC provider: call signInAs() before authorizing');
      const grant = new provider.Grant({
        accountId: who.sub,
        clientId: details.params.client_id as string,
      });
      grant.addOIDCScope('openid');
      const grantId = await grant.save();
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId: who.sub }, consent: { grantId } },
        { mergeWithLastSubmission: false },
      );
    })().catch((error: unknown) => {
      res.writeHead(500).end(String(error));
    });
  };
  const callback = provider.callback();
  handle = (req, res) => {
    if (req.url?.startsWith('/interaction/')) interaction(req, res);
    else void callback(req, res);
  };

  return {
    issuer,
    clientId,
    clientSecret,
    env: {
      ORCID_ISSUER: issuer,
      ORCID_CLIENT_ID: clientId,
      ORCID_CLIENT_SECRET: clientSecret,
      PUBLIC_URL: TEST_PUBLIC_URL,
    },
    signInAs(orcid, name = {}) {
      who = { sub: orcid, ...name };
    },
    async authorize(authorizationUrl) {
      const jar = new Map<string, string>();
      let url = authorizationUrl;
      for (let hop = 0; hop < 10; hop++) {
        if (url.startsWith(REDIRECT_URI)) return new URL(url).search.slice(1);
        const response = await fetch(url, {
          redirect: 'manual',
          headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
        });
        for (const line of response.headers.getSetCookie()) {
          const [pair = ''] = line.split(';');
          const [name = '', value = ''] = pair.split('=');
          if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) jar.delete(name);
          else jar.set(name, value);
        }
        const location = response.headers.get('location');
        if (!location) {
          throw new Error(
            `test OIDC provider answered ${response.status}: ${await response.text()}`,
          );
        }
        url = new URL(location, url).toString();
      }
      throw new Error('test OIDC provider: too many redirects');
    },
    close: () =>
      new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      ),
  };
}
