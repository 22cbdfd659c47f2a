import { QualityFlagBadge } from '@/components/quality-flag-badge';
import { NO_DATA, type ThresholdLine } from '../utils/colony-display';

/** One threshold column of a colony: each entry on its own lines, or 'No data'. */
export function ThresholdList({ lines }: { lines: ThresholdLine[] }) {
  if (lines.length === 0) return <span className="text-body-secondary">{NO_DATA}</span>;
  return (
    <ul className="list-unstyled mb-0">
      {lines.map((line) => (
        <li key={line.id} className="cart-threshold">
          <div>
            <span className="fw-semibold">ID {line.id}</span> · {line.condition}
            <QualityFlagBadge flags={line.flags} />
          </div>
          <div className="text-nowrap">
            Abs: {line.abs} · Rel: {line.rel} · MMM: {line.mmm}
          </div>
          <div className="text-body-secondary">Timepoint: {line.timepoint}</div>
        </li>
      ))}
    </ul>
  );
}
