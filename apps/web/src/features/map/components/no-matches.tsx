import {
  ALL_RANGE_KEYS,
  EMPTY_FILTER_SET,
  isRangeKeyActive,
  type DefaultRanges,
  type FilterSet,
} from '@coral/core';
import { useId } from 'react';
import Button from 'react-bootstrap/Button';

interface Widening {
  label: string;
  filters: FilterSet;
}

/**
 * The ways to widen a filter that matches nothing: drop one of its parts and keep the rest
 * (decision 0048). The temperature ranges go together: one too narrow a range is the usual cause
 * and a list of up to fourteen buttons would bury the others.
 */
export function wideningsOf(applied: FilterSet, defaults: DefaultRanges): Widening[] {
  const widenings: Widening[] = [];
  const without = (...keys: (keyof FilterSet)[]): FilterSet => {
    const rest = { ...applied };
    for (const key of keys) delete rest[key];
    return rest;
  };
  if (applied.species) widenings.push({ label: 'Any species', filters: without('species') });
  if (applied.project) widenings.push({ label: 'Any project', filters: without('project') });
  if (applied.years?.length) {
    widenings.push({ label: 'Any collection year', filters: without('years') });
  }
  if (applied.hideFlagged) {
    widenings.push({ label: 'Show flagged values', filters: without('hideFlagged') });
  }
  const ranges = ALL_RANGE_KEYS.filter((key) => isRangeKeyActive(applied, key, defaults));
  if (ranges.length > 0) {
    widenings.push({ label: 'Any temperature', filters: without(...ranges) });
  }
  return widenings;
}

interface NoMatchesProps {
  applied: FilterSet;
  defaults: DefaultRanges;
  onApply: (filters: FilterSet) => void;
}

/** Over an empty map: says that the filter matches nothing and how to widen or reset it. */
export function NoMatches({ applied, defaults, onApply }: NoMatchesProps) {
  const titleId = useId();
  const widenings = wideningsOf(applied, defaults);
  return (
    <section className="map-no-matches" aria-labelledby={titleId}>
      <h2 id={titleId} className="h6 mb-1">
        No colonies match these filters
      </h2>
      <p className="small mb-2">
        {widenings.length > 1 ? 'Drop one of them or reset them all.' : 'Reset them to see all.'}
      </p>
      <div className="d-flex flex-wrap justify-content-center gap-2">
        {widenings.length > 1 &&
          widenings.map(({ label, filters }) => (
            <Button
              key={label}
              size="sm"
              variant="outline-primary"
              onClick={() => onApply(filters)}
            >
              {label}
            </Button>
          ))}
        <Button size="sm" variant="primary" onClick={() => onApply(EMPTY_FILTER_SET)}>
          Reset all filters
        </Button>
      </div>
    </section>
  );
}
