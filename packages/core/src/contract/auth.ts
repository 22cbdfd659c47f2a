import { z } from 'zod';
import { USER_ROLES } from '../datasets/user-roles';

export const ZAuthStatus = z
  .object({
    username: z.string().meta({ description: '"" when anonymous' }),
    authenticated: z.boolean(),
    role: z
      .enum(USER_ROLES)
      .nullable()
      .optional()
      .meta({ description: 'contributor, curator or admin; null when anonymous' }),
    orcid: z
      .string()
      .nullable()
      .optional()
      .meta({ description: "the account's linked ORCID iD (0000-0002-1825-0097); null if none" }),
  })
  .meta({ id: 'AuthStatus' });
export type TAuthStatus = z.infer<typeof ZAuthStatus>;

export const ZCsrfToken = z.object({ csrfToken: z.string() }).meta({ id: 'CsrfToken' });
export type TCsrfToken = z.infer<typeof ZCsrfToken>;

export const ZLoginRequest = z
  .object({ username: z.string(), password: z.string() })
  .meta({ id: 'LoginRequest' });
export type TLoginRequest = z.infer<typeof ZLoginRequest>;

/** success/message on success; success false + error on failure (product-spec §7, §8). */
export const ZAuthResult = z
  .object({
    success: z.boolean(),
    message: z.string().optional(),
    username: z.string().optional(),
    error: z.string().optional(),
    code: z.string().optional(),
  })
  .meta({ id: 'AuthResult' });
export type TAuthResult = z.infer<typeof ZAuthResult>;

/** Name of the cookie holding the CSRF token, and of the header that must echo it. */
export const CSRF_COOKIE_NAME = 'csrftoken';
export const CSRF_HEADER_NAME = 'X-CSRFToken';
export const SESSION_COOKIE_NAME = 'sessionid';
