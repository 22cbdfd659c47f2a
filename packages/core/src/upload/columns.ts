/**
 * The columns of the files researchers upload, and how header variants are recognised: case,
 * spaces, dots and underscores do not matter ("colony name", "Colony_Name" and "Colony.name" are
 * one column), a unit in brackets is ignored ("Temperature (°C)"), and a few obvious synonyms are
 * known ("Colony.ed50_value" for "Colony.ed50", "Fv/Fm" for "Pam_value"). Every recognised column
 * is reported with how it was matched, so the researcher sees what was read as what.
 */
export type UploadFormat = 'standard' | 'raw';
export type CsvSchema = UploadFormat | 'ed50';

export interface ColumnSpec {
  /** Internal field id. */
  id: string;
  /** The column's canonical name (the spec's spelling). */
  name: string;
  /** Must be present in the header. */
  required: boolean;
  /** Other names, compared after normalisation. */
  synonyms: readonly string[];
}

const col = (id: string, name: string, required: boolean, ...synonyms: string[]): ColumnSpec => ({
  id,
  name,
  required,
  synonyms,
});

/** Spec §3 "Upload preview expected columns" (all required), plus optional extras. */
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
  col(
    'colonyEd50',
    'Colony.ed50',
    true,
    'Colony.ed50_value',
    'ed50',
    'ed50 value',
    'colony thermal tolerance',
  ),
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
  col('colonyEd5', 'Colony.ed5', false, 'Colony.ed5_value', 'ed5', 'colony breakpoint temperature'),
  col('colonyEd95', 'Colony.ed95', false, 'Colony.ed95_value', 'ed95', 'colony thermal limit'),
  col('mmm', 'Colony.mmm', false, 'mmm', 'sst_clim_mmm', 'Colony.sst_clim_mmm', 'mmm sst'),
];

/** The raw CBASS long format (CBASSED50's input; algorithm doc §2), plus an optional MMM. */
export const RAW_COLUMNS: readonly ColumnSpec[] = [
  col('project', 'Project', true, 'project name'),
  col('date', 'Date', true, 'assay date', 'experiment date'),
  col('country', 'Country', true, 'country code'),
  col('latitude', 'Latitude', true, 'lat'),
  col('longitude', 'Longitude', true, 'lon', 'long', 'lng'),
  col('site', 'Site', true, 'site name'),
  col('condition', 'Condition', true),
  col('species', 'Species', true),
  col('genotype', 'Genotype', true, 'geno', 'genet'),
  col('temperature', 'Temperature', true, 'temp'),
  col('timepoint', 'Timepoint', true, 'time point'),
  col('pamValue', 'Pam_value', true, 'pam', 'fv/fm', 'fvfm', 'pam value'),
  col('mmm', 'MMM', false, 'sst_clim_mmm', 'mmm sst'),
];

/** The calculator's ED results file; the leading unnamed index column is ignored. */
export const ED_COLUMNS: readonly ColumnSpec[] = [
  col('ed5', 'ED5', false),
  col('ed50', 'ED50', true),
  col('ed95', 'ED95', false),
  col('groupingProperty', 'GroupingProperty', false, 'grouping property', 'grouping'),
  col('site', 'Site', true),
  col('condition', 'Condition', true),
  col('species', 'Species', true),
  col('timepoint', 'Timepoint', true),
  col('genotype', 'Genotype', false, 'geno'),
];

export const SCHEMA_COLUMNS: Readonly<Record<CsvSchema, readonly ColumnSpec[]>> = {
  standard: STANDARD_COLUMNS,
  raw: RAW_COLUMNS,
  ed50: ED_COLUMNS,
};

export const FORMAT_LABELS: Readonly<Record<CsvSchema, string>> = {
  standard: 'Standard schema (Project.name … Publication.doi)',
  raw: 'Raw CBASS long format (Project, Date, … Pam_value)',
  ed50: 'ED50 results file (ED5, ED50, ED95, GroupingProperty, …)',
};

/** "Temperature (°C)" → "temperature"; "Colony.ed50_value" → "colonyed50value". */
export function normaliseColumnName(name: string): string {
  return name
    .replace(/^\uFEFF/, '')
    .replace(/\([^)]*\)|\[[^\]]*\]/g, '')
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

