import { z } from 'zod';

/**
 * "Sign in with ORCID" (decision 0029): why a sign-in or link through ORCID did not
 * happen. The server answers API clients with these codes and texts (400, 409, 403, 502) and sends
 * browsers back to the login page with `?orcid_error=<code>`, which shows the same text: one
 * wording for both.
 */
export const ORCID_SIGN_IN_ERROR_CODES = [
  'ORCID_STATE_MISMATCH',
  'ORCID_CODE_REJECTED',
  'ORCID_CANCELLED',
  'ORCID_NOT_APPROVED',
  'ORCID_LINKED_ELSEWHERE',
  'ORCID_ACCOUNT_HAS_OTHER',
  'ORCID_ACCOUNT_DISABLED',
  'ORCID_LOGIN_REQUIRED',
  'ORCID_PROVIDER_ERROR',
] as const;
export type OrcidSignInErrorCode = (typeof ORCID_SIGN_IN_ERROR_CODES)[number];

export const ORCID_SIGN_IN_ERRORS: Readonly<Record<OrcidSignInErrorCode, string>> = {
  ORCID_STATE_MISMATCH:
    'This ORCID sign-in could not be matched to one started in this browser (it was started in ' +
    'another browser or more than 10 minutes ago). Nothing was changed; please start again.',
  ORCID_CODE_REJECTED:
    'ORCID refused this sign-in (its code was already used or has expired). Nothing was ' +
    'changed; please start again.',
  ORCID_CANCELLED: 'The ORCID sign-in was cancelled at ORCID. Nothing was changed.',
  ORCID_NOT_APPROVED:
    'No account is linked to this ORCID iD, and an administrator has not approved it for an ' +
    'account. An administrator must approve the iD first; or log in with your password and ' +
    'link your ORCID iD from the account menu. Nothing was created.',
  ORCID_LINKED_ELSEWHERE:
    'This ORCID iD is already linked to another account. Nothing was changed.',
  ORCID_ACCOUNT_HAS_OTHER:
    'Your account is already linked to another ORCID iD. Unlink it from the account menu first.',
  ORCID_ACCOUNT_DISABLED:
    'The account linked to this ORCID iD is disabled. Ask an administrator to enable it.',
  ORCID_LOGIN_REQUIRED:
    'Linking an ORCID iD needs the account it was started from to be logged in. Log in with ' +
    'your password and link your ORCID iD again.',
  ORCID_PROVIDER_ERROR:
    'ORCID could not be reached or gave an unexpected answer. Nothing was changed; please try ' +
    'again later.',
};

export const isOrcidSignInErrorCode = (code: unknown): code is OrcidSignInErrorCode =>
  (ORCID_SIGN_IN_ERROR_CODES as readonly unknown[]).includes(code);

/** What the start route is asked for: a sign-in (anyone), or linking the logged-in account. */
export const ORCID_PURPOSES = ['sign-in', 'link'] as const;
export type OrcidPurpose = (typeof ORCID_PURPOSES)[number];

export const ZOrcidStartQuery = z.object({
  purpose: z.enum(ORCID_PURPOSES, { error: 'purpose must be sign-in or link' }).default('sign-in'),
});

/** The provider's redirect back: a code and the state, or an error (OpenID Connect Core §3.1.2.5–6). */
export const ZOrcidCallbackQuery = z.object({
  code: z.string().optional(),
  state: z.string().optional(),
  error: z.string().optional(),
  error_description: z.string().optional(),
  iss: z.string().optional(),
});

export const ZOrcidUnlinkResult = z
  .object({ success: z.literal(true), message: z.string() })
  .meta({ id: 'OrcidUnlinkResult' });
export type TOrcidUnlinkResult = z.infer<typeof ZOrcidUnlinkResult>;

/** Where the browser goes to start: a plain navigation (the provider's page is a full page). */
export const orcidStartPath = (purpose: OrcidPurpose) =>
  `/api/auth/orcid/start/?purpose=${purpose}`;

/** The query key of the login page that names why an ORCID sign-in or link did not happen. */
export const ORCID_ERROR_QUERY_KEY = 'orcid_error';
