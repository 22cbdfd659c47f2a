import { THRESHOLD_KIND_INFO, THRESHOLD_KINDS } from '../../thresholds/threshold-kinds';
import { DEGREES_CELSIUS_UNIT_ID } from './dwca-terms';

/**
 * The platform's own vocabulary of measurement types (docs/decisions/0058-obis-ready-archives-and-friendly-files.md).
 * No controlled vocabulary (NERC P01, the OBIS BODC lists) names a CBASS effective dose or the
 * MMM climatology as this platform computes them, so each type has its own page,
 * `/api/public/terms/<id>`, that a `measurementTypeID` points to. The unit has a controlled
 * identifier: NERC P06 UPAA (degrees Celsius).
 */
export interface MeasurementTerm {
  id: string;
  /** The `measurementType` text of the archive. */
  label: string;
  definition: string;
  unit: string | null;
  unitId: string | null;
}

/** The page of a term: what a `measurementTypeID` names. */
export const TERMS_PATH = '/api/public/terms';
export const measurementTermUrl = (publicUrl: string, termId: string) =>
  `${publicUrl}${TERMS_PATH}/${termId}`;

const celsius = { unit: '°C', unitId: DEGREES_CELSIUS_UNIT_ID } as const;

export const MEASUREMENT_TERMS: readonly MeasurementTerm[] = [
  ...THRESHOLD_KINDS.flatMap((kind): MeasurementTerm[] => {
    const { edLabel, label, meaning } = THRESHOLD_KIND_INFO[kind];
    return [
      {
        id: `${kind}-absolute`,
        label: `${edLabel} (${label}) absolute`,
        definition: `${edLabel} of a coral colony in a CBASS acute heat-stress assay: the ${meaning}, from a dose-response fit of Fv/Fm over assay temperature.`,
        ...celsius,
      },
      {
        id: `${kind}-relative`,
        label: `${edLabel} relative to MMM`,
        definition: `${edLabel} minus the maximum monthly mean sea-surface temperature climatology (MMM) at the colony.`,
        ...celsius,
      },
    ];
  }),
  {
    id: 'mmm',
    label: 'MMM (maximum monthly mean SST climatology)',
    definition:
      'Maximum monthly mean sea-surface temperature climatology at the colony (NOAA Coral Reef Watch), as submitted by the data provider.',
    ...celsius,
  },
  {
    id: 'quality-flag',
    label: 'data-quality flag',
    definition:
      'A data-quality flag of the platform on the measurement named by relatedResourceID; the value is the flag code, measurementValueID its description on the quality-flags page.',
    unit: null,
    unitId: null,
  },
];

const BY_ID = new Map(MEASUREMENT_TERMS.map((term) => [term.id, term]));

export function measurementTerm(id: string): MeasurementTerm | undefined {
  return BY_ID.get(id);
}
