import Button from 'react-bootstrap/Button';

/** The rows of page `page` (0-based) of `total` rows, `size` per page: [start, end). */
export function pageBounds(total: number, page: number, size: number) {
  const pageCount = Math.max(1, Math.ceil(total / size));
  const current = Math.min(Math.max(0, page), pageCount - 1);
  const start = current * size;
  return { page: current, pageCount, start, end: Math.min(total, start + size) };
}

interface PagerProps {
  /** 0-based. */
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  /** Names the navigation landmark, e.g. "Pages of colonies in Fiji". */
  label: string;
}

/**
 * First / Previous / "Page x of y" / Next / Last. Buttons at either end are marked
 * aria-disabled rather than disabled, so keyboard focus stays on them when the last page is
 * reached.
 */
export function Pager({ page, pageCount, onPageChange, label }: PagerProps) {
  const go = (target: number) => {
    if (target >= 0 && target < pageCount && target !== page) onPageChange(target);
  };
  const step = (text: string, target: number, disabled: boolean) => (
    <Button
      variant="outline-secondary"
      size="sm"
      aria-disabled={disabled}
      className={disabled ? 'opacity-50' : undefined}
      onClick={() => go(target)}
    >
      {text}
    </Button>
  );
  return (
    <nav aria-label={label} className="d-flex flex-wrap align-items-center gap-2">
      {step('First', 0, page === 0)}
      {step('Previous', page - 1, page === 0)}
      <span className="small px-1">
        Page {page + 1} of {pageCount}
      </span>
      {step('Next', page + 1, page >= pageCount - 1)}
      {step('Last', pageCount - 1, page >= pageCount - 1)}
    </nav>
  );
}
