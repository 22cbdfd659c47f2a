import { describe, expect, it } from 'vitest';
import { compareLimitProblem, compareQueryString, parseCompareQuery } from './compare';

describe('a comparison’s query (decision 0067)', () => {
  it('reads the defaults and passes the map’s filter parameters on', () => {
    const parsed = parseCompareQuery({ species: 'Porites lobata', relative: 'mmm' }, 'public');
    expect(parsed.problems).toEqual([]);
    expect(parsed.request).toEqual({
      factors: ['species'],
      scale: 'relative',
      pAdjust: 'holm',
      include: null,
      includeFlagged: false,
    });
    expect(parsed.filterQuery).toEqual({ species: 'Porites lobata' });
    expect(compareQueryString(parsed.request, { species: 'Porites lobata' })).toBe(
      'species=Porites+lobata&groupBy=species&relative=mmm',
    );
  });

  it('keeps flagged values only when asked, in both variants', () => {
    const parsed = parseCompareQuery({ groupIds: '1', flagged: 'include' }, 'cart');
    expect(parsed.problems).toEqual([]);
    expect(parsed.request.includeFlagged).toBe(true);
    expect(compareQueryString(parsed.request, { groupIds: '1' })).toBe(
      'groupIds=1&groupBy=species&flagged=include',
    );
    expect(parseCompareQuery({}, 'public').request.includeFlagged).toBe(false);
  });

  it('names every bad parameter', () => {
    const parsed = parseCompareQuery(
      {
        groupBy: 'site',
        factor: 'site',
        relative: 'yes',
        pAdjust: 'fdr',
        include: [''],
        flagged: 'yes',
      },
      'public',
    );
    expect(parsed.problems).toEqual([
      'factor: must differ from groupBy (both are "site")',
      'relative: the only value is "mmm" (leave it out for absolute EDs)',
      'pAdjust: expected one of holm, BH, bonferroni, none, got "fdr"',
      'flagged: the only value is "include" (leave it out to leave flagged values out)',
      'include: a group name must not be empty',
    ]);
    expect(parseCompareQuery({ groupBy: 'group' }, 'public').problems).toEqual([
      'groupBy: expected one of species, dataset, site, project, condition, got "group" (cart groups: use /api/auth/cart/compare/)',
    ]);
    expect(parseCompareQuery({ groupBy: 'group' }, 'cart').problems).toEqual([
      'groupIds: give the cart group ids to compare, comma-separated (1,2)',
    ]);
    expect(parseCompareQuery({ groupIds: '1,2', species: 'x' }, 'cart').problems).toEqual([
      'unknown parameter "species"',
    ]);
  });

  it('refuses selections above the limits with what to do', () => {
    expect(compareLimitProblem({ groups: 41 }, 'site')).toBe(
      'The selection has 41 groups by site; Compare takes at most 40: choose groups with include= or narrow the filter.',
    );
    expect(compareLimitProblem({ colonies: 5001 }, 'species')).toMatch(
      /^The selection holds 5001 colonies; Compare takes at most 5000/,
    );
    expect(compareLimitProblem({ groups: 40, colonies: 5000 }, 'site')).toBeNull();
  });
});
