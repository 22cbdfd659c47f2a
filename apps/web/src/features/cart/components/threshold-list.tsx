import Badge from 'react-bootstrap/Badge';
import { NO_DATA, type ThresholdLine } from '../utils/colony-display';

/** One threshold column of a colony: each entry on its own lines, or 'No data'. */
export function ThresholdList({ lines }: { lines: ThresholdLine[] }) {
  if (lines.length === 0) return <span className="text-body-secondary">{NO_DATA}</span>;
  return (
    <ul className="list-unstyled mb-0">
      {lines.map((line) => {
        const explanation = line.flags.join('; ');
        return (
          <li key={line.id} className="cart-threshold">
            <div>
              <span className="fw-semibold">ID {line.id}</span> · {line.condition}
              {line.flags.length > 0 && (
                <Badge bg="warning" text="dark" className="ms-1 fw-normal" title={explanation}>
                  flagged<span className="visually-hidden">: {explanation}</span>
                </Badge>
              )}
            </div>
            <div className="text-nowrap">
              Abs: {line.abs} · Rel: {line.rel} · MMM: {line.mmm}
            </div>
            <div className="text-body-secondary">Timepoint: {line.timepoint}</div>
          </li>
        );
      })}
    </ul>
  );
}
