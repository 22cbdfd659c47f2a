import { z } from 'zod';
import { FORMULA_TEXT_FIX, isFormulaText } from '../csv/csv-writer';

/*
 * How the API reads a text a researcher typed (dataset metadata, review and withdrawal messages):
 * trimmed, at most `max` characters, and never a NUL character (PostgreSQL's text cannot hold one).
 */

export const text = (max: number) => z.string().trim().max(max);

export const noNul = (schema: z.ZodString) =>
  schema.refine((value) => !value.includes('\u0000'), 'must not contain a NUL character');

/**
 * A name that goes into data files as it is (a dataset's title is the Darwin Core Archive's
 * datasetName): never a text a spreadsheet would run (docs/decisions/0052-faults-and-streams.md).
 */
export const noFormula = <S extends z.ZodType<string>>(schema: S) =>
  schema.refine((value) => !isFormulaText(value), FORMULA_TEXT_FIX);
