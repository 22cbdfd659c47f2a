import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SESSION_COOKIE_NAME,
  type TDatasetDetail,
  type TErrorResponse,
  type TPublicConfig,
} from '@coral/core';
import type { TestContext } from '../../../test/test-app';
import { createUser, TestAgent } from '../../../test/auth-client';
import { studyVariant, uploadDraft } from '../../../test/dataset-helpers';
import {
  closeUploadTestApp,
  openUploadTestApp,
  type UploadTestApp,
} from '../../../test/upload-test-helpers';
import { startTestOrcidProvider, type TestOrcidProvider } from '../../../test/oidc-provider';
import { orcidApprovals } from './orcid-sign-in.service';
import { ORCID_STATE_COOKIE, type OrcidSignInState } from './orcid-state';

/**
 * "Sign in with ORCID" against a real OpenID Connect provider started here (oidc-provider), as
 * ORCID would answer: docs/security-tests.md lists what these prove.
 */
let app: UploadTestApp;
let ctx: TestContext;
let orcid: TestOrcidProvider;
beforeAll(async () => {
  orcid = await startTestOrcidProvider();
  app = await openUploadTestApp(orcid.env);
  ctx = app.ctx;
  await createUser(ctx.database.db, 'lena');
  await createUser(ctx.database.db, 'otto');
});
afterAll(async () => {
  if (app) await closeUploadTestApp(app);
  await orcid?.close();
});

// Valid iDs (check digits right): ORCID's own examples and neighbours.
const LENA = '0000-0002-1825-0097';
const APPROVED = '0000-0001-5109-3700';
const STRANGER = '0000-0002-1694-233X';
const OTHER = '0000-0003-1415-9269';

const agent = () => new TestAgent(ctx.app);
const html = { accept: 'text/html,application/xhtml+xml' };

/** Start route → provider (logged in as `who`) → the query ORCID sends back. */
async function throughOrcid(client: TestAgent, purpose: 'sign-in' | 'link', who: string) {
  const start = await client.request({ url: `/api/auth/orcid/start/?purpose=${purpose}` });
  expect(start.statusCode, start.body).toBe(302);
  orcid.signInAs(who, { given_name: 'José María', family_name: 'Núñez' });
  return orcid.authorize(start.headers.location as string);
}

/** The state cookie's content (signed, not encrypted). */
const stateIn = (client: TestAgent) =>
  JSON.parse(
    Buffer.from(client.cookies.get(ORCID_STATE_COOKIE)!.split('.')[0]!, 'base64url').toString(),
  ) as OrcidSignInState;

const errorOf = (response: { json<T>(): T }) => response.json<TErrorResponse>().error;

const callback = (client: TestAgent, query: string, headers: Record<string, string> = {}) =>
  client.request({ url: `/api/auth/orcid/callback/?${query}`, headers });

const statusOf = async (client: TestAgent) =>
  (await client.request({ url: '/api/auth/status/' })).json<{
    username: string;
    authenticated: boolean;
    orcid?: string | null;
  }>();

