import { describe, expect, it } from 'vitest';
import { buildUploadBundle, existingKey, noExistingRows, type ExistingRows } from './build-bundle';
import { prepareUpload } from './prepare-upload';
import { speciesDistribution, unusualForSpeciesFlags } from './species-check';
import { datasheet, TODAY } from './upload-test-files';

function plan(name: string) {
  const result = prepareUpload(datasheet(name), null, { today: TODAY });
  if (!result.ok) throw new Error('refused');
  return result.plan;
}

const noMmm = { ownerUsername: 'alice', existing: noExistingRows(), mmmAt: () => null };

describe('buildUploadBundle', () => {
  it('creates everything for a new dataset, owned by the uploader', () => {
    const built = buildUploadBundle(plan('cbass_84.csv'), noMmm);
    expect(built.conflicts).toEqual([]);
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

  it('the same data again refers to the stored rows and creates nothing', () => {
    const first = plan('cbass_84.csv');
    // What the database would hold after the first import (ids made up).
    const existing: ExistingRows = {
      ...noExistingRows(),
      projects: new Map([[existingKey.project('Voolstra et al. 2021'), 1]]),
      experiments: new Map(
        first.experiments.map((e, i) => [existingKey.experiment(1, e.name, e.date), 100 + i]),
      ),
      colonies: new Map(
        first.colonies.map((c, i) => [
          existingKey.colony(c.name, c.species, c.latitude, c.longitude),
          200 + i,
        ]),
      ),
      biosamples: new Map(
        first.biosamples.map((b, i) => [
          existingKey.biosample(1, b.name),
          { id: 300 + i, colonyId: 200 + first.colonies.findIndex((c) => c.key === b.colonyKey) },
        ]),
      ),
      observations: new Map(
        first.observations.map((o, i) => [
          existingKey.observation(
            100 + first.experiments.findIndex((e) => e.key === o.experimentKey),
            300 + first.biosamples.findIndex((b) => b.key === o.biosampleKey),
            o.condition,
            o.temperature,
            o.timepoint,
          ),
          { id: 400 + i, pamValue: o.pamValue },
        ]),
      ),
      thresholds: new Map(
        first.curves.map((c) => [
          existingKey.threshold(
            'ed50',
            200 + first.colonies.findIndex((x) => x.key === c.colonyKey),
            c.condition,
            c.timepoint,
          ),
          { abs: c.ed50 },
        ]),
      ),
      publications: new Set(
        first.publications.map((p) => existingKey.publication(1, p.title, p.year, p.doi)),
      ),
    };
    const built = buildUploadBundle(plan('cbass_84.csv'), { ...noMmm, existing });
    expect(built.conflicts).toEqual([]);
    const created = (records: { existing?: boolean }[]) =>
      records.filter((r) => !r.existing).length;
    expect(
      [
        built.bundle.projects,
        built.bundle.experiments,
        built.bundle.colonies,
        built.bundle.biosamples,
        built.bundle.observations,
      ].map(created),
    ).toEqual([0, 0, 0, 0, 0]);
    expect(built.bundle.publications).toEqual([]);
    expect(built.bundle.thresholds.ed50).toEqual([]);
    expect(built.unchanged).toEqual({
      observations: 112,
      thermal_tolerances: 28,
      breakpoint_temperatures: 0,
      thermal_limits: 0,
    });

    // A stored value that the file contradicts is a conflict, never overwritten.
    const changed = new Map(existing.thresholds);
    const [firstKey] = changed.keys();
    changed.set(firstKey!, { abs: 35 });
    const conflicting = buildUploadBundle(plan('cbass_84.csv'), {
      ...noMmm,
      existing: { ...existing, thresholds: changed },
    });
    expect(conflicting.conflicts).toHaveLength(1);
    expect(conflicting.conflicts[0]!.row).toBe(2);
    expect(conflicting.conflicts[0]!.problem).toContain('already has ED50 35 stored');
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
