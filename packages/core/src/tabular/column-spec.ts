/**
 * How the columns of a file are recognised, whatever its format: case, spaces, dots and
 * underscores do not matter ("colony name", "Colony_Name" and "Colony.name" are one column), a
 * unit in brackets is ignored ("Temperature (°C)"), and a few obvious synonyms are known
 * ("Colony.ed50_value" for "Colony.ed50", "Fv/Fm" for "Pam_value"). Every recognised column is
 * reported with how it was matched, so the researcher sees what was read as what. The columns
 * themselves belong to the formats (upload/formats/, tabular/raw-cbass/columns.ts).
 */
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

export function col(
  id: string,
  name: string,
  required: boolean,
  ...synonyms: string[]
): ColumnSpec {
  return { id, name, required, synonyms };
}

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

export interface ColumnRecognition {
  /** Field id → position. */
  index: Map<string, number>;
  matches: ColumnMatch[];
  /** Required columns not found (canonical names). */
  missing: string[];
  /** Header cells that are not part of the format (ignored), with their positions. */
  ignored: { found: string; position: number }[];
  /** Header cells that repeat a column already read. */
  duplicates: { found: string; position: number; column: string }[];
}

export interface MatchOptions {
  /** Accept the columns' synonyms (default); without, only exact names and their variants. */
  synonyms?: boolean;
}

/** Finds every column of a list in a header: exact names first, then variants, then synonyms. */
export function matchColumns(
  header: readonly string[],
  specs: readonly ColumnSpec[],
  options: MatchOptions = {},
): ColumnRecognition {
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
  for (const spec of options.synonyms === false ? [] : specs) {
    if (index.has(spec.id)) continue;
    const names = new Set(spec.synonyms.map(normaliseColumnName));
    const position = free((p) => loose[p] !== '' && names.has(loose[p]!));
    if (position >= 0) claim(spec, position, 'synonym');
  }

  const ignored: ColumnRecognition['ignored'] = [];
  const duplicates: ColumnRecognition['duplicates'] = [];
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
  return { index, matches, missing, ignored, duplicates };
}

/** A header's column names, normalised, for telling formats apart. */
export class HeaderNames {
  readonly names: ReadonlySet<string>;

  constructor(header: readonly string[]) {
    this.names = new Set(header.map(normaliseColumnName));
  }

  /** Whether any of these normalised names is a column. */
  has(...names: string[]): boolean {
    return names.some((name) => this.names.has(name));
  }

  /** How many of these normalised names are columns. */
  count(names: readonly string[]): number {
    return names.filter((name) => this.names.has(name)).length;
  }
}
