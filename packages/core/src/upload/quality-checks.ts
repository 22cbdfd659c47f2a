import { checkLand, ON_LAND_FLAG_KM } from '../geo/land-check';
import { PLAUSIBLE_ABSOLUTE_RANGE_C } from '../thresholds/quality-flags';
import {
  THRESHOLD_KIND_INFO,
  THRESHOLD_KINDS,
  THRESHOLD_KINDS_BY_LEVEL,
} from '../thresholds/threshold-kinds';
import type { PlanBuilder } from './plan-builder';
import type { FlagList } from './quality-flags';
import { type UploadFlagCode, type UploadQualityFlag } from './quality-flags';
import { refitCurves } from './refit';
import { UPLOAD_REFIT_PROVENANCE } from '../thresholds/ed-provenance';
import type { ColonyEdResult } from '../ed50/types';
import type { PlanColony, PlanCurve, PlanObservation } from './upload-plan';

/**
 * A value within this of the refit's is the engine's number (°C): ED files that round to two
 * decimals still count as reproduced; anything further differs in a digit researchers see.
 */
export const REFIT_REPRODUCES_C = 0.005;

/** A refitted ED50 further than this from the uploaded one is flagged (°C). */
export const REFIT_TOLERANCE_C = 0.5;
/** CBASS needs at least 4 temperatures per colony (product-spec §9: 4 temperature profiles). */
export const MIN_TEMPERATURES = 4;

const round2 = (value: number) => Math.round(value * 100) / 100;

export interface QualityCheckOptions {
  refitMaxColonies?: number;
}

/**
 * The checks that need no database: each curve (colony × condition × timepoint) is checked
 * against its own measurements and refitted with the ED engine. Flags never block the import.
 */
export function runQualityChecks(
  builder: PlanBuilder,
  flags: FlagList,
  options: QualityCheckOptions = {},
): void {
  const measurements = new Map<string, PlanObservation[]>();
  for (const observation of builder.observations) {
    if (observation.pamValue === null) continue;
    const key = observation.curveKey;
    const list = measurements.get(key);
    if (list) list.push(observation);
    else measurements.set(key, [observation]);
  }
  const refit = refitCurves(builder.observations, builder.colonies, options.refitMaxColonies);

  for (const curve of builder.curves.values()) {
    const colony = builder.colonies.get(curve.colonyKey)!;
    const flag = (code: UploadFlagCode, message: string, value: number | null) =>
      flags.add(curveFlag(code, message, colony, curve, value));
    checkValues(curve, flag);
    const observed = measurements.get(curve.key) ?? [];
    if (observed.length === 0) continue;
    checkResponse(curve, observed, flag);

    const result = refit.results.get(curve.key);
    if (!result) continue;
    recordRefitProvenance(curve, result);
    if (curve.ed50 === null) continue;
    const refitted = result.ed50.value;
    if (refitted === null) {
      const reasons = result.flags.map((f) => f.message).join(' ');
      flag(
        'refit_not_possible',
        `The ED engine could not confirm the ED50: ${reasons}`,
        curve.ed50,
      );
    } else if (Math.abs(refitted - curve.ed50) > REFIT_TOLERANCE_C) {
      flag(
        'refit_disagrees',
        `Refitting the PAM data gives ED50 ${round2(refitted)} °C, ${round2(Math.abs(refitted - curve.ed50))} °C from the uploaded ${curve.ed50} °C.`,
        curve.ed50,
      );
    }
  }

  for (const error of refit.errors) {
    flags.add(fileFlag('refit_not_possible', `The ED engine could not refit this file: ${error}`));
  }
  for (const group of refit.oversizedGroups) {
    flags.add(
      fileFlag(
        'refit_skipped',
        `Group ${group.label} has ${group.colonies} colonies: too many to refit jointly here, so its ED50s were not checked by a refit.`,
      ),
    );
  }
  const notChecked =
    refit.candidateColonies -
    refit.refittedColonies -
    refit.oversizedGroups.reduce((n, g) => n + g.colonies, 0);
  if (notChecked > 0) {
    flags.add(
      fileFlag(
        'refit_skipped',
        `The refit checked ${refit.refittedColonies} of ${refit.candidateColonies} colonies (the first groups of the file); the others were not refitted.`,
      ),
    );
  }

  const withCurve = new Set([...builder.curves.values()].map((curve) => curve.colonyKey));
  for (const colony of builder.colonies.values()) {
    if (withCurve.has(colony.key)) continue;
    flags.add(
      colonyFlag(
        'no_ed50',
        `Colony ${colony.name} has measurements but no ED50 value: it is stored without thresholds.`,
        colony,
      ),
    );
  }
  checkLocations(builder, flags);
}

/**
 * A colony whose coordinates lie more than ON_LAND_FLAG_KM inland (Natural Earth land,
 * decision 0022): usually swapped or mistyped latitude/longitude, or a sign lost. Flagged only.
 * One flag per place, as the MMM flags are (decision 0056): the colonies of a site share its
 * coordinates, and one mistake there is one thing to fix, not 28 lines.
 */
