import { describe, expect, it } from 'vitest';
import { ALL_COLONIES, mixedContext, SEED_COLONIES } from '../../../test/download-test-data';
import { writeDownload } from '../../../test/download-in-memory';
import { THRESHOLD_KINDS } from '../../thresholds/threshold-kinds';
import { readDwcaTable } from '../../../test/obistools';

/** extendedmeasurementorfact.txt: what is a measurement, and how flags are written. */
describe('Extended MeasurementOrFact', () => {
  const files = writeDownload('dwca', mixedContext(), ALL_COLONIES);
  const measurements = readDwcaTable(files['extendedmeasurementorfact.txt']!).rows;

  it('leaves out values a failed fit flagged, gives each other flag a row naming its value, and links a value to its own assay only when the colony has it', () => {
    const edge = measurements.filter(
      (m) => m.occurrenceID === 'https://corals.example.org/colony/9001',
    );
    // No MMM and no relative values. The ED50 of 50.2 °C (implausible) is not a measurement;
    // the two others carry their missing_mmm flag as a structured row.
    const ed5Id = 'https://corals.example.org/colony/9001#ed5-abs/-Control/420/0';
    const ed50Id = 'https://corals.example.org/colony/9001#ed50-abs/-Control/420/1';
    expect(
      edge.map((m) => [
        m.measurementID,
        m.relatedResourceID,
        m.measurementType,
        m.measurementTypeID,
        m.measurementValue,
        m.measurementValueID,
        m.measurementUnit,
        m.measurementRemarks,
      ]),
    ).toEqual([
      [
        ed5Id,
        '',
        'ED5 (Breakpoint Temperature) absolute',
        'https://corals.example.org/api/public/terms/ed5-absolute',
        '34',
        '',
        '°C',
        'condition: -Control; timepoint: 420 min',
      ],
      [
        `${ed5Id}/flag/missing_mmm`,
        ed5Id,
        'data-quality flag',
        'https://corals.example.org/api/public/terms/quality-flag',
        'missing_mmm',
        'https://corals.example.org/quality-flags#missing_mmm',
        '',
        'condition: -Control; timepoint: 420 min',
      ],
      [
        ed50Id,
        '',
        'ED50 (Thermal Tolerance) absolute',
        'https://corals.example.org/api/public/terms/ed50-absolute',
        '36.1',
        '',
        '°C',
        'condition: -Control; timepoint: 420 min',
      ],
      [
        `${ed50Id}/flag/missing_mmm`,
        ed50Id,
        'data-quality flag',
        'https://corals.example.org/api/public/terms/quality-flag',
        'missing_mmm',
        'https://corals.example.org/quality-flags#missing_mmm',
        '',
        'condition: -Control; timepoint: 420 min',
      ],
    ]);
    expect(measurements.some((m) => m.measurementRemarks!.includes('quality flags'))).toBe(false);
    // No value above 45 °C (the seed's failed fits, up to 2,365 °C in the whole seed) is a
    // measurement; the test colonies have some.
    const absolute = measurements.filter((m) => m.measurementType!.endsWith(' absolute'));
    expect(absolute.length).toBeGreaterThan(0);
    expect(absolute.filter((m) => Number(m.measurementValue) > 45)).toEqual([]);
    const seedMax = Math.max(
      ...SEED_COLONIES.flatMap((c) =>
        THRESHOLD_KINDS.flatMap((k) => c.thresholds[k].map((t) => t.abs ?? 0)),
      ),
    );
    expect(seedMax).toBeGreaterThan(60);
    // Assay 77 is not one of the colony's assays: the value hangs on the colony's own event.
    expect(new Set(edge.map((m) => m.eventID))).toEqual(
      new Set(['https://corals.example.org/colony/9001#collection']),
    );
  });
});
