import { QualityFlagBadge } from '@/components/quality-flag-badge';
import { NO_THRESHOLD_DATA, type ThresholdPart } from '../utils/threshold-summary';

/** The entries joined by commas; a value with quality flags is marked (decision 0002). */
export function ThresholdCell({ parts }: { parts: ThresholdPart[] }) {
  if (parts.length === 0) return <td>{NO_THRESHOLD_DATA}</td>;
  return (
    <td>
      {parts.map((part, index) => (
        <span key={index}>
          {index > 0 && ', '}
          {part.text}
          <QualityFlagBadge flags={part.flags} />
        </span>
      ))}
    </td>
  );
}
