import { Ajv, type ValidateFunction } from 'ajv';
import { beforeAll, describe, expect, it } from 'vitest';
import featureCollectionSchema from '../../../../fixtures/geojson/FeatureCollection.json';
import {
  ALL_COLONIES,
  EDGE_COLONY,
  mixedContext,
  SEED_COLONIES,
} from '../../test/download-test-data';
import { writeDownloadText } from '../../test/download-in-memory';
import { RECORDED_SYNONYM } from '../../test/worms-answers';
import { THRESHOLD_KINDS } from '../thresholds/threshold-kinds';
import { GEOJSON_METADATA_MEMBERS, GEOJSON_PROPERTIES } from './download-geojson';
import type { DownloadColony } from './download-model';

const context = mixedContext({
  query: { source: { kind: 'map', filters: { species: 'Porites lutea' } }, hideFlagged: false },
});

/** Writes a whole file the way the server streams it: head, feature by feature, tail. */
const write = (colonies: readonly DownloadColony[]) =>
  writeDownloadText('geojson', context, colonies);

interface Parsed {
  type: string;
  metadata: Record<string, unknown>;
  features: {
    id: number;
    geometry: { type: string; coordinates: number[] };
    properties: Record<string, unknown>;
  }[];
}

describe('GeoJSON download', () => {
  let validate: ValidateFunction;
  beforeAll(() => {
    const ajv = new Ajv({ allErrors: true, strict: true });
    validate = ajv.compile(featureCollectionSchema);
  });
  const errors = (value: unknown) =>
    validate(value) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);

  it('validates against the official GeoJSON FeatureCollection schema (0, 1 and many features)', () => {
    for (const colonies of [[], [EDGE_COLONY], ALL_COLONIES]) {
      const parsed = JSON.parse(write(colonies)) as Parsed;
      expect(errors(parsed)).toEqual([]);
      expect(parsed.features).toHaveLength(colonies.length);
    }
  });

  it('fails the schema when a feature is broken (so the check can fail)', () => {
    const parsed = JSON.parse(write([EDGE_COLONY])) as Parsed;
    const broken = structuredClone(parsed) as unknown as { features: Record<string, unknown>[] };
    delete broken.features[0]!.geometry;
    expect(errors(broken)).not.toEqual([]);
    const oneCoordinate = structuredClone(parsed);
    oneCoordinate.features[0]!.geometry.coordinates = [1];
    expect(errors(oneCoordinate)).not.toEqual([]);
  });

  it('writes one Point per colony, longitude first, id = colony id, with the seed values', () => {
    const parsed = JSON.parse(write(SEED_COLONIES)) as Parsed;
    parsed.features.forEach((feature, index) => {
      const colony = SEED_COLONIES[index]!;
      expect(feature.id).toBe(colony.id);
      expect(feature.geometry).toEqual({
        type: 'Point',
        coordinates: [colony.longitude, colony.latitude],
      });
      for (const kind of THRESHOLD_KINDS) {
        expect(feature.properties[kind]).toEqual(
          colony.thresholds[kind].map((t) => ({
            condition: t.condition,
            timepoint: t.timepoint,
            abs: t.abs,
            rel: t.rel,
            mmm: t.mmm,
            flags: t.qualityFlags,
            method: 'As submitted',
          })),
        );
      }
    });
    const vatu = parsed.features.find((f) => f.id === 658)!;
    expect(vatu.geometry.coordinates).toEqual([177.6889888, -18.20583554]);
    expect(vatu.properties).toMatchObject({
      colony_name: 'Vatu-o-lalai_Porites_cylindrica_1',
      species: 'Porites cylindrica',
      country: 'FJI',
      licence: 'not stated',
      citation_key: 'coral-dataset-1-v1',
    });
  });

  it('gives a synonym under its accepted name, the name as written in verbatim_species (decision 0063)', () => {
    const colony = SEED_COLONIES.find((c) => c.id === 658)!;
    const synonym = { ...colony, species: 'Coryphaena immaculata', taxon: RECORDED_SYNONYM };
    const [feature, unchecked] = (JSON.parse(write([synonym, colony])) as Parsed).features;
    expect(feature!.properties).toMatchObject({
      species: 'Coryphaena hippurus',
      verbatim_species: 'Coryphaena immaculata',
    });
    expect(unchecked!.properties).toMatchObject({
      species: 'Porites cylindrica',
      verbatim_species: 'Porites cylindrica',
    });
  });

  it('rounds coordinates to at most 8 decimals and keeps text as text (no neutralising in JSON)', () => {
    const [feature] = (JSON.parse(write([EDGE_COLONY])) as Parsed).features;
    expect(feature!.geometry.coordinates).toEqual([39.00000001, 22.12345679]);
    expect(feature!.properties.colony_name).toBe(EDGE_COLONY.name);
    expect(feature!.properties.licence).toBe('CC-BY-4.0');
  });

  it('puts the citations, licences (most restrictive first), data version and query under "metadata"', () => {
    const text = write([EDGE_COLONY]);
    // Metadata first, so that a streaming reader meets the citation before the data.
    expect(text.indexOf('"metadata"')).toBeLessThan(text.indexOf('"features"'));
    const { metadata } = JSON.parse(text) as Parsed;
    expect(Object.keys(metadata)).toEqual(GEOJSON_METADATA_MEMBERS.map((m) => m.key));
    expect(metadata).toMatchObject({
      data_version: 42,
      created_at: '2026-11-24T10:15:00.000Z',
      query: { hideFlagged: false, source: { filters: { species: 'Porites lutea' }, kind: 'map' } },
      snapshot: null,
    });
    expect((metadata.licences as { licence: string }[]).map((l) => l.licence)).toEqual([
      'not stated',
      'CC-BY-4.0',
    ]);
    expect((metadata.datasets as { citation: string }[])[1]!.citation).toContain(
      'Voolstra, C. R., & Evensen, N. R. (2024).',
    );
  });

  it('writes exactly the documented properties', () => {
    const [feature] = (JSON.parse(write([EDGE_COLONY])) as Parsed).features;
    expect(Object.keys(feature!.properties)).toEqual(GEOJSON_PROPERTIES.map((p) => p.key));
  });

  it('gives each threshold kind flat numbers (GIS reads a numeric column), next to the full lists', () => {
    const features = (JSON.parse(write(ALL_COLONIES)) as Parsed).features;
    for (const kind of THRESHOLD_KINDS) {
      for (const key of [`${kind}_abs`, `${kind}_rel`]) {
        // A number or null in every feature: never a string or a list (GDAL types the column Real).
        expect(
          features.filter(
            (f) => f.properties[key] !== null && typeof f.properties[key] !== 'number',
          ),
        ).toEqual([]);
      }
      expect(features.every((f) => Array.isArray(f.properties[kind]))).toBe(true);
    }
    expect(
      features.filter((f) => typeof f.properties.ed50_abs === 'number').length,
    ).toBeGreaterThan(SEED_COLONIES.length / 2);
    // EDGE_COLONY: the failed fit (50.2) is not averaged, 36.1 is the colony's ED50.
    const edge = features.find((f) => f.id === EDGE_COLONY.id)!;
    expect(edge.properties).toMatchObject({
      ed50_abs: 36.1,
      ed50_rel: null,
      ed5_abs: 34,
      ed95_abs: null,
    });
    // The mean of the trustworthy values, as the map colours (colony 658's ED50s).
    const colony = SEED_COLONIES.find((c) => c.id === 658)!;
    const values = colony.thresholds.ed50
      .filter((t) => t.qualityFlags.length === 0)
      .map((t) => t.abs!);
    const mean = values.reduce((a, b) => a + b, 0) / values.length;
    const written = features.find((f) => f.id === 658)!.properties.ed50_abs as number;
    expect(written).toBeCloseTo(mean, 4);
  });

  it('names every property uniquely within 10 characters (a Shapefile keeps every column)', () => {
    const short = GEOJSON_PROPERTIES.map((p) => p.key.slice(0, 10));
    expect(short.filter((name, i) => short.indexOf(name) !== i)).toEqual([]);
    expect(new Set(short).size).toBe(GEOJSON_PROPERTIES.length);
    // No list of plain strings: GDAL reads one as a StringList, which a Shapefile cannot hold.
    const features = (JSON.parse(write(ALL_COLONIES)) as Parsed).features;
    const stringLists = new Set(
      features.flatMap((f) =>
        Object.entries(f.properties)
          .filter(
            ([, v]) => Array.isArray(v) && v.length > 0 && v.every((x) => typeof x === 'string'),
          )
          .map(([k]) => k),
      ),
    );
    expect([...stringLists]).toEqual([]);
  });
});
