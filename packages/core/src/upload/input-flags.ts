import { coloniesOnAnotherScale, describeScaleOutlier } from '../ed50/input-checks';
import type { PlanBuilder } from './plan-builder';
import { colonyFlag } from './quality-checks';
import type { FlagList } from './quality-flags';

/**
 * The calculator's rule for a colony on another scale than its group, as an upload quality flag
 * (decision 0062): the same function decides (packages/core/src/ed50/input-checks.ts). A flag
 * only: nothing is dropped or changed. The other input rules need no flag at upload: exact
 * duplicate rows repeat a measurement and PAM values outside Fv/Fm's 0–1 (FV_FM_RANGE, the
 * same constant) are already errors there.
 */
export function checkInputs(builder: PlanBuilder, flags: FlagList): void {
  const groups = new Map<string, Map<string, number[]>>();
  for (const observation of builder.observations) {
    const value = observation.pamValue;
    if (value === null) continue;
    // The refit's groups: a joint fit per site, condition, species and timepoint.
    const species = builder.colonies.get(observation.colonyKey)?.species ?? '';
    const groupKey = [observation.site, observation.condition, species, observation.timepoint].join(
      '\u0000',
    );
    let group = groups.get(groupKey);
    if (!group) groups.set(groupKey, (group = new Map<string, number[]>()));
    const values = group.get(observation.colonyKey);
    if (values) values.push(value);
    else group.set(observation.colonyKey, [value]);
  }
  for (const group of groups.values()) {
    const outliers = coloniesOnAnotherScale([...group].map(([name, values]) => ({ name, values })));
    for (const outlier of outliers) {
      const colony = builder.colonies.get(outlier.name)!;
      flags.add(
        colonyFlag(
          'pam_other_scale',
          `Colony ${colony.name} is on another PAM scale than its group: ${describeScaleOutlier(outlier)}. In a joint fit of the group (the refit, the calculator) it can make the fit collapse for the other colonies.`,
          colony,
        ),
      );
    }
  }
}
