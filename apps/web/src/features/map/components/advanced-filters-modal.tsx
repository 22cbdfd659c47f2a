import {
  isRangeActive,
  MODAL_RANGE_KEYS,
  normalizeFilterSet,
  THRESHOLD_KIND_INFO,
  THRESHOLD_KINDS,
  type DefaultRanges,
  type FilterRange,
  type FilterSet,
  type RangeKey,
} from '@coral/core';
import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { RangeSlider } from './range-slider';

export const ADVANCED_FILTERS_EXPLANATION =
  'Adjust the sliders to set minimum and maximum values for each temperature parameter. ' +
  'Only modified ranges will be applied as filters.';

/**
 * The modal's sections (product-spec §2): per kind, its absolute range and its range relative to
 * MMM.
 */
const SECTIONS = THRESHOLD_KINDS.map((kind) => {
  const { label, edLabel, filterKeys } = THRESHOLD_KIND_INFO[kind];
  return {
    kind,
    title: label,
    sliders: [
      { key: filterKeys.abs, label: `Absolute ${edLabel}` },
      { key: filterKeys.rel, label: `Relative ${edLabel}-MMM` },
    ],
  };
});

interface AdvancedFiltersModalProps {
  show: boolean;
  onHide: () => void;
  defaults: DefaultRanges;
  applied: FilterSet;
  /** The new applied filter set (only the modal's ranges changed). */
  onApply: (filters: FilterSet) => void;
}

/** Advanced Temperature Filters (product-spec §2): six range sliders at 0.01 °C, 2 decimals. */
export function AdvancedFiltersModal({ show, onHide, ...rest }: AdvancedFiltersModalProps) {
  return (
    <Modal show={show} onHide={onHide} size="xl" aria-labelledby="advanced-filters-title">
      {show && <AdvancedFiltersContent onHide={onHide} {...rest} />}
    </Modal>
  );
}

type Ranges = Record<RangeKey, FilterRange>;

function AdvancedFiltersContent({
  onHide,
  defaults,
  applied,
  onApply,
}: Omit<AdvancedFiltersModalProps, 'show'>) {
  const full = (key: RangeKey): FilterRange => [defaults[key].min, defaults[key].max];
  const [ranges, setRanges] = useState<Ranges>(() => {
    const start = {} as Ranges;
    for (const key of MODAL_RANGE_KEYS) {
      const range = applied[key];
      start[key] = isRangeActive(range, defaults[key]) ? range : full(key);
    }
    return start;
  });
  const isActive = (key: RangeKey) => isRangeActive(ranges[key], defaults[key]);
  const activeCount = MODAL_RANGE_KEYS.filter(isActive).length;
  // Add Filters has something to do when a range is set, or when one applied before was reset.
  const appliedBefore = MODAL_RANGE_KEYS.some((key) => isRangeActive(applied[key], defaults[key]));
  const canApply = activeCount > 0 || appliedBefore;

  const set = (key: RangeKey, value: FilterRange) => setRanges((r) => ({ ...r, [key]: value }));
  const resetAll = () =>
    setRanges(Object.fromEntries(MODAL_RANGE_KEYS.map((key) => [key, full(key)])) as Ranges);
  const addFilters = () => {
    const next: Record<string, unknown> = { ...applied };
    for (const key of MODAL_RANGE_KEYS) {
      delete next[key];
      // Only modified ranges are sent.
      if (isActive(key)) next[key] = ranges[key];
    }
    onApply(normalizeFilterSet(next, defaults));
    onHide();
  };

  return (
    <>
      <Modal.Header closeButton>
        <Modal.Title id="advanced-filters-title" className="d-flex align-items-center gap-2">
          Advanced Temperature Filters
          <Badge bg={activeCount > 0 ? 'primary' : 'secondary'} className="fs-6">
            {activeCount} active
          </Badge>
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="text-body-secondary">{ADVANCED_FILTERS_EXPLANATION}</p>
        {SECTIONS.map((section) => (
          <section key={section.kind} className="mb-4" aria-labelledby={`advanced-${section.kind}`}>
            <h3 id={`advanced-${section.kind}`} className="h5">
              {section.title}
            </h3>
            <div className="row g-3">
              {section.sliders.map(({ key, label }) => {
                const bounds = defaults[key];
                return (
                  <div key={key} className="col-lg-6">
                    <div className={`card h-100 ${isActive(key) ? 'border-primary' : ''}`}>
                      <div className="card-body">
                        <RangeSlider
                          label={label}
                          bounds={bounds}
                          value={ranges[key]}
                          decimals={2}
                          active={isActive(key)}
                          onChange={(value) => set(key, value)}
                        />
                        <div className="d-flex align-items-center justify-content-between mt-2">
                          <small className="text-body-secondary">
                            Range: {bounds.min.toFixed(2)} - {bounds.max.toFixed(2)}°C
                          </small>
                          <Button
                            variant="outline-secondary"
                            size="sm"
                            aria-label={`Reset ${label}`}
                            onClick={() => set(key, full(key))}
                          >
                            Reset
                          </Button>
                        </div>
                      </div>
                    </div>
                  </div>
                );
              })}
            </div>
          </section>
        ))}
      </Modal.Body>
      <Modal.Footer className="justify-content-between">
        <Button variant="outline-secondary" onClick={resetAll}>
          Reset All
        </Button>
        <div className="d-flex gap-2">
          <Button variant="secondary" onClick={onHide}>
            Cancel
          </Button>
          <Button variant="success" disabled={!canApply} onClick={addFilters}>
            Add Filters
          </Button>
        </div>
      </Modal.Footer>
    </>
  );
}
