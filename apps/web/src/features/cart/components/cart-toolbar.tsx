import { useEffect, useRef } from 'react';
import Button from 'react-bootstrap/Button';
import Dropdown from 'react-bootstrap/Dropdown';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import Spinner from 'react-bootstrap/Spinner';
import { ArrowDownIcon, ArrowUpIcon, DownloadIcon, SearchIcon } from '@/components/action-icons';
import {
  CART_SORT_OPTIONS,
  sortLabel,
  type CartSort,
  type CartSortKey,
  type SelectAllState,
} from '../utils/cart-state';

const DIRECTION_TEXT = { asc: 'ascending', desc: 'descending' } as const;

function DirectionIcon({ direction }: Pick<CartSort, 'direction'>) {
  return direction === 'asc' ? <ArrowUpIcon /> : <ArrowDownIcon />;
}

/** Search box and sort menu (product-spec §2). */
export function CartSearchAndSort({
  search,
  onSearch,
  sort,
  onSort,
}: {
  search: string;
  onSearch: (search: string) => void;
  sort: CartSort;
  onSort: (key: CartSortKey) => void;
}) {
  return (
    <div className="d-flex flex-wrap gap-2 align-items-end">
      <Form.Group controlId="cart-search" className="flex-grow-1" style={{ minWidth: '14rem' }}>
        <Form.Label className="visually-hidden">Search groups</Form.Label>
        <InputGroup>
          <InputGroup.Text aria-hidden="true">
            <SearchIcon />
          </InputGroup.Text>
          <Form.Control
            type="search"
            placeholder="Search by name, species or country"
            value={search}
            onChange={(event) => onSearch(event.target.value)}
          />
        </InputGroup>
      </Form.Group>
      <Dropdown onSelect={(key) => key && onSort(key as CartSortKey)}>
        <Dropdown.Toggle variant="outline-secondary" id="cart-sort">
          Sort: {sortLabel(sort.key)} <DirectionIcon direction={sort.direction} />
          <span className="visually-hidden">, {DIRECTION_TEXT[sort.direction]}</span>
        </Dropdown.Toggle>
        <Dropdown.Menu>
          {CART_SORT_OPTIONS.map((option) => {
            const active = option.key === sort.key;
            return (
              <Dropdown.Item
                key={option.key}
                as="button"
                eventKey={option.key}
                active={active}
                aria-current={active ? 'true' : undefined}
              >
                {option.label}
                {active && (
                  <>
                    {' '}
                    <DirectionIcon direction={sort.direction} />
                    <span className="visually-hidden">
                      {' '}
                      (now {DIRECTION_TEXT[sort.direction]}, choose to reverse)
                    </span>
                  </>
                )}
              </Dropdown.Item>
            );
          })}
        </Dropdown.Menu>
      </Dropdown>
    </div>
  );
}

/**
 * While an export runs both buttons are disabled (product-spec §2) with aria-disabled and
 * Bootstrap's `disabled` look, not the attribute: the button just pressed keeps keyboard focus. The
 * page also ignores clicks meanwhile.
 */
function busyProps(busy: boolean) {
  return busy ? { 'aria-disabled': true, className: 'disabled' } : {};
}

/**
 * Select-all checkbox with its counter, the two export buttons (product-spec §2) and the
 * export's citations and licences (decision 0054).
 */
export function CartSelectionBar({
  selectAll,
  onToggleAll,
  counter,
  hiddenNote,
  hasSelection,
  exporting,
  onExportAll,
  onExportSelected,
  onCitations,
}: {
  selectAll: SelectAllState;
  onToggleAll: () => void;
  counter: string;
  /** Says the search hides groups, which the counter and Export Selected leave out. */
  hiddenNote: string | null;
  hasSelection: boolean;
  exporting: boolean;
  onExportAll: () => void;
  onExportSelected: () => void;
  /** Downloads the citations and licences of the selected groups' datasets (decision 0054). */
  onCitations: () => void;
}) {
  const checkbox = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (checkbox.current) checkbox.current.indeterminate = selectAll === 'some';
  }, [selectAll]);
  return (
    <div className="d-flex flex-wrap gap-2 align-items-center justify-content-between">
      <div className="d-flex flex-wrap align-items-center gap-3">
        <Form.Check
          ref={checkbox}
          id="cart-select-all"
          label="Select all"
          checked={selectAll === 'all'}
          onChange={onToggleAll}
          aria-describedby="cart-selection-counter"
        />
        <span id="cart-selection-counter" className="small" aria-live="polite">
          {counter}
        </span>
        {hiddenNote && <span className="small text-body-secondary">{hiddenNote}</span>}
      </div>
      <div className="d-flex flex-wrap gap-2 align-items-center">
        {exporting && (
          <span role="status" className="small d-inline-flex align-items-center gap-1">
            <Spinner animation="border" size="sm" aria-hidden="true" /> Preparing the export...
          </span>
        )}
        <Button variant="outline-primary" onClick={onExportAll} {...busyProps(exporting)}>
          <DownloadIcon className="me-1" />
          Export All
        </Button>
        <Button
          variant="primary"
          onClick={onExportSelected}
          disabled={!hasSelection}
          {...busyProps(exporting)}
        >
          <DownloadIcon className="me-1" />
          Export Selected
        </Button>
        <Button
          variant="outline-secondary"
          onClick={onCitations}
          disabled={!hasSelection}
          title="How to cite, and the licences of, every dataset the selected groups' export draws on"
          {...busyProps(exporting)}
        >
          <DownloadIcon className="me-1" />
          Citations &amp; licences
        </Button>
      </div>
    </div>
  );
}
