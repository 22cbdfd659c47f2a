import { UNTRUSTWORTHY_FLAG_CODES } from '../thresholds/quality-flags';
import { THRESHOLD_KINDS, type ThresholdKind } from '../thresholds/threshold-kinds';
import type { ColonyCondition, ColonyPredicate } from '../filters/filter-predicate';
import { nameOf, type ColonyColumns } from './colony-columns';
import { selectionOf, type MapModel, type MapSelection } from './map-model';
import { siteKey, siteSummary, type SiteSummary } from './site-summary';

/**
 * The map's model over columns (decision 0041): the parts of the feed, in order, each as
 * ColonyColumns, joined by what the selection needs across parts (colony ids, sites by exact
 * coordinates, colour values), plus the filter sidebar's choices. Assembling it is copying a
 * few arrays, so a data change re-reads only the parts it touched.
 */
export interface ColumnarMapModel extends Pick<
  MapModel,
  | 'siteOf'
  | 'siteLatitude'
  | 'siteLongitude'
  | 'ed50Absolute'
  | 'ed50Relative'
  | 'species'
  | 'projects'
  | 'years'
> {
  parts: readonly ColonyColumns[];
  /** The index of each part's first colony; partStart[parts.length] is the count. */
  partStart: Int32Array;
  count: number;
  /** Colony ids by colony index (feed order, ascending). */
  ids: Int32Array;
  /** Each colony's species, an index into `species`. */
  speciesOf: Int32Array;
}

const byText = (a: string, b: string) => a.localeCompare(b, 'en');

/**
 * Assembles a model part by part (`add` each part in feed order, then `finish`), so a caller can
 * let other work run between parts: at a million colonies the whole takes about a hundred
 * milliseconds.
 */
export function modelAssembler(parts: readonly ColonyColumns[]) {
  const partStart = new Int32Array(parts.length + 1);
  parts.forEach((part, p) => (partStart[p + 1] = partStart[p]! + part.count));
  const count = partStart[parts.length]!;
  const ids = new Int32Array(count);
  const siteOf = new Int32Array(count);
  const ed50Absolute = new Float64Array(count);
  const ed50Relative = new Float64Array(count);
  const localSpeciesOf = new Int32Array(count);
  // Sites are the exact coordinates, as buildMapModel's keys `${latitude},${longitude}` (two
  // numbers give one key exactly when they are equal, 0 and -0 alike, as Map keys are).
  const siteNumbers = new Map<number, Map<number, number>>();
  const latitudes: number[] = [];
  const longitudes: number[] = [];
  const species = new Set<string>();
  const projects = new Set<string>();
  const years = new Set<number>();
  let added = 0;

  return {
    /** Adds the next part (they come in the order given). */
    add() {
      const p = added++;
      const part = parts[p]!;
      const start = partStart[p]!;
      ids.set(part.ids, start);
      ed50Absolute.set(part.ed50Absolute, start);
      ed50Relative.set(part.ed50Relative, start);
      const global = new Int32Array(part.siteLatitude.length);
      for (let s = 0; s < global.length; s++) {
        const latitude = part.siteLatitude[s]!;
        const longitude = part.siteLongitude[s]!;
        let atLatitude = siteNumbers.get(latitude);
        if (!atLatitude) {
          atLatitude = new Map();
          siteNumbers.set(latitude, atLatitude);
        }
        let site = atLatitude.get(longitude);
        if (site === undefined) {
          site = latitudes.length;
          atLatitude.set(longitude, site);
          latitudes.push(latitude);
          longitudes.push(longitude);
        }
        global[s] = site;
      }
      for (let i = 0; i < part.count; i++) siteOf[start + i] = global[part.siteOf[i]!]!;
      localSpeciesOf.set(part.speciesOf, start);
      for (const name of part.species) species.add(name);
      for (const name of part.projects) projects.add(name);
      for (const year of part.years) years.add(year);
    },

    /** The model, once every part was added. */
    finish(): ColumnarMapModel {
      if (added !== parts.length) throw new Error(`${added} of ${parts.length} parts added`);
      // Each part's species numbers, renumbered into the sorted list of all species.
      const sortedSpecies = [...species].sort(byText);
      const speciesNumber = new Map(sortedSpecies.map((name, n) => [name, n]));
      const speciesOf = new Int32Array(count);
      parts.forEach((part, p) => {
        const renumber = Int32Array.from(part.species, (name) => speciesNumber.get(name)!);
        for (let i = partStart[p]!; i < partStart[p + 1]!; i++) {
          speciesOf[i] = renumber[localSpeciesOf[i]!]!;
        }
      });
      return {
        parts,
        partStart,
        count,
        ids,
        speciesOf,
        siteOf,
        siteLatitude: Float64Array.from(latitudes),
        siteLongitude: Float64Array.from(longitudes),
        ed50Absolute,
        ed50Relative,
        species: sortedSpecies,
        projects: [...projects].sort(byText),
        years: [...years].sort((a, b) => a - b),
      };
    },
  };
}

