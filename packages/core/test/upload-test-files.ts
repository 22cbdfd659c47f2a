// Test helpers: the real datasheets and small CSV builders. Only imported by *.test.ts files.
import seedJson from '../../../fixtures/seed/coralfuture-public.json';
import cbass84 from '../../../fixtures/datasheets/cbass_84.csv?raw';
import fiji from '../../../fixtures/datasheets/2022_Fiji_Jareis.csv?raw';
import vitiLevuRaw from '../../../fixtures/datasheets/2022_FJI_Viti_Levu_raw.csv?raw';
import cbassEd from '../../../fixtures/datasheets/cbass_dataset_ED50_Results.csv?raw';
import cbassRaw from '../../../fixtures/datasheets/cbass_dataset_raw.csv?raw';
import redSea from '../../../fixtures/datasheets/redsea_gradient_study.csv?raw';
import template from '../../../fixtures/datasheets/template_raw.csv?raw';
import { edResultsFromSeedProject } from './ed-results-from-seed';
import type { UploadFile } from '../src/upload/prepare-upload';

const DATASHEETS: Record<string, string> = {
  'cbass_84.csv': cbass84,
  '2022_Fiji_Jareis.csv': fiji,
  '2022_FJI_Viti_Levu_raw.csv': vitiLevuRaw,
  'cbass_dataset_ED50_Results.csv': cbassEd,
  'cbass_dataset_raw.csv': cbassRaw,
  'redsea_gradient_study.csv': redSea,
  'template_raw.csv': template,
};

/** The standard (Coral Future) layout's header, as a researcher's datasheet has it. */
export const STANDARD_HEADER = [
  'Project.name',
  'Experiment.name',
  'Experiment.date',
  'Colony.name',
  'Colony.species',
  'Colony.country',
  'Colony.latitude',
  'Colony.longitude',
  'Colony.ed50',
  'BioSample.name',
  'BioSample.collection_date',
  'Observation.condition',
  'Observation.temperature',
  'Observation.timepoint',
  'Observation.pam_value',
  'Publication.title',
  'Publication.year',
  'Publication.doi',
];

/** A fixed "today" so date checks do not depend on when the tests run. */
export const TODAY = new Date('2026-06-01T12:00:00Z');

export function datasheetText(name: string): string {
  const text = DATASHEETS[name];
  if (text === undefined) throw new Error(`no datasheet ${name}`);
  return text;
}

export function datasheet(name: string): UploadFile {
  return textFile(name, datasheetText(name));
}

export function textFile(name: string, text: string): UploadFile {
  return { name, bytes: new TextEncoder().encode(text) };
}

/** CSV text from rows of cells (cells with commas or quotes are quoted). */
export function csv(rows: readonly (readonly (string | number)[])[]): string {
  return rows
    .map((row) =>
      row
        .map((cell) => {
          const text = String(cell);
          return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
        })
        .join(','),
    )
    .join('\n');
}

/** Changes one cell of a CSV text (data row `row`, spreadsheet numbering, header = 1). */
export function editCell(text: string, row: number, column: string, value: string): string {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const header = lines[0]!.split(',');
  const position = header.indexOf(column);
  if (position < 0) throw new Error(`no column ${column}`);
  const cells = lines[row - 1]!.split(',');
  cells[position] = value;
  lines[row - 1] = cells.join(',');
  return lines.join('\n');
}

/**
 * The ED results file for 2022_FJI_Viti_Levu_raw.csv, made from the ED5/ED50/ED95 the original
 * platform stored for the same study (seed project 61), in the calculator's layout.
 */
export function vitiLevuEdResults(): string {
  return edResultsFromSeedProject(seedJson, 61);
}
