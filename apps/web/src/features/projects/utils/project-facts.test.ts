import { describe, expect, it } from 'vitest';
import { buildProjectSummary } from '@/testing/data';
import { experimentDateRange, namesWithMore, projectFacts } from './project-facts';

describe('project facts of a card', () => {
  it('shortens long name lists', () => {
    expect(namesWithMore(['a', 'b', 'c'])).toBe('a, b, c');
    expect(namesWithMore(['a', 'b', 'c', 'd', 'e'])).toBe('a, b, c +2 more');
    expect(namesWithMore([])).toBe('');
  });

  it('writes a date range, or one date', () => {
    expect(experimentDateRange({ first: '2022-05-16', last: '2022-06-01' })).toBe(
      'May 16, 2022 – June 1, 2022',
    );
    expect(experimentDateRange({ first: '2022-03-12', last: '2022-03-12' })).toBe('March 12, 2022');
    expect(experimentDateRange(null)).toBe('');
  });

  it('leaves out what a project does not have', () => {
    const empty = buildProjectSummary({
      sites: [],
      countries: [],
      species: [],
      colony_count: 0,
      experiment_dates: null,
    });
    expect(projectFacts(empty)).toEqual([]);
    expect(projectFacts(buildProjectSummary()).map((fact) => fact.label)).toEqual([
      'Sites',
      'Countries',
      'Species',
      'Colonies',
      'Assays',
    ]);
  });
});
