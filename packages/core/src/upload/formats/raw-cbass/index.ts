import { describeGroup, groupingTuple } from '../../pair-check';
import type { UploadLayout } from '../format';
import { RAW_CBASS_COLUMNS } from '../../../tabular/raw-cbass/columns';
import { readRawRows } from './read-rows';

/** Columns a raw CBASS header has (normalised); four of them make a raw header. */
const RAW_SIGNALS = [
  'site',
  'genotype',
  'pamvalue',
  'temperature',
  'timepoint',
  'condition',
  'species',
];

/**
 * The raw CBASS long format (CBASSED50's input, one row per nubbin; its columns are
 * tabular/raw-cbass/columns.ts). Its ED values come from the ED results file the calculator
 * wrote for it, which is therefore needed.
 */
export const rawCbass = {
  id: 'raw',
  label: 'Raw CBASS long format (Project, Date, … Pam_value)',
  shortLabel: 'raw CBASS format',
  sheetName: 'raw CBASS',
  template: 'the raw CBASS template',
  columns: RAW_CBASS_COLUMNS,
  detect: (header) => header.count(RAW_SIGNALS) >= 4,
  edFile: {
    needed: 'always',
    problem: 'A raw CBASS file needs its ED50 results file.',
    fix: 'Run the ED50 calculator on this file, download ED50_Results.csv and choose it as the second file.',
  },
  readRows: readRawRows,
  edMatching: {
    tuples: ({ colony, condition, timepoint }) => [
      groupingTuple(
        colony.site ?? '',
        condition ?? '',
        colony.species,
        timepoint ?? '',
        colony.genotype ?? '',
      ),
    ],
    unmatched: ({ colony, condition, timepoint }) => ({
      what: describeGroup({
        site: colony.site ?? '',
        condition: condition ?? '',
        species: colony.species,
        timepoint: timepoint ?? '',
        genotype: colony.genotype ?? '',
      }),
      field: 'genotype',
    }),
  },
} as const satisfies UploadLayout<'raw'>;
