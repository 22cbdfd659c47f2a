import type { TColony } from '../contract';
import { isUntrustworthy } from '../thresholds/quality-flags';
import {
  THRESHOLD_KIND_INFO,
  THRESHOLD_KINDS,
  type ThresholdKind,
} from '../thresholds/threshold-kinds';

/**
 * A run of colonies (one part of the published feed, decision 0038) as typed arrays: everything
 * the map's filter reads (species, projects, collection years, each kind's absolute and relative
 * values and whether an entry carries an untrustworthy flag), the coordinates, the colour values
 * and the names, without one object per colony. The server keeps a million colonies this way in
 * about a tenth of the memory of the parsed feed (decision 0041).
 *
 * Lists per colony are stored flat: colony i's entries are [start[i], start[i + 1]).
 */
export interface ThresholdColumns {
  start: Int32Array;
  /** Absolute and relative values; NaN where the feed has null. */
  absolute: Float64Array;
  relative: Float64Array;
  /** 1 when the entry carries an untrustworthy flag (what "Hide flagged values" hides). */
  untrustworthy: Uint8Array;
}

export interface ColonyColumns {
  count: number;
  /** Colony ids, ascending (the feed's order). */
  ids: Int32Array;
  /** The colonies' distinct exact coordinates, in order of their first colony, and each colony's. */
  siteLatitude: Float64Array;
  siteLongitude: Float64Array;
  siteOf: Int32Array;
  /** Distinct species in order of first colony, and each colony's. */
  species: string[];
  speciesOf: Int32Array;
  /** Distinct project names in order of first use, and each colony's (indices into `projects`). */
  projects: string[];
  projectStart: Int32Array;
  projectOf: Int32Array;
  /** Each colony's collection years. */
  yearStart: Int32Array;
  years: Int32Array;
  thresholds: Record<ThresholdKind, ThresholdColumns>;
  /** The colonies' names, concatenated; colony i's is nameText.slice(nameStart[i], nameStart[i + 1]). */
  nameText: string;
  nameStart: Int32Array;
  /** The map's colour values: mean trustworthy ED50 (absolute, relative to MMM); NaN without one. */
  ed50Absolute: Float64Array;
  ed50Relative: Float64Array;
  /**
   * 1 when the colony has threshold entries and every one carries an untrustworthy flag: the
   * colonies "Hide flagged values" hides as a whole (decision 0013).
   */
  onlyFlagged: Uint8Array;
}

/** What the columns derive from the thresholds when built or decoded (not stored). */
export function derivedColumns(thresholds: Record<ThresholdKind, ThresholdColumns>, count: number) {
  const entries = new Int32Array(count);
  const trustworthy = new Uint8Array(count);
  for (const kind of THRESHOLD_KINDS) {
    const { start, untrustworthy } = thresholds[kind];
    for (let i = 0; i < count; i++) {
      entries[i]! += start[i + 1]! - start[i]!;
      for (let e = start[i]!; e < start[i + 1]!; e++) {
        if (untrustworthy[e] === 0) trustworthy[i] = 1;
      }
    }
  }
  const onlyFlagged = new Uint8Array(count);
  for (let i = 0; i < count; i++) onlyFlagged[i] = entries[i]! > 0 && trustworthy[i] === 0 ? 1 : 0;
  return { ...colourValues(thresholds.ed50, count), onlyFlagged };
}

/** The colour values of each colony, as buildMapModel computes them (decision 0002). */
export function colourValues(ed50: ThresholdColumns, count: number) {
  const ed50Absolute = new Float64Array(count);
  const ed50Relative = new Float64Array(count);
  for (let i = 0; i < count; i++) {
    let sumAbsolute = 0;
    let countAbsolute = 0;
    let sumRelative = 0;
    let countRelative = 0;
    for (let e = ed50.start[i]!; e < ed50.start[i + 1]!; e++) {
      if (ed50.untrustworthy[e] === 1) continue;
      const absolute = ed50.absolute[e]!;
      const relative = ed50.relative[e]!;
      if (!Number.isNaN(absolute)) {
        sumAbsolute += absolute;
        countAbsolute++;
      }
      if (!Number.isNaN(relative)) {
        sumRelative += relative;
        countRelative++;
      }
    }
    ed50Absolute[i] = countAbsolute === 0 ? Number.NaN : sumAbsolute / countAbsolute;
    ed50Relative[i] = countRelative === 0 ? Number.NaN : sumRelative / countRelative;
  }
  return { ed50Absolute, ed50Relative };
}

