import {
  ABSOLUTE_RANGE_KEYS,
  CLIENT_ROUTES,
  countActiveFilters,
  filterSetToQueryString,
  hasActiveAdvancedRange,
  isEmptyFilterSet,
  isRangeActive,
  normalizeFilterSet,
  THRESHOLD_KIND_INFO,
  THRESHOLD_KINDS,
  type DefaultRanges,
  type FilterRange,
  type FilterSet,
  type RangeKey,
} from '@coral/core';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Link } from 'react-router';
import { ChevronLeftIcon, FunnelIcon, TrashIcon } from './map-icons';
import { RangeSlider } from './range-slider';
import type { FilterChoices } from '../hooks/map-markers';

export const SIDEBAR_ID = 'map-filters';

/** The three compact sliders (product-spec §2): the absolute range of each kind. */
const COMPACT_SLIDERS = THRESHOLD_KINDS.map((kind) => ({
  key: THRESHOLD_KIND_INFO[kind].filterKeys.abs,
  label: `${THRESHOLD_KIND_INFO[kind].edLabel} (${THRESHOLD_KIND_INFO[kind].label})`,
}));

interface FilterSidebarProps {
  choices: FilterChoices;
  defaults: DefaultRanges;
  /** The applied filter set (normalised), as in the address. */
  applied: FilterSet;
  collapsed: boolean;
  onCollapsedChange: (collapsed: boolean) => void;
  onApply: (filters: FilterSet) => void;
  onReset: () => void;
  onOpenAdvanced: () => void;
  /** The add-to-cart control at the bottom. */
  children?: ReactNode;
}

/**
 * The filter sidebar (product-spec §2): 'Filters' with the count of applied filters, species and
 * project dropdowns, collection years, "Hide flagged values" (decision 0013), the three compact
 * sliders, 'Advanced Filters', 'Apply
 * Filters (N)' and the trash reset. Selections stay local until applied.
 */
export function FilterSidebar(props: FilterSidebarProps) {
  const { applied, defaults, collapsed, onCollapsedChange } = props;
  const appliedCount = countActiveFilters(applied, defaults);
  if (collapsed) {
    return (
      <Button
        className="map-sidebar-toggle shadow"
        aria-label={`Show filters (${appliedCount} active)`}
        aria-expanded={false}
        aria-controls={SIDEBAR_ID}
        onClick={() => onCollapsedChange(false)}
      >
        <FunnelIcon />
        {appliedCount > 0 && (
          <Badge bg="light" text="dark" className="ms-1">
            {appliedCount}
          </Badge>
        )}
      </Button>
    );
  }
  return (
    <aside id={SIDEBAR_ID} className="map-sidebar" aria-labelledby="map-filters-title">
      <div className="d-flex align-items-center gap-2 mb-3">
        <h2 id="map-filters-title" className="h5 mb-0">
          Filters
        </h2>
        <Badge bg={appliedCount > 0 ? 'primary' : 'secondary'} pill>
          {appliedCount}
          <span className="visually-hidden"> active filters</span>
        </Badge>
        <Button
          variant="outline-secondary"
          size="sm"
          className="ms-auto"
          aria-label="Hide filters"
          aria-expanded={true}
          aria-controls={SIDEBAR_ID}
          onClick={() => onCollapsedChange(true)}
        >
          <ChevronLeftIcon />
        </Button>
      </div>
      <FilterForm {...props} />
    </aside>
  );
}

interface Draft {
  species: string;
  project: string;
  years: number[];
  hideFlagged: boolean;
  ranges: Record<RangeKey, FilterRange>;
}

function draftOf(applied: FilterSet, defaults: DefaultRanges): Draft {
  const ranges = {} as Record<RangeKey, FilterRange>;
  for (const key of ABSOLUTE_RANGE_KEYS) {
    ranges[key] = applied[key] ?? [defaults[key].min, defaults[key].max];
  }
  return {
    species: applied.species ?? '',
    project: applied.project ?? '',
    years: [...(applied.years ?? [])],
    hideFlagged: applied.hideFlagged === true,
    ranges,
  };
}

/**
 * The fields scroll; Apply, the reset and the sidebar's children (add to cart) stay in view below
 * them, so a short window never hides them (decision 0048).
 */