export type MatchKind = 'exact' | 'variant' | 'synonym';

export interface ColumnMatch {
  /** Canonical name, e.g. "Colony.ed50". */
  column: string;
  /** The header cell as written. */
  found: string;
  /** 0-based position in the header. */
  position: number;
  how: MatchKind;
}

export interface HeaderRecognition {
  schema: CsvSchema;
  /** Field id → position. */
  index: Map<string, number>;
  matches: ColumnMatch[];
  /** Required columns not found (canonical names). */
  missing: string[];
  /** Header cells that are not part of the schema (ignored), with their positions. */
  ignored: { found: string; position: number }[];
  /** Header cells that repeat a column already read. */
  duplicates: { found: string; position: number; column: string }[];
}

/** Finds every column of a schema in a header: exact names first, then variants, then synonyms. */
export function recognizeHeader(header: readonly string[], schema: CsvSchema): HeaderRecognition {
  const specs = SCHEMA_COLUMNS[schema];
  const cells = header.map((cell) => cell.replace(/^\uFEFF/, '').trim());
  const loose = cells.map(normaliseColumnName);
  const claimed = new Set<number>();
  const index = new Map<string, number>();
  const matches: ColumnMatch[] = [];

  const claim = (spec: ColumnSpec, position: number, how: MatchKind) => {
    claimed.add(position);
    index.set(spec.id, position);
    matches.push({ column: spec.name, found: header[position] ?? '', position, how });
  };
  const free = (predicate: (position: number) => boolean) =>
    cells.findIndex((_, position) => !claimed.has(position) && predicate(position));

  // Three passes so an exact name is never taken by another column's synonym.
  for (const spec of specs) {
    const position = free((p) => cells[p] === spec.name);
    if (position >= 0) claim(spec, position, 'exact');
  }
  for (const spec of specs) {
    if (index.has(spec.id)) continue;
    const position = free((p) => loose[p] === normaliseColumnName(spec.name));
    if (position >= 0) claim(spec, position, 'variant');
  }
  for (const spec of specs) {
    if (index.has(spec.id)) continue;
    const names = new Set(spec.synonyms.map(normaliseColumnName));
    const position = free((p) => loose[p] !== '' && names.has(loose[p]!));
    if (position >= 0) claim(spec, position, 'synonym');
  }

  const ignored: HeaderRecognition['ignored'] = [];
  const duplicates: HeaderRecognition['duplicates'] = [];
  cells.forEach((cell, position) => {
    if (claimed.has(position) || cell === '') return;
    const repeated = specs.find((spec) => {
      const at = index.get(spec.id);
      return at !== undefined && loose[at] === loose[position];
    });
    if (repeated) {
      duplicates.push({ found: header[position] ?? '', position, column: repeated.name });
    } else ignored.push({ found: header[position] ?? '', position });
  });
  matches.sort((a, b) => a.position - b.position);
  const missing = specs.filter((spec) => spec.required && !index.has(spec.id)).map((s) => s.name);
  return { schema, index, matches, missing, ignored, duplicates };
}

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
 * Which kind of file a header belongs to: the standard schema (entity-prefixed columns), the raw
 * CBASS format, an ED results file, or none of them.
 */
export function detectSchema(header: readonly string[]): CsvSchema | null {
  const loose = new Set(header.map(normaliseColumnName));
  const prefixed = [...loose].filter((name) =>
    STANDARD_PREFIXES.some((prefix) => name.startsWith(prefix) && name.length > prefix.length),
  );
  const has = (...names: string[]) => names.some((name) => loose.has(name));
  const isEd =
    has('ed50') &&
    (has('groupingproperty') || (has('site') && !has('pamvalue', 'pam', 'temperature')));
  if (isEd && !has('pamvalue', 'pam', 'fvfm')) return 'ed50';
  if (prefixed.length >= 3) return 'standard';
  const rawSignals = [
    'site',
    'genotype',
    'pamvalue',
    'temperature',
    'timepoint',
    'condition',
    'species',
  ].filter((name) => loose.has(name)).length;
  if (rawSignals >= 4) return 'raw';
  return null;
}
