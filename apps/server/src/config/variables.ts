import { z } from 'zod';

/** How variable values are read: the parsers every group of settings shares. */

/** `NAME=` (empty, as in a compose or .env file) counts as unset, so its default applies. */
export const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);

export const optionalString = z.preprocess(emptyAsUndefined, z.string().optional());

/** An http:// or https:// URL (links and APIs; never javascript: or mailto:). */
export const httpUrl = () =>
  z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' });

export const optionalHttpUrl = z.preprocess(emptyAsUndefined, httpUrl().optional());

export const port = (fallback: number) =>
  z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(65535).default(fallback));

export const positiveInt = (fallback: number) =>
  z.preprocess(emptyAsUndefined, z.coerce.number().int().positive().default(fallback));