function FilterForm({
  choices,
  defaults,
  applied,
  onApply,
  onReset,
  onOpenAdvanced,
  children,
}: FilterSidebarProps) {
  const formId = useId();
  const [draft, setDraft] = useState(() => draftOf(applied, defaults));
  // A new applied filter set (apply, reset, back/forward) starts the form afresh; the children
  // (add to cart, with its open dialog) are not remounted for it.
  const appliedKey = filterSetToQueryString(applied);
  const [draftOfKey, setDraftOfKey] = useState(appliedKey);
  if (draftOfKey !== appliedKey) {
    setDraftOfKey(appliedKey);
    setDraft(draftOf(applied, defaults));
  }
  const selection = normalizeFilterSet(
    {
      ...applied,
      species: draft.species,
      project: draft.project,
      years: draft.years,
      hideFlagged: draft.hideFlagged,
      ...draft.ranges,
    },
    defaults,
  );
  const count = countActiveFilters(selection, defaults);
  const nothingToReset = count === 0 && isEmptyFilterSet(applied);
  const advancedActive = hasActiveAdvancedRange(applied, defaults);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (count > 0) onApply(selection);
  };
  const toggleYear = (year: number, checked: boolean) =>
    setDraft((d) => ({
      ...d,
      years: checked ? [...d.years, year].sort((a, b) => a - b) : d.years.filter((y) => y !== year),
    }));

  return (
    <>
      <div className="map-sidebar__fields">
        <Form id={formId} onSubmit={submit} noValidate aria-label="Filters">
          <Form.Group className="mb-3" controlId="map-filter-species">
            <Form.Label>Species</Form.Label>
            <Form.Select
              value={draft.species}
              onChange={(event) => setDraft((d) => ({ ...d, species: event.target.value }))}
            >
              <option value="">All species</option>
              {choices.species.map((species) => (
                <option key={species} value={species}>
                  {species}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
          <Form.Group className="mb-3" controlId="map-filter-project">
            <Form.Label>Project</Form.Label>
            <Form.Select
              value={draft.project}
              onChange={(event) => setDraft((d) => ({ ...d, project: event.target.value }))}
            >
              <option value="">All projects</option>
              {choices.projects.map((project) => (
                <option key={project} value={project}>
                  {project}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
          {choices.years.length > 0 && (
            <fieldset className="mb-3">
              <legend className="form-label fs-6 mb-1">Collection years</legend>
              <div className="map-years d-flex flex-wrap gap-x-3 column-gap-3">
                {choices.years.map((year) => (
                  <Form.Check
                    key={year}
                    id={`map-filter-year-${year}`}
                    label={String(year)}
                    checked={draft.years.includes(year)}
                    onChange={(event) => toggleYear(year, event.target.checked)}
                  />
                ))}
              </div>
            </fieldset>
          )}
          <div className="mb-3">
            <Form.Check
              type="switch"
              role="switch"
              id="map-filter-hide-flagged"
              label="Hide flagged values"
              checked={draft.hideFlagged}
              onChange={(event) => setDraft((d) => ({ ...d, hideFlagged: event.target.checked }))}
              aria-describedby="map-filter-hide-flagged-help"
            />
            <div id="map-filter-hide-flagged-help" className="form-text mt-0">
              Leaves out values that failed their curve fit, before the temperature filters, and
              colonies left with none.{' '}
              <Link to={CLIENT_ROUTES.quality_flags}>What do the flags mean?</Link>
            </div>
          </div>
          {COMPACT_SLIDERS.map(({ key, label }) => (
            <RangeSlider
              key={key}
              className="mb-3"
              label={label}
              bounds={defaults[key]}
              value={draft.ranges[key]}
              decimals={1}
              active={isRangeActive(draft.ranges[key], defaults[key])}
              onChange={(value) =>
                setDraft((d) => ({ ...d, ranges: { ...d.ranges, [key]: value } }))
              }
            />
          ))}
          <Button variant="outline-primary" className="w-100 mb-3" onClick={onOpenAdvanced}>
            Advanced Filters
            {advancedActive && (
              <Badge bg="primary" className="ms-2">
                Active
              </Badge>
            )}
          </Button>
        </Form>
      </div>
      <div className="map-sidebar__actions">
        <div className="d-flex gap-2 mb-3">
          <Button type="submit" form={formId} className="flex-grow-1" disabled={count === 0}>
            Apply Filters ({count})
          </Button>
          <Button
            variant="outline-danger"
            aria-label="Reset all filters"
            title="Reset all filters"
            disabled={nothingToReset}
            onClick={onReset}
          >
            <TrashIcon />
          </Button>
        </div>
        {children}
      </div>
    </>
  );
}
