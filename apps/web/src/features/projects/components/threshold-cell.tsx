import { qualityFlagLabel } from '@coral/core';
import Badge from 'react-bootstrap/Badge';
import { NO_THRESHOLD_DATA, type ThresholdPart } from '../utils/threshold-summary';

/** The entries joined by commas; a value with quality flags is marked (decision 0002). */
export function ThresholdCell({ parts }: { parts: ThresholdPart[] }) {
  if (parts.length === 0) return <td>{NO_THRESHOLD_DATA}</td>;
  return (
    <td>
      {parts.map((part, index) => {
        const explanation = part.flags.map(qualityFlagLabel).join('; ');
        return (
          <span key={index}>
            {index > 0 && ', '}
            {part.text}
            {part.flags.length > 0 && (
              <Badge bg="warning" text="dark" className="ms-1 fw-normal" title={explanation}>
                flagged<span className="visually-hidden">: {explanation}</span>
              </Badge>
            )}
          </span>
        );
      })}
    </td>
  );
}