export function assembleColumnarModel(parts: readonly ColonyColumns[]): ColumnarMapModel {
  const assembler = modelAssembler(parts);
  for (let p = 0; p < parts.length; p++) assembler.add();
  return assembler.finish();
}

/** Where colony `index` of the model lives: its part and its index in the part. */
export function locateColony(
  model: ColumnarMapModel,
  index: number,
): { part: ColonyColumns; local: number } {
  let low = 0;
  let high = model.parts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (model.partStart[middle]! <= index) low = middle;
    else high = middle - 1;
  }
  return { part: model.parts[low]!, local: index - model.partStart[low]! };
}

/** The id, name and species of colony `index`. */
export function colonyFacts(model: ColumnarMapModel, index: number) {
  const { part, local } = locateColony(model, index);
  return {
    id: model.ids[index]!,
    name: nameOf(part, local),
    species: model.species[model.speciesOf[index]!]!,
  };
}

/** The popups' site key (4 decimals, siteKey) of each of the model's sites, made once. */
const siteKeys = new WeakMap<ColumnarMapModel, string[]>();
function siteKeysOf(model: ColumnarMapModel): string[] {
  let keys = siteKeys.get(model);
  if (!keys) {
    keys = Array.from(model.siteLatitude, (latitude, s) =>
      siteKey(latitude, model.siteLongitude[s]!),
    );
    siteKeys.set(model, keys);
  }
  return keys;
}

/**
 * summarizeSites over the columnar model: the sites (4 decimals) of a marker's colonies
 * (`atMarker`), each over all the selection's colonies at that site, by way of the selection's
 * exact sites rather than colony by colony (a million colonies are selected at most; a few
 * thousand sites). The same summaries: each site's colonies are taken in feed order.
 */
export function summarizeColumnarSites(
  model: ColumnarMapModel,
  selection: MapSelection,
  atMarker: readonly number[],
): SiteSummary[] {
  const keys = siteKeysOf(model);
  const members = new Map<string, number[]>();
  for (const index of atMarker) {
    const key = keys[model.siteOf[index]!]!;
    if (!members.has(key)) members.set(key, []);
  }
  for (const site of selection.sites) {
    const indices = members.get(keys[site.site]!);
    if (indices) for (const index of site.colonies) indices.push(index);
  }
  return [...members].map(([key, list]) => {
    // Feed order; species counted by number (a cluster can hold most of a million colonies).
    const indices = Int32Array.from(list).sort();
    const perSpeciesNumber = new Int32Array(model.species.length);
    const values: number[] = [];
    for (const index of indices) {
      perSpeciesNumber[model.speciesOf[index]!]!++;
      const ed50 = model.ed50Absolute[index]!;
      if (!Number.isNaN(ed50)) values.push(ed50);
    }
    const perSpecies = new Map<string, number>();
    perSpeciesNumber.forEach((colonies, n) => {
      if (colonies > 0) perSpecies.set(model.species[n]!, colonies);
    });
    return siteSummary(key, indices.length, perSpecies, values);
  });
}

const UNTRUSTWORTHY = new Set<string>(UNTRUSTWORTHY_FLAG_CODES);

/** The columns know one flag set per entry: the untrustworthy flags (decision 0013). */
function checkFlags(flags: readonly string[]) {
  if (flags.length === UNTRUSTWORTHY.size && flags.every((flag) => UNTRUSTWORTHY.has(flag))) {
    return;
  }
  throw new Error(
    `columnar filter: the columns record only untrustworthy flags, not [${flags.join(', ')}]`,
  );
}

