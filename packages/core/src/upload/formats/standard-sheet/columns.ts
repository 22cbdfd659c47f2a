import {
  perThresholdKind,
  THRESHOLD_KIND_INFO,
  THRESHOLD_KINDS_BY_LEVEL,
  type ThresholdKind,
} from '../../../thresholds/threshold-kinds';
import { col, type ColumnSpec } from '../../../tabular/column-spec';

/**
 * The kind whose inline column the spec requires (product-spec §3: Colony.ed50 among the 18
 * columns).
 */
export const REQUIRED_KIND: ThresholdKind = THRESHOLD_KIND_INFO.ed50.kind;

/**
 * The inline column of each threshold kind: "Colony.ed50", also read as "Colony.ed50_value",
 * "ED50", "ED50 value" and "Colony thermal tolerance" (the kind's label). Field id "colonyEd50".
 */
export const STANDARD_THRESHOLD_COLUMNS: Readonly<Record<ThresholdKind, ColumnSpec>> =
  perThresholdKind((kind) =>
    col(
      `colony${kind.charAt(0).toUpperCase()}${kind.slice(1)}`,
      `Colony.${kind}`,
      kind === REQUIRED_KIND,
      `Colony.${kind}_value`,
      kind,
      `${kind} value`,
      `colony ${THRESHOLD_KIND_INFO[kind].label.toLowerCase()}`,
    ),
  );

/** Product-spec §3 "Upload preview expected columns" (all required), plus optional extras. */
export const STANDARD_COLUMNS: readonly ColumnSpec[] = [
  col('projectName', 'Project.name', true, 'project', 'project title'),
  col('experimentName', 'Experiment.name', true, 'experiment'),
  col('experimentDate', 'Experiment.date', true, 'experiment date'),
  col('colonyName', 'Colony.name', true, 'colony'),
  col('colonyCountry', 'Colony.country', true, 'country'),
  col('colonyLatitude', 'Colony.latitude', true, 'latitude', 'lat', 'colony lat'),
  col(
    'colonyLongitude',
    'Colony.longitude',
    true,
    'longitude',
    'lon',
    'long',
    'lng',
    'colony lon',
    'colony long',
    'colony lng',
  ),
  col('colonySpecies', 'Colony.species', true, 'species'),
  STANDARD_THRESHOLD_COLUMNS[REQUIRED_KIND],
  col('biosampleName', 'BioSample.name', true, 'biosample', 'sample name', 'sample'),
  col(
    'biosampleCollectionDate',
    'BioSample.collection_date',
    true,
    'collection date',
    'biosample date',
  ),
  col('condition', 'Observation.condition', true, 'condition'),
  col('temperature', 'Observation.temperature', true, 'temperature', 'temp', 'observation temp'),
  col('timepoint', 'Observation.timepoint', true, 'timepoint'),
  col(
    'pamValue',
    'Observation.pam_value',
    true,
    'observation pam',
    'pam value',
    'pam',
    'fv/fm',
    'observation fv/fm',
  ),
  col('publicationTitle', 'Publication.title', true, 'publication'),
  col('publicationYear', 'Publication.year', true),
  col('publicationDoi', 'Publication.doi', true, 'doi'),
  ...THRESHOLD_KINDS_BY_LEVEL.filter((kind) => kind !== REQUIRED_KIND).map(
    (kind) => STANDARD_THRESHOLD_COLUMNS[kind],
  ),
  col('mmm', 'Colony.mmm', false, 'mmm', 'sst_clim_mmm', 'Colony.sst_clim_mmm', 'mmm sst'),
];
