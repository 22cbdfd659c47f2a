import {
  formatLongUsDate,
  PUBLIC_STATES,
  type TDatasetDetail,
  type TDatasetEvent,
} from '@coral/core';
import { EVENT_ACTION_LABELS, fieldLabel } from '../utils/dataset-labels';
import { CITATION_FORMATS, citationFileUrl } from './dataset-citation';
import { ScrollableTable } from '@/components/scrollable-table';
import { SectionCard } from '@/components/section-card';

/**
 * The citation files of one description of a version (docs/decisions/0064-metadata-revisions.md):
 * revision 0 is the description as published, 1… a curator's revision as it was made. The same
 * formats as the page's citation menu; each link names its revision for screen readers, whose
 * list of links would otherwise hold many "BibTeX".
 */
function RevisionCitations({
  datasetId,
  version,
  revision,
}: {
  datasetId: number;
  version: number;
  revision: number;
}) {
  const what =
    revision === 0
      ? `version ${version} as published`
      : `version ${version}, description revision ${revision}`;
  return (
    <nav aria-label={`Citation downloads of ${what}`} className="small mt-1">
      <span className="me-1">{revision === 0 ? 'Cite as published:' : 'Cite this revision:'}</span>
      {CITATION_FORMATS.map(({ file, label }) => (
        <a
          key={file}
          href={`${citationFileUrl(datasetId, version, file)}?revision=${revision}`}
          download
          className="btn btn-link btn-sm p-0 me-2 align-baseline"
        >
          {label}
          <span className="visually-hidden"> of {what}</span>
        </a>
      ))}
    </nav>
  );
}

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

/**
 * Which description an entry's citation files cite: a revision's own, and, for the publication
 * of a version a curator has revised since, the description as published. Only public versions
 * have citation files; a version never revised is cited by the page's citation menu.
 */
function citedRevision(
  event: TDatasetEvent,
  citable: ReadonlySet<number>,
  revised: ReadonlySet<number>,
): number | null {
  if (event.version === null || !citable.has(event.version)) return null;
  if (event.action === 'metadata_revised') return event.revision;
  if (event.action === 'published' && revised.has(event.version)) return 0;
  return null;
}

/**
 * Who did what to the dataset, and when, newest first ("platform" for the platform's jobs); each
 * description of a revised version keeps its citation files (decision 0064).
 */
export function DatasetHistory({
  dataset,
}: {
  dataset: Pick<TDatasetDetail, 'id' | 'history' | 'versions'>;
}) {
  const { history } = dataset;
  if (history.length === 0) return null;
  const events = [...history].sort((a, b) => b.at.localeCompare(a.at));
  const citable = new Set(
    dataset.versions.filter((v) => PUBLIC_STATES.includes(v.state)).map((v) => v.number),
  );
  const revised = new Set(
    history.flatMap((e) =>
      e.action === 'metadata_revised' && e.version !== null ? [e.version] : [],
    ),
  );
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
          {events.map((event, index) => {
            const revision = citedRevision(event, citable, revised);
            return (
              <tr key={`${event.at}-${index}`}>
                <td className="text-nowrap">{formatLongUsDate(event.at)}</td>
                <td>{event.actor ?? 'platform'}</td>
                <td>{EVENT_ACTION_LABELS[event.action]}</td>
                <td>{event.version ?? '—'}</td>
                <td>
                  <EventDetails event={event} />
                  {revision !== null && event.version !== null && (
                    <RevisionCitations
                      datasetId={dataset.id}
                      version={event.version}
                      revision={revision}
                    />
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </ScrollableTable>
    </SectionCard>
  );
}