/**
 * A number as the feed's JSON gives it back: JSON.stringify writes -0 as 0 and non-finite
 * numbers as null (NaN here), so columns built from the database's values equal those built
 * from the parsed feed.
 */
const asInJson = (value: number | null | undefined): number =>
  typeof value === 'number' && Number.isFinite(value) ? value + 0 : Number.NaN;

/** Distinct values numbered in order of first use. */
class Dictionary<T> {
  readonly values: T[] = [];
  private readonly numbers = new Map<T, number>();
  numberOf(value: T): number {
    let n = this.numbers.get(value);
    if (n === undefined) {
      n = this.values.length;
      this.numbers.set(value, n);
      this.values.push(value);
    }
    return n;
  }
}

/** A growable list of numbers for the flat lists (copied once into a typed array). */
const flat = () => [] as number[];

/**
 * The columns of colonies as the feed lists them (in id order). The threshold values are read
 * under the kind's abs_/rel_ keys: the feed's `<kind>` and `<kind>_mmm` keys repeat them
 * (thresholdEntry), and the filter's ed ranges compare the same values.
 */
export function columnsFromColonies(colonies: readonly TColony[]): ColonyColumns {
  const count = colonies.length;
  const ids = new Int32Array(count);
  const sites = new Dictionary<string>();
  const siteLatitude = flat();
  const siteLongitude = flat();
  const siteOf = new Int32Array(count);
  const species = new Dictionary<string>();
  const speciesOf = new Int32Array(count);
  const projects = new Dictionary<string>();
  const projectStart = new Int32Array(count + 1);
  const projectOf = flat();
  const yearStart = new Int32Array(count + 1);
  const years = flat();
  const names: string[] = [];
  const nameStart = new Int32Array(count + 1);
  const entries = THRESHOLD_KINDS.map(() => ({
    start: new Int32Array(count + 1),
    absolute: flat(),
    relative: flat(),
    untrustworthy: flat(),
  }));
  let nameLength = 0;
  for (let i = 0; i < count; i++) {
    const colony = colonies[i]!;
    ids[i] = colony.id;
    const latitude = asInJson(colony.latitude);
    const longitude = asInJson(colony.longitude);
    // The site key of buildMapModel.
    const site = sites.numberOf(`${latitude},${longitude}`);
    if (site === siteLatitude.length) {
      siteLatitude.push(latitude);
      siteLongitude.push(longitude);
    }
    siteOf[i] = site;
    speciesOf[i] = species.numberOf(colony.species);
    for (const project of colony.projects) projectOf.push(projects.numberOf(project));
    projectStart[i + 1] = projectOf.length;
    for (const year of colony.collection_years ?? []) years.push(year);
    yearStart[i + 1] = years.length;
    names.push(colony.name);
    nameLength += colony.name.length;
    nameStart[i + 1] = nameLength;
    THRESHOLD_KINDS.forEach((kind, k) => {
      const { listKey, absKey, relKey } = THRESHOLD_KIND_INFO[kind];
      const columns = entries[k]!;
      for (const entry of colony[listKey]) {
        const values = entry as unknown as Record<string, number | null>;
        columns.absolute.push(asInJson(values[absKey]));
        columns.relative.push(asInJson(values[relKey]));
        columns.untrustworthy.push(isUntrustworthy(entry.quality_flags) ? 1 : 0);
      }
      columns.start[i + 1] = columns.absolute.length;
    });
  }
  const thresholds = Object.fromEntries(
    THRESHOLD_KINDS.map((kind, k) => {
      const columns = entries[k]!;
      return [
        kind,
        {
          start: columns.start,
          absolute: Float64Array.from(columns.absolute),
          relative: Float64Array.from(columns.relative),
          untrustworthy: Uint8Array.from(columns.untrustworthy),
        },
      ];
    }),
  ) as Record<ThresholdKind, ThresholdColumns>;
  return {
    count,
    ids,
    siteLatitude: Float64Array.from(siteLatitude),
    siteLongitude: Float64Array.from(siteLongitude),
    siteOf,
    species: species.values,
    speciesOf,
    projects: projects.values,
    projectStart,
    projectOf: Int32Array.from(projectOf),
    yearStart,
    years: Int32Array.from(years),
    thresholds,
    nameText: names.join(''),
    nameStart,
    ...derivedColumns(thresholds, count),
  };
}

/** Colony i's name. */
export const nameOf = (columns: ColonyColumns, i: number): string =>
  columns.nameText.slice(columns.nameStart[i], columns.nameStart[i + 1]);