const countUsers = async () =>
  Number(
    (
      await ctx.database.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

const accountOf = (iD: string) =>
  ctx.database.db
    .selectFrom('users')
    .select(['username', 'password_hash', 'orcid'])
    .where('orcid', '=', iD)
    .executeTakeFirst();

describe('GET /api/auth/orcid/start/', () => {
  it('redirects to the provider with state, nonce and PKCE (S256), kept in a signed HttpOnly cookie', async () => {
    const client = agent();
    const response = await client.request({ url: '/api/auth/orcid/start/' });
    expect(response.statusCode).toBe(302);
    const target = new URL(response.headers.location as string);
    expect(target.origin).toBe(orcid.issuer);
    expect(target.searchParams.get('client_id')).toBe(orcid.clientId);
    expect(target.searchParams.get('redirect_uri')).toBe(
      'http://coral.test/api/auth/orcid/callback/',
    );
    expect(target.searchParams.get('scope')).toBe('openid');
    expect(target.searchParams.get('state')).toMatch(/^[\w-]{40,}$/);
    expect(target.searchParams.get('nonce')).toMatch(/^[\w-]{40,}$/);
    expect(target.searchParams.get('code_challenge_method')).toBe('S256');
    const cookie = [response.headers['set-cookie']]
      .flat()
      .find((line) => line?.startsWith(`${ORCID_STATE_COOKIE}=`));
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).toContain('Path=/api/auth/orcid/');
    expect(cookie).toContain('Max-Age=600');
    // The verifier itself never goes to the provider in the browser's URL.
    expect(response.headers.location).not.toContain(stateIn(client).codeVerifier);
  });

  it('refuses to link for a visitor who is not logged in (401, nothing set)', async () => {
    const response = await agent().request({ url: '/api/auth/orcid/start/?purpose=link' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'ORCID_LOGIN_REQUIRED' });
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('refuses an unknown purpose with a clear 400', async () => {
    const response = await agent().request({ url: '/api/auth/orcid/start/?purpose=admin' });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toContain('purpose must be sign-in or link');
  });
});

describe('link, then sign in with the linked iD', () => {
  it('links the iD to the account logged in with its password', async () => {
    const client = agent();
    await client.loginOrThrow('lena');
    const before = client.sessionId;
    const query = await throughOrcid(client, 'link', LENA);
    const response = await callback(client, query);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ success: true, username: 'lena' });
    expect(client.sessionId).toBe(before);
    expect(client.cookies.has(ORCID_STATE_COOKIE)).toBe(false);
    expect(await statusOf(client)).toMatchObject({ username: 'lena', orcid: LENA });
    expect((await accountOf(LENA))?.username).toBe('lena');
  });

  it("carries the iD and the record's name (not the username) into the creators of the user's new dataset", async () => {
    const lena = await agent().loginOrThrow('lena');
    const { datasetId } = await uploadDraft(ctx, lena, studyVariant('Orcid'));
    const detail = (
      await lena.request({ url: `/api/auth/datasets/${datasetId}/` })
    ).json<TDatasetDetail>();
    expect(detail.version.metadata.creators).toEqual([
      { name: 'José María Núñez', affiliation: null, orcid: LENA },
    ]);
    expect(detail.owner).toEqual({ username: 'lena', orcid: LENA });
  });

  it('signs in to the linked account under a new session (the one presented before is ended)', async () => {
    const client = agent();
    await client.loginOrThrow('otto');
    const planted = client.sessionId!;
    const query = await throughOrcid(client, 'sign-in', LENA);
    const response = await callback(client, query, html);
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/');
    expect(client.sessionId).toBeDefined();
    expect(client.sessionId).not.toBe(planted);
    expect(await statusOf(client)).toMatchObject({ username: 'lena', authenticated: true });
    // The session the browser came with no longer works.
    const old = new TestAgent(ctx.app);
    old.cookies.set(SESSION_COOKIE_NAME, planted);
    expect((await statusOf(old)).authenticated).toBe(false);
  });

  it('refuses an iD already linked to another account (409), and keeps both as they were', async () => {
    const client = agent();
    await client.loginOrThrow('otto');
    const query = await throughOrcid(client, 'link', LENA);
    const response = await callback(client, query);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'ORCID_LINKED_ELSEWHERE' });
    expect((await accountOf(LENA))?.username).toBe('lena');
    expect((await statusOf(client)).orcid).toBeNull();
  });

  it('refuses a link whose session ended before the provider sent the browser back', async () => {
    const client = agent();
    await client.loginOrThrow('otto');
    const query = await throughOrcid(client, 'link', OTHER);
    await client.logout();
    const response = await callback(client, query);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'ORCID_LOGIN_REQUIRED' });
    expect(await accountOf(OTHER)).toBeUndefined();
  });
});

describe('sign-in with an iD no account is linked to', () => {
  it('creates an account for an iD an administrator approved, links it and logs in', async () => {
    expect(await orcidApprovals.approve(ctx.database.db, APPROVED)).toEqual({
      orcid: APPROVED,
      outcome: 'approved',
    });
    const users = await countUsers();
    const client = agent();
    const response = await callback(client, await throughOrcid(client, 'sign-in', APPROVED));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ success: true, username: 'jose.maria.nunez' });
    expect(await countUsers()).toBe(users + 1);
    expect(await accountOf(APPROVED)).toEqual({
      username: 'jose.maria.nunez',
      password_hash: null,
      orcid: APPROVED,
    });
    expect(await statusOf(client)).toMatchObject({
      username: 'jose.maria.nunez',
      authenticated: true,
      orcid: APPROVED,
    });
    // The approval made its account; the next sign-in logs into it, creating nothing.
    const again = agent();
    const second = await callback(again, await throughOrcid(again, 'sign-in', APPROVED));
    expect(second.json()).toMatchObject({ success: true, message: 'Login successful' });
    expect(await countUsers()).toBe(users + 1);
    const left = await ctx.database.db.selectFrom('orcid_approvals').selectAll().execute();
    expect(left).toEqual([]);
  });

  it('refuses an iD that is not approved: a message saying so, no account, no session', async () => {
    const users = await countUsers();
    const client = agent();
    const response = await callback(client, await throughOrcid(client, 'sign-in', STRANGER));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'ORCID_NOT_APPROVED' });
    expect(errorOf(response)).toContain('An administrator must approve the iD first');
    expect(client.sessionId).toBeUndefined();
    expect(await countUsers()).toBe(users);
    expect(await accountOf(STRANGER)).toBeUndefined();
  });

  it('sends a browser back to the login page with the reason', async () => {
    const client = agent();
    const response = await callback(client, await throughOrcid(client, 'sign-in', STRANGER), html);
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/login?orcid_error=ORCID_NOT_APPROVED');
    expect(client.sessionId).toBeUndefined();
  });
});

