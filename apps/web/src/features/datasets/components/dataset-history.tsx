import { formatLongUsDate, type TDatasetEvent } from '@coral/core';
import { EVENT_ACTION_LABELS, fieldLabel } from '../utils/dataset-labels';
import { ScrollableTable } from '@/components/scrollable-table';
import { SectionCard } from '@/components/section-card';

function EventDetails({ event }: { event: TDatasetEvent }) {
  const fields = event.changes ? Object.keys(event.changes) : [];
  return (
    <>
      {event.revision !== null && (
        <div className="fw-semibold">Description revision {event.revision}</div>
      )}
      {event.message && <div className="text-break">{event.message}</div>}
      {fields.length > 0 && (
        <div className="small text-body-secondary">
          Changed: {fields.map(fieldLabel).join(', ')}
        </div>
      )}
    </>
  );
}

/** Who did what to the dataset, and when, newest first ("platform" for the platform's jobs). */
export function DatasetHistory({ history }: { history: readonly TDatasetEvent[] }) {
  if (history.length === 0) return null;
  const events = [...history].sort((a, b) => b.at.localeCompare(a.at));
  return (
    <SectionCard id="dataset-history-title" title="History" flush>
      {/* On a phone the table scrolls sideways: a focusable, named region (axe). */}
      <ScrollableTable label="History table" className="mb-0">
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">By</th>
            <th scope="col">Action</th>
            <th scope="col">Version</th>
            <th scope="col">Details</th>
          </tr>
        </thead>
        <tbody>
          {events.map((event, index) => (
            <tr key={`${event.at}-${index}`}>
              <td className="text-nowrap">{formatLongUsDate(event.at)}</td>
              <td>{event.actor ?? 'platform'}</td>
              <td>{EVENT_ACTION_LABELS[event.action]}</td>
              <td>{event.version ?? '—'}</td>
              <td>
                <EventDetails event={event} />
              </td>
            </tr>
          ))}
        </tbody>
      </ScrollableTable>
    </SectionCard>
  );
}
