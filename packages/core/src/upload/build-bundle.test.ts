import { describe, expect, it } from 'vitest';
import { buildUploadBundle, buildUploadBundleInParts } from './build-bundle';
import { flagBundleThresholds, flagBundleThresholdsInParts } from '../datasets/threshold-flags';
import { QUALITY_FLAGS } from '../thresholds/quality-flags';
import { prepareUpload } from './prepare-upload';
import { speciesDistribution, unusualForSpeciesFlags } from './species-check';
import { datasheet, TODAY } from '../../test/upload-test-files';

function plan(name: string) {
  const result = prepareUpload(datasheet(name), null, { today: TODAY });
  if (!result.ok) throw new Error('refused');
  return result.plan;
}

const noMmm = {
  ownerUsername: 'alice',
  existingProjects: new Map<string, number>(),
  mmmAt: () => null,
};

describe('buildUploadBundle', () => {
  it('creates everything for a new dataset, owned by the uploader', () => {
    const built = buildUploadBundle(plan('cbass_84.csv'), noMmm);
    expect(built.bundle.projects).toEqual([
      expect.objectContaining({ name: 'Voolstra et al. 2021', ownerUsername: 'alice' }),
    ]);
    expect(built.bundle.colonies.every((c) => c.ownerUsername === 'alice' && !c.existing)).toBe(
      true,
    );
    expect(built.bundle.thresholds.ed50).toHaveLength(28);
    expect(built.bundle.thresholds.ed50[0]).toMatchObject({ abs: 36.91, mmm: null, rel: null });
    expect(built.bundle.thresholds.ed50[0]!.observationKeys).toHaveLength(4);
    // No MMM anywhere: one flag per location (4 sites).
    expect(built.flags.map((f) => f.code)).toEqual([
      'missing_mmm',
      'missing_mmm',
      'missing_mmm',
      'missing_mmm',
    ]);
  });

  it('MMM from a colony at the same coordinates gives relative values', () => {
    const built = buildUploadBundle(plan('cbass_84.csv'), {
      ...noMmm,
      mmmAt: (lat) => (lat === 22.29634 ? 30.5 : null),
    });
    const af1 = built.bundle.thresholds.ed50[0]!;
    expect(af1).toMatchObject({ abs: 36.91, mmm: 30.5, rel: 6.41 });
    expect(built.flags.filter((f) => f.code === 'mmm_from_existing_colony')).toHaveLength(1);
  });

  it('creates every row again for a new version, and refers to the uploader’s project of that name', () => {
    const built = buildUploadBundle(plan('cbass_84.csv'), {
      ...noMmm,
      existingProjects: new Map([['Voolstra et al. 2021', 7]]),
    });
    expect(built.bundle.projects).toEqual([
      expect.objectContaining({ id: 7, existing: true, name: 'Voolstra et al. 2021' }),
    ]);
    const created = (records: { existing?: boolean }[]) =>
      records.filter((r) => !r.existing).length;
    expect(
      [
        built.bundle.experiments,
        built.bundle.colonies,
        built.bundle.biosamples,
        built.bundle.observations,
        built.bundle.thresholds.ed50,
      ].map(created),
    ).toEqual([4, 28, 112, 112, 28]);
  });
});

describe('unusual ED50 for the species', () => {
  it('flags values far from the species’ stored distribution (robust z > 3.5)', () => {
    const values = Array.from({ length: 40 }, (_, i) => 36 + (i % 5) * 0.2);
    const distribution = speciesDistribution([...values, 2365])!;
    expect(distribution.median).toBeCloseTo(36.4);
    const p = plan('cbass_84.csv');
    p.curves[0]!.ed50 = 41;
    const flags = unusualForSpeciesFlags(p, new Map([['Stylophora pistillata', distribution]]));
    expect(flags.map((f) => [f.colony, f.value])).toContainEqual(['AF1', 41]);
    expect(speciesDistribution([36, 37])).toBeNull();
  });
});

describe('buildUploadBundleInParts', () => {
  it('builds the same bundle, letting the caller run something between parts', async () => {
    const p = plan('cbass_84.csv');
    const context = { ...noMmm, mmmAt: () => 29.1 };
    let parts = 0;
    const built = await buildUploadBundleInParts(p, context, 50, async () => {
      parts++;
    });
    expect(built).toEqual(buildUploadBundle(p, context));
    const records =
      p.colonies.length + p.biosamples.length + p.observations.length + p.curves.length;
    expect(parts).toBe(Math.floor(records / 50));
  });
});

describe('flagBundleThresholdsInParts', () => {
  it('gives the same flags, letting the caller run something between parts', async () => {
    const { bundle } = buildUploadBundle(plan('cbass_84.csv'), noMmm);
    // an ED5 above its colony's ED50: inconsistent order
    const ed50 = bundle.thresholds.ed50[0]!;
    bundle.thresholds.ed5 = [{ ...ed50, key: 'ed5-high', abs: (ed50.abs ?? 30) + 1 }];
    let parts = 0;
    const flags = await flagBundleThresholdsInParts(bundle.thresholds, 10, async () => {
      parts++;
    });
    expect(flags).toEqual(flagBundleThresholds(bundle.thresholds));
    expect(flags.ed5[0]).toContainEqual(QUALITY_FLAGS.inconsistentOrder);
    expect(parts).toBeGreaterThan(3);
  });
});
