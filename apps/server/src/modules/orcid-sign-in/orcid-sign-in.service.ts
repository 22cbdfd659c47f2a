import {
  normalizeOrcid,
  ORCID_SIGN_IN_ERRORS,
  type OrcidPurpose,
  type OrcidSignInErrorCode,
} from '@coral/core';
import type { OrcidConfig } from '../../config';
import type { AppDb } from '../../db/schema';
import { AppError, conflict } from '../../errors';
import type { SessionService } from '../auth/sessions.service';
import { usernameProblem } from '../users/users.service';
import { CodeRejectedError, createOrcidProvider, type OrcidProvider } from './orcid-provider';
import { orcidSignInRepository as repo } from './orcid-sign-in.repository';
import {
  createOrcidStateCookies,
  ORCID_STATE_LIFETIME_SECONDS,
  type OrcidSignInState,
} from './orcid-state';

/** Why an ORCID sign-in or link did not happen; nothing was changed. */
export class OrcidSignInError extends AppError {
  constructor(
    override readonly code: OrcidSignInErrorCode,
    statusCode: number,
  ) {
    super(statusCode, code, ORCID_SIGN_IN_ERRORS[code]);
    this.name = 'OrcidSignInError';
  }
}

const STATUS: Record<OrcidSignInErrorCode, number> = {
  ORCID_STATE_MISMATCH: 400,
  ORCID_CODE_REJECTED: 400,
  ORCID_CANCELLED: 400,
  ORCID_NOT_APPROVED: 403,
  ORCID_ACCOUNT_DISABLED: 403,
  ORCID_LINKED_ELSEWHERE: 409,
  ORCID_ACCOUNT_HAS_OTHER: 409,
  ORCID_LOGIN_REQUIRED: 401,
  ORCID_PROVIDER_ERROR: 502,
};
const UNIQUE_VIOLATION = '23505';
const refuse = (code: OrcidSignInErrorCode) => new OrcidSignInError(code, STATUS[code]);

/** A refused administrator action (CLI), with a message for the administrator. */
export class OrcidAdminError extends Error {}

/** The longest name kept from an ORCID record (as a dataset creator's name). */
const ORCID_NAME_MAX = 200;

/**
 * The researcher's name as the ID token gives it ("José María Núñez"), credited when they upload
 * a dataset (decision 0050); null when the record shares no name.
 */
export function orcidName(claims: Record<string, unknown>): string | null {
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const name = (text(claims.name) || [text(claims.given_name), text(claims.family_name)].join(' '))
    .replace(/\p{Cc}/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, ORCID_NAME_MAX)
    .trim();
  return name === '' ? null : name;
}

/** The longest base of a derived username (the suffix "-<n>" comes on top). */
const USERNAME_BASE_MAX = 60;

/**
 * The username of an account made by an ORCID sign-in (decision 0029): the researcher's name
 * from the ID token as ASCII letters and digits joined by dots ("José María Ñúñez" →
 * "jose.maria.nunez"), or `orcid-<iD>` when the token carries no usable name; then the first of
 * base, base-2, base-3, … that no account has.
 */
export function usernameBase(claims: Record<string, unknown>, orcid: string): string {
  const ascii = (orcidName(claims) ?? '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '.')
    .replace(/^\.+|\.+$/g, '')
    .slice(0, USERNAME_BASE_MAX)
    .replace(/\.+$/, '');
  const base = /[a-z]/.test(ascii) ? ascii : `orcid-${orcid}`;
  return usernameProblem(base) === null ? base : `orcid-${orcid}`;
}

export function firstFreeUsername(base: string, taken: readonly string[]): string {
  const used = new Set(taken);
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) if (!used.has(`${base}-${n}`)) return `${base}-${n}`;
}

export type CallbackOutcome =
  | { kind: 'signed-in'; username: string; sessionToken: string; created: boolean }
  | { kind: 'linked'; username: string; orcid: string };

export interface OrcidSignInDeps {
  db: AppDb;
  sessions: SessionService;
  /** null: the feature is off (no settings). */
  config: OrcidConfig | null;
  /** The server secret the state cookie is signed with (as CSRF tokens). */
  serverSecret: string;
  /** Tests may pass their own clock. */
  now?: () => number;
}