describe('forged and replayed redirects', () => {
  it('refuses a wrong state (400) before the code is used: the right state still works after', async () => {
    const client = agent();
    const query = await throughOrcid(client, 'sign-in', LENA);
    const stateCookie = client.cookies.get(ORCID_STATE_COOKIE)!;
    const forged = new URLSearchParams(query);
    forged.set('state', 'attacker-chosen-state-value-0000000000000');
    const response = await callback(client, forged.toString());
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'ORCID_STATE_MISMATCH' });
    expect(client.sessionId).toBeUndefined();
    // The code was never sent to the provider: with its own state it is still good.
    client.cookies.set(ORCID_STATE_COOKIE, stateCookie);
    expect((await callback(client, query)).statusCode).toBe(200);
  });

  it('refuses a redirect in a browser that did not start it (no state cookie): 400', async () => {
    const starter = agent();
    const query = await throughOrcid(starter, 'sign-in', LENA);
    const victim = agent();
    const response = await callback(victim, query);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'ORCID_STATE_MISMATCH' });
    expect(victim.sessionId).toBeUndefined();
  });

  it('refuses an altered state cookie (its signature) and a missing state: 400', async () => {
    const client = agent();
    const query = await throughOrcid(client, 'sign-in', LENA);
    const [body, signature] = client.cookies.get(ORCID_STATE_COOKIE)!.split('.');
    const state = stateIn(client);
    const altered = Buffer.from(JSON.stringify({ ...state, purpose: 'link', userId: 1 }));
    client.cookies.set(ORCID_STATE_COOKIE, `${altered.toString('base64url')}.${signature}`);
    expect((await callback(client, query)).statusCode).toBe(400);
    const withoutState = new URLSearchParams(query);
    withoutState.delete('state');
    client.cookies.set(ORCID_STATE_COOKIE, `${body}.${signature}`);
    const response = await callback(client, withoutState.toString());
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'ORCID_STATE_MISMATCH' });
    expect(client.sessionId).toBeUndefined();
  });

  it('refuses a replayed code: the provider rejects it, 400, no session', async () => {
    const client = agent();
    const query = await throughOrcid(client, 'sign-in', LENA);
    const stateCookie = client.cookies.get(ORCID_STATE_COOKIE)!;
    expect((await callback(client, query)).statusCode).toBe(200);

    // Someone who copied both the redirect and the state cookie replays them.
    const replayer = agent();
    replayer.cookies.set(ORCID_STATE_COOKIE, stateCookie);
    const response = await callback(replayer, query);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'ORCID_CODE_REJECTED' });
    expect(replayer.sessionId).toBeUndefined();
    expect((await statusOf(replayer)).authenticated).toBe(false);
  });

  it('reports a sign-in cancelled at ORCID', async () => {
    const client = agent();
    const start = await client.request({ url: '/api/auth/orcid/start/' });
    const state = new URL(start.headers.location as string).searchParams.get('state')!;
    const response = await callback(
      client,
      new URLSearchParams({ error: 'access_denied', state }).toString(),
      html,
    );
    expect(response.headers.location).toBe('/login?orcid_error=ORCID_CANCELLED');
  });
});

describe('POST /api/auth/orcid/unlink/', () => {
  it('needs the CSRF token, then removes the iD', async () => {
    const client = agent();
    await client.loginOrThrow('lena');
    const refused = await client.request({
      method: 'POST',
      url: '/api/auth/orcid/unlink/',
      csrf: false,
    });
    expect(refused.statusCode).toBe(403);
    expect((await accountOf(LENA))?.username).toBe('lena');
    const response = await client.request({ method: 'POST', url: '/api/auth/orcid/unlink/' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ success: true, message: `ORCID iD ${LENA} unlinked` });
    expect(await accountOf(LENA)).toBeUndefined();
    const again = await client.request({ method: 'POST', url: '/api/auth/orcid/unlink/' });
    expect(again.statusCode).toBe(409);
  });

  it('refuses for an account without a password (it could not log in any more)', async () => {
    const client = agent();
    await callback(client, await throughOrcid(client, 'sign-in', APPROVED));
    await client.fetchCsrf();
    const response = await client.request({ method: 'POST', url: '/api/auth/orcid/unlink/' });
    expect(response.statusCode).toBe(409);
    expect(errorOf(response)).toContain('no password');
    expect((await accountOf(APPROVED))?.username).toBe('jose.maria.nunez');
  });
});

describe('ORCID sign-in not configured', () => {
  it('answers 404 with a clear message and tells the web app it is off', async () => {
    const off = await ctx.anotherApp({});
    for (const url of ['/api/auth/orcid/start/', '/api/auth/orcid/callback/?code=x&state=y']) {
      const response = await off.inject({ url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        code: 'ORCID_SIGN_IN_DISABLED',
        error:
          'Sign in with ORCID is not enabled on this server (an administrator has not configured it).',
      });
    }
    const orcidSignIn = async (server: typeof off) =>
      (await server.inject({ url: '/api/public/config/' })).json<TPublicConfig>().orcidSignIn;
    expect(await orcidSignIn(off)).toBe(false);
    expect(await orcidSignIn(ctx.app)).toBe(true);
  });
});
