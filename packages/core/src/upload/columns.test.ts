import { describe, expect, it } from 'vitest';
import { normaliseColumnName } from '../tabular/column-spec';
import { detectSchema, recognizeHeader } from './columns';

describe('header recognition', () => {
  it('ignores case, spaces, dots, underscores and units in brackets', () => {
    expect(normaliseColumnName('Colony.ed50_value')).toBe('colonyed50value');
    expect(normaliseColumnName(' Temperature (°C) ')).toBe('temperature');
    expect(normaliseColumnName('\uFEFFProject')).toBe('project');
  });

  it('maps variants and synonyms of the raw format and reports how', () => {
    const header = [
      'project',
      'DATE',
      'Country',
      'lat',
      'Longitude',
      'site',
      'Condition',
      'Species',
      'Genotype',
      'Temp (°C)',
      'Time point',
      'Fv/Fm',
      'Notes',
    ];
    expect(detectSchema(header)).toBe('raw');
    const recognition = recognizeHeader(header, 'raw');
    expect(recognition.missing).toEqual([]);
    expect(recognition.matches.filter((m) => m.how !== 'exact')).toEqual([
      { column: 'Project', found: 'project', position: 0, how: 'variant' },
      { column: 'Date', found: 'DATE', position: 1, how: 'variant' },
      { column: 'Latitude', found: 'lat', position: 3, how: 'synonym' },
      { column: 'Site', found: 'site', position: 5, how: 'variant' },
      { column: 'Temperature', found: 'Temp (°C)', position: 9, how: 'synonym' },
      { column: 'Timepoint', found: 'Time point', position: 10, how: 'variant' },
      { column: 'Pam_value', found: 'Fv/Fm', position: 11, how: 'synonym' },
    ]);
    expect(recognition.ignored).toEqual([{ found: 'Notes', position: 12 }]);
  });

  it('recognises the standard schema in any order and with spaced names', () => {
    const header = [
      'Colony name',
      'colony_species',
      'PROJECT.NAME',
      'Experiment.Name',
      'experiment date',
      'Colony.Country',
      'Colony.Latitude',
      'Colony.Longitude',
      'Colony.ED50',
      'BioSample.Name',
      'Biosample collection date',
      'Observation.Condition',
      'Observation.Temperature',
      'Observation.Timepoint',
      'Observation PAM value',
      'Publication.Title',
      'Publication.Year',
      'Publication.DOI',
    ];
    expect(detectSchema(header)).toBe('standard');
    expect(recognizeHeader(header, 'standard').missing).toEqual([]);
  });

  it('tells the ED results file and unknown files apart', () => {
    expect(
      detectSchema([
        '',
        'ED5',
        'ED50',
        'ED95',
        'GroupingProperty',
        'Site',
        'Condition',
        'Species',
        'Timepoint',
      ]),
    ).toBe('ed50');
    expect(detectSchema(['name', 'value'])).toBeNull();
    expect(detectSchema([])).toBeNull();
  });
});