function checkLocations(builder: PlanBuilder, flags: FlagList): void {
  const places = new Map<string, PlanColony[]>();
  for (const colony of builder.colonies.values()) {
    const place = `${colony.latitude}, ${colony.longitude}`;
    const here = places.get(place);
    if (here) here.push(colony);
    else places.set(place, [colony]);
  }
  for (const here of places.values()) {
    const first = here[0]!;
    const place = checkLand(first.latitude, first.longitude);
    if (!place.onLand || place.kmFromSea <= ON_LAND_FLAG_KM) continue;
    const where = `latitude ${first.latitude}, longitude ${first.longitude}${place.kmFromSea < 1000 ? `, about ${Math.round(place.kmFromSea)} km inland` : ''}`;
    const who =
      here.length === 1
        ? `Colony ${first.name} lies`
        : `${here.length} colonies at the same place (e.g. ${first.name}) lie`;
    flags.add({
      code: 'far_inland',
      message: `${who} on land, more than ${ON_LAND_FLAG_KM} km from the sea (${where}). Check the coordinates: latitude and longitude swapped, a lost minus sign or a typo.`,
      colony: first.name,
      species: first.species,
      condition: null,
      timepoint: null,
      row: first.row,
      value: null,
    });
  }
}

type Flagger = (code: UploadFlagCode, message: string, value: number | null) => void;

/** "ED5 ≤ ED50 ≤ ED95": the kinds' values must rise with their level. */
const LEVEL_ORDER = THRESHOLD_KINDS_BY_LEVEL.map((kind) => THRESHOLD_KIND_INFO[kind].edLabel).join(
  ' ≤ ',
);

function checkValues(curve: PlanCurve, flag: Flagger): void {
  const { min, max } = PLAUSIBLE_ABSOLUTE_RANGE_C;
  for (const kind of THRESHOLD_KINDS_BY_LEVEL) {
    const value = curve[kind];
    if (value !== null && (value < min || value > max)) {
      flag(
        'implausible_value',
        `${THRESHOLD_KIND_INFO[kind].edLabel} ${value} °C is outside ${min}–${max} °C: most likely a failed curve fit.`,
        value,
      );
    }
  }
  const present = THRESHOLD_KINDS_BY_LEVEL.map((kind) => curve[kind]).filter(
    (v): v is number => v !== null,
  );
  if (present.some((value, i) => i > 0 && present[i - 1]! > value)) {
    flag(
      'implausible_value',
      `${LEVEL_ORDER} does not hold (${present.join(', ')} °C).`,
      curve.ed50,
    );
  }
  if (curve.ed50 === null) {
    flag(
      'no_ed50',
      'No ED50 is given for this colony (NA): only its other values are stored.',
      null,
    );
  }
}

function checkResponse(
  curve: PlanCurve,
  observed: readonly PlanObservation[],
  flag: Flagger,
): void {
  const byTemperature = new Map<number, number[]>();
  for (const o of observed) {
    const list = byTemperature.get(o.temperature);
    if (list) list.push(o.pamValue!);
    else byTemperature.set(o.temperature, [o.pamValue!]);
  }
  const temperatures = [...byTemperature.keys()].sort((a, b) => a - b);
  const lowest = temperatures[0]!;
  const highest = temperatures.at(-1)!;
  if (temperatures.length < 4) {
    flag(
      'fewer_than_4_temperatures',
      `Only ${temperatures.length} temperature${temperatures.length === 1 ? '' : 's'} (${temperatures.join(', ')} °C) measured; CBASS needs at least 4 for a reliable curve.`,
      null,
    );
  }
  if (curve.ed50 !== null && (curve.ed50 < lowest || curve.ed50 > highest)) {
    flag(
      'ed_outside_tested_range',
      `ED50 ${curve.ed50} °C lies outside the tested temperatures ${lowest}–${highest} °C: it is an extrapolation.`,
      curve.ed50,
    );
  }
  const mean = (values: readonly number[]) => values.reduce((a, b) => a + b, 0) / values.length;
  const first = mean(byTemperature.get(lowest)!);
  const last = mean(byTemperature.get(highest)!);
  if (temperatures.length > 1 && last >= first) {
    flag(
      'response_does_not_fall',
      `PAM does not fall with heat: mean ${round2(first)} at ${lowest} °C, ${round2(last)} at ${highest} °C.`,
      null,
    );
  }
}

function curveFlag(
  code: UploadFlagCode,
  message: string,
  colony: PlanColony,
  curve: PlanCurve,
  value: number | null,
): UploadQualityFlag {
  return {
    ...colonyFlag(code, message, colony),
    condition: curve.condition,
    timepoint: curve.timepoint,
    row: curve.source.file === 'main' ? curve.source.row : colony.row,
    value,
  };
}

/** A flag about a whole colony, pointing at the main-file row that first names it. */
export function colonyFlag(
  code: UploadFlagCode,
  message: string,
  colony: PlanColony,
): UploadQualityFlag {
  return {
    code,
    message,
    colony: colony.name,
    species: colony.species,
    condition: null,
    timepoint: null,
    row: colony.row,
    value: null,
  };
}

function fileFlag(code: UploadFlagCode, message: string): UploadQualityFlag {
  return {
    code,
    message,
    colony: null,
    species: null,
    condition: null,
    timepoint: null,
    row: null,
    value: null,
  };
}

/**
 * Fit-level provenance (decision 0032): each value of the curve that the platform's refit
 * reproduces is recorded as computed by the engine (LL.3, joint fit); the others stay submitted.
 */
function recordRefitProvenance(curve: PlanCurve, result: ColonyEdResult): void {
  for (const kind of THRESHOLD_KINDS) {
    const uploaded = curve[kind];
    const refitted = result[kind].value;
    if (uploaded === null || refitted === null) continue;
    // The small epsilon keeps 0.005 itself inside despite binary floating point.
    if (Math.abs(refitted - uploaded) <= REFIT_REPRODUCES_C + 1e-9) {
      (curve.provenance ??= {})[kind] = UPLOAD_REFIT_PROVENANCE;
    }
  }
}
