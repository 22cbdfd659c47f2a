import { groupingTuple } from '../../pair-check';
import type { UploadLayout } from '../format';
import { REQUIRED_KIND, STANDARD_COLUMNS, STANDARD_THRESHOLD_COLUMNS } from './columns';
import { readStandardRows } from './read-rows';

/** Headers that only the standard schema uses (entity-prefixed names). */
const STANDARD_PREFIXES = [
  'project',
  'experiment',
  'colony',
  'biosample',
  'observation',
  'publication',
];

/**
 * The standard schema (product-spec §3: Project.name … Publication.doi), one row per observation,
 * the ED values inline per colony; the ED results file is optional when Colony.ed50 is there.
 */
export const standardSheet = {
  id: 'standard',
  label: 'Standard schema (Project.name … Publication.doi)',
  shortLabel: 'standard schema',
  sheetName: 'standard',
  template: 'the standard template',
  columns: STANDARD_COLUMNS,
  detect: (header) =>
    [...header.names].filter((name) =>
      STANDARD_PREFIXES.some((prefix) => name.startsWith(prefix) && name.length > prefix.length),
    ).length >= 3,
  edFile: { needed: 'unless-inline', inlineColumn: STANDARD_THRESHOLD_COLUMNS[REQUIRED_KIND].name },
  readRows: readStandardRows,
  edMatching: {
    // Site is the experiment, Genotype the colony (or the end of its name).
    tuples({ colony, condition, timepoint, observations }) {
      const sites = [...new Set(observations.map((o) => o.site).concat(colony.site ?? []))];
      const tuples = new Set<string>();
      for (const site of sites) {
        tuples.add(
          groupingTuple(site, condition ?? '', colony.species, timepoint ?? '', colony.name),
        );
        const prefix = `${site}_${colony.species.replace(/\s+/g, '_')}_`;
        if (colony.name.startsWith(prefix) && colony.name.length > prefix.length) {
          tuples.add(
            groupingTuple(
              site,
              condition ?? '',
              colony.species,
              timepoint ?? '',
              colony.name.slice(prefix.length),
            ),
          );
        }
      }
      return [...tuples];
    },
    unmatched: ({ colony, condition, timepoint }) => ({
      what: `colony ${colony.name} (${colony.species}), condition ${condition ?? '—'}, timepoint ${timepoint ?? '—'}`,
      field: 'colonyName',
    }),
  },
} as const satisfies UploadLayout<'standard'>;
