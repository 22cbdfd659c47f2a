import { z } from 'zod';

/*
 * How the API reads a text a researcher typed (dataset metadata, review and withdrawal messages):
 * trimmed, at most `max` characters, and never a NUL character (PostgreSQL's text cannot hold one).
 */

export const text = (max: number) => z.string().trim().max(max);

export const noNul = (schema: z.ZodString) =>
  schema.refine((value) => !value.includes('\u0000'), 'must not contain a NUL character');