/** The columns know which colonies have only flagged entries over every kind together. */
function checkKinds(kinds: readonly ThresholdKind[]) {
  if (kinds.length === THRESHOLD_KINDS.length && THRESHOLD_KINDS.every((k) => kinds.includes(k))) {
    return;
  }
  throw new Error(
    `columnar filter: "only flagged" is recorded over every threshold kind, not [${kinds.join(', ')}]`,
  );
}

/**
 * Narrows `pass` (one byte per colony of the part) to the colonies meeting the condition, with
 * the meaning ColonyCondition documents (and compileColonyView has). Answers false when no
 * colony of the part can pass (a species or project the part does not have).
 */
function narrow(part: ColonyColumns, condition: ColonyCondition, pass: Uint8Array): boolean {
  const n = part.count;
  switch (condition.kind) {
    case 'species': {
      const wanted = part.species.indexOf(condition.equals);
      if (wanted < 0) return false;
      const { speciesOf } = part;
      for (let i = 0; i < n; i++) if (speciesOf[i] !== wanted) pass[i] = 0;
      return true;
    }
    case 'project': {
      const wanted = part.projects.indexOf(condition.name);
      if (wanted < 0) return false;
      const { projectStart, projectOf } = part;
      for (let i = 0; i < n; i++) {
        if (pass[i] === 0) continue;
        let found = false;
        for (let k = projectStart[i]!; k < projectStart[i + 1]! && !found; k++) {
          found = projectOf[k] === wanted;
        }
        if (!found) pass[i] = 0;
      }
      return true;
    }
    case 'collectionYear': {
      const wanted = new Set(condition.years);
      const { yearStart, years } = part;
      for (let i = 0; i < n; i++) {
        if (pass[i] === 0) continue;
        let found = false;
        for (let k = yearStart[i]!; k < yearStart[i + 1]! && !found; k++) {
          found = wanted.has(years[k]!);
        }
        if (!found) pass[i] = 0;
      }
      return true;
    }
    case 'thresholdInRange': {
      const exclude = condition.excludeFlags.length > 0;
      if (exclude) checkFlags(condition.excludeFlags);
      const { start, untrustworthy, absolute, relative } = part.thresholds[condition.thresholdKind];
      const values = condition.value === 'absolute' ? absolute : relative;
      const { min, max } = condition;
      for (let i = 0; i < n; i++) {
        if (pass[i] === 0) continue;
        let found = false;
        for (let e = start[i]!; e < start[i + 1]! && !found; e++) {
          const v = values[e]!;
          // NaN (null) is never in range.
          found = v >= min && v <= max && !(exclude && untrustworthy[e] === 1);
        }
        if (!found) pass[i] = 0;
      }
      return true;
    }
    case 'notOnlyFlagged': {
      checkFlags(condition.flags);
      checkKinds(condition.thresholdKinds);
      const { onlyFlagged } = part;
      for (let i = 0; i < n; i++) if (onlyFlagged[i] === 1) pass[i] = 0;
      return true;
    }
  }
}

/** The indices (feed order) of the colonies meeting every condition of the predicate. */
export function matchingColonies(model: ColumnarMapModel, predicate: ColonyPredicate): Int32Array {
  const chosen = new Int32Array(model.count);
  let count = 0;
  const pass = new Uint8Array(Math.max(0, ...model.parts.map((part) => part.count)));
  model.parts.forEach((part, p) => {
    pass.fill(1, 0, part.count);
    for (const condition of predicate.all) {
      if (!narrow(part, condition, pass)) return;
    }
    const start = model.partStart[p]!;
    for (let i = 0; i < part.count; i++) if (pass[i] === 1) chosen[count++] = start + i;
  });
  return chosen.subarray(0, count);
}

/**
 * The map's selection for a filter predicate (colonyPredicate of the normalised filter set):
 * the same colonies, sites, colour sums, frame, mean and bounds as selectColonies with
 * compileColonyFilter over the feed the columns were built from (decision 0041 proves it on
 * random filter sets), so buildClusterIndex gives the same markers. Colony indices are this
 * model's.
 */
export function selectColumnar(model: ColumnarMapModel, predicate: ColonyPredicate): MapSelection {
  return selectionOf(matchingColonies(model, predicate), model);
}