/**
 * "Sign in with ORCID" (decision 0029): starting a sign-in or a link, the provider's
 * redirect back, unlinking, and the administrator's approval of iDs.
 */
export function createOrcidSignInService(deps: OrcidSignInDeps) {
  const { db, sessions } = deps;
  const now = deps.now ?? Date.now;
  const cookies = createOrcidStateCookies(deps.serverSecret);
  const provider: OrcidProvider | null = deps.config ? createOrcidProvider(deps.config) : null;

  const withProvider = <T>(work: (p: OrcidProvider) => Promise<T>): Promise<T> =>
    work(provider!).catch((error: unknown) => {
      if (error instanceof OrcidSignInError || error instanceof CodeRejectedError) throw error;
      throw Object.assign(refuse('ORCID_PROVIDER_ERROR'), { cause: error });
    });

  /** Logs into the account behind a linked iD: a new session, the old one ended (no fixation). */
  async function signInto(
    account: { id: number; username: string; is_active: boolean },
    previousSessionToken: string | undefined,
    created: boolean,
  ): Promise<CallbackOutcome> {
    if (!account.is_active) throw refuse('ORCID_ACCOUNT_DISABLED');
    const sessionToken = await sessions.start(account.id, previousSessionToken);
    return { kind: 'signed-in', username: account.username, sessionToken, created };
  }

  /**
   * An account for an approved iD nobody has linked: the approval is taken in the same
   * transaction, so two racing sign-ins make one account. Null when the iD is not approved.
   */
  async function createApprovedAccount(orcid: string, claims: Record<string, unknown>) {
    const base = usernameBase(claims, orcid);
    return db.transaction().execute(async (trx) => {
      if (!(await repo.takeApproval(trx, orcid))) return null;
      // A username taken between the look-up and the insert: look again (rare, bounded).
      for (let attempt = 0; attempt < 5; attempt++) {
        const username = firstFreeUsername(base, await repo.usernamesLike(trx, base));
        const id = await repo.insertAccount(trx, username, { id: orcid, name: orcidName(claims) });
        if (id !== undefined) return { id, username, is_active: true };
      }
      throw new Error(`no free username for ${base}`);
    });
  }

  async function link(
    userId: number,
    orcid: string,
    name: string | null,
  ): Promise<CallbackOutcome> {
    const linking = db.transaction().execute(async (trx): Promise<CallbackOutcome> => {
      const account = await repo.lockAccount(trx, userId);
      if (!account || !account.is_active) throw refuse('ORCID_LOGIN_REQUIRED');
      if (account.orcid === orcid) return { kind: 'linked', username: account.username, orcid };
      if (account.orcid !== null) throw refuse('ORCID_ACCOUNT_HAS_OTHER');
      const holder = await repo.accountByOrcid(trx, orcid);
      if (holder) throw refuse('ORCID_LINKED_ELSEWHERE');
      await repo.setOrcid(trx, userId, { id: orcid, name });
      // The iD now has its account: an approval waiting for it would make a second one.
      await repo.takeApproval(trx, orcid);
      return { kind: 'linked', username: account.username, orcid };
    });
    // Another account linked the same iD at the same moment: the unique index decided.
    return linking.catch((error: unknown) => {
      if ((error as { code?: unknown }).code === UNIQUE_VIOLATION) {
        throw refuse('ORCID_LINKED_ELSEWHERE');
      }
      throw error;
    });
  }

  return {
    enabled: provider !== null,

    /**
     * Where to send the browser to log in at ORCID, and the state cookie value to set. A link
     * needs a logged-in account (its id travels in the signed state).
     */
    async start(
      purpose: OrcidPurpose,
      sessionToken: string | undefined,
    ): Promise<{ location: string; stateCookie: string }> {
      let userId: number | null = null;
      if (purpose === 'link') {
        const user = await sessions.resolve(sessionToken);
        if (!user) throw refuse('ORCID_LOGIN_REQUIRED');
        userId = user.userId;
      }
      return withProvider(async (p) => {
        const checks = p.newChecks();
        const location = await p.authorizationUrl(checks);
        const state: OrcidSignInState = {
          ...checks,
          purpose,
          userId,
          expiresAt: Math.floor(now() / 1000) + ORCID_STATE_LIFETIME_SECONDS,
        };
        return { location, stateCookie: cookies.seal(state) };
      });
    },

    /**
     * The provider's redirect back. The state must match the cookie of the browser that started
     * (else nothing is sent to the provider); the provider must accept the code; then a link sets
     * the account's iD, and a sign-in logs into the linked account or creates one for an
     * approved iD. Any refusal changes nothing and starts no session.
     */
    async callback(input: {
      query: { state?: string; code?: string; error?: string };
      rawQuery: string;
      stateCookie: string | undefined;
      sessionToken: string | undefined;
    }): Promise<CallbackOutcome> {
      const started = cookies.open(input.stateCookie, now());
      if (!started || !input.query.state || input.query.state !== started.state) {
        throw refuse('ORCID_STATE_MISMATCH');
      }
      if (input.query.error === 'access_denied') throw refuse('ORCID_CANCELLED');
      if (input.query.error !== undefined) throw refuse('ORCID_PROVIDER_ERROR');
      if (!input.query.code) throw refuse('ORCID_CODE_REJECTED');

      const claims = await withProvider((p) => p.exchange(input.rawQuery, started)).catch(
        (error: unknown) => {
          throw error instanceof CodeRejectedError ? refuse('ORCID_CODE_REJECTED') : error;
        },
      );
      // ORCID's subject is the iD itself; anything else is not an ORCID sign-in.
      const orcid = normalizeOrcid(claims.sub);
      if (orcid === null || orcid !== claims.sub) throw refuse('ORCID_PROVIDER_ERROR');

      if (started.purpose === 'link') {
        const user = await sessions.resolve(input.sessionToken);
        if (!user || user.userId !== started.userId) throw refuse('ORCID_LOGIN_REQUIRED');
        return link(user.userId, orcid, orcidName(claims));
      }
      const linked = await repo.accountByOrcid(db, orcid);
      if (linked) return signInto(linked, input.sessionToken, false);
      const created = await createApprovedAccount(orcid, claims);
      if (!created) throw refuse('ORCID_NOT_APPROVED');
      return signInto(created, input.sessionToken, true);
    },

    /**
     * Removes the account's iD. Refused for an account without a password: it would have no
     * way left to log in.
     */
    async unlink(userId: number): Promise<{ orcid: string }> {
      return db.transaction().execute(async (trx) => {
        const account = await repo.lockAccount(trx, userId);
        if (!account?.orcid) throw conflict('Your account has no linked ORCID iD.');
        if (!account.has_password) {
          throw conflict(
            'Your account has no password, so unlinking its ORCID iD would leave no way to ' +
              'log in. Ask an administrator to set a password first (user:passwd).',
          );
        }
        await repo.setOrcid(trx, userId, null);
        return { orcid: account.orcid };
      });
    },

    /** The account's linked iD (null if none). */
    async orcidOf(userId: number): Promise<string | null> {
      return (await repo.accountById(db, userId))?.orcid ?? null;
    },
  };
}
export type OrcidSignInService = ReturnType<typeof createOrcidSignInService>;

/**
 * `user:approve-orcid <iD>`: lets the iD's first ORCID sign-in create an account. Checked with
 * the iD's check digit; idempotent; an iD already linked to an account needs no approval.
 */
export const orcidApprovals = {
  async approve(
    db: AppDb,
    given: string,
  ): Promise<
    | { orcid: string; outcome: 'approved' | 'already-approved' }
    | { orcid: string; outcome: 'already-linked'; username: string }
  > {
    const orcid = normalizeOrcid(given);
    if (orcid === null) {
      throw new OrcidAdminError(
        `"${given}" is not an ORCID iD (16 digits like 0000-0002-1825-0097, the last one a check digit).`,
      );
    }
    const holder = await repo.accountByOrcid(db, orcid);
    // Nothing to approve: the iD already signs in to its account.
    if (holder) return { orcid, outcome: 'already-linked', username: holder.username };
    const added = await repo.approve(db, orcid);
    return { orcid, outcome: added ? 'approved' : 'already-approved' };
  },
};
