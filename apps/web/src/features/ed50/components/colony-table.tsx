import type { ThresholdKind } from '@coral/core';
import type { ColonyEdResult, EdComputation } from '@coral/core/ed50';
import Form from 'react-bootstrap/Form';
import { useState } from 'react';
import { Pager, pageBounds } from '@/components/pager';
import { ScrollableTable } from '@/components/scrollable-table';
import { ED_KINDS, SEVERITY_BADGE, edCellText, flagLabel, plural } from '../utils/ed-display';

export const COLONIES_PER_PAGE = 25;

function EdCell({ colony, kind }: { colony: ColonyEdResult; kind: ThresholdKind }) {
  const estimate = colony[kind];
  const text = edCellText(colony, estimate);
  // drc's delta-method 95 % interval, when the fit has one (the per-colony method).
  const interval = estimate.rounded !== null ? estimate.interval : null;
  return (
    <td className={estimate.rounded === null ? 'text-body-secondary fst-italic' : 'text-end'}>
      {text}
      {interval && (
        <span className="d-block text-body-secondary text-nowrap">
          95 % CI {interval.lower.toFixed(2)}–{interval.upper.toFixed(2)}
        </span>
      )}
    </td>
  );
}

function Flags({ colony }: { colony: ColonyEdResult }) {
  if (colony.flags.length === 0) return <span className="text-body-secondary">—</span>;
  return (
    <ul className="list-unstyled mb-0 ed50-flags">
      {colony.flags.map((flag) => {
        const { label, severity } = flagLabel(flag);
        return (
          <li key={flag.code}>
            <span className={`badge ${SEVERITY_BADGE[severity]} me-1`}>{label}</span>
            <span>{flag.message}</span>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * Every colony's ED5 / ED50 / ED95 (rounded as CBASSED50 prints them) with the reasons for any
 * value that is missing or to be read with care. Long files are paged.
 */
export function ColonyTable({ computation }: { computation: EdComputation }) {
  const [onlyFlagged, setOnlyFlagged] = useState(false);
  const [page, setPage] = useState(0);
  const flaggedCount = computation.colonies.filter((c) => c.flags.length > 0).length;
  const shown = onlyFlagged
    ? computation.colonies.filter((colony) => colony.flags.length > 0)
    : computation.colonies;
  const bounds = pageBounds(shown.length, page, COLONIES_PER_PAGE);
  const rows = shown.slice(bounds.start, bounds.end);
  return (
    <>
      <h3 className="h5 mt-4">Colonies</h3>
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-2">
        <Form.Check
          type="switch"
          id="ed50-only-flagged"
          label={`Only colonies with notes (${flaggedCount.toLocaleString('en-US')})`}
          checked={onlyFlagged}
          disabled={flaggedCount === 0}
          onChange={(event) => {
            setOnlyFlagged(event.currentTarget.checked);
            setPage(0);
          }}
        />
        {bounds.pageCount > 1 && (
          <Pager
            page={bounds.page}
            pageCount={bounds.pageCount}
            onPageChange={setPage}
            label="Pages of the colony table"
          />
        )}
      </div>
      <ScrollableTable
        label="ED values per colony"
        size="sm"
        striped
        className="ed50-colony-table small"
      >
        <caption className="visually-hidden">
          ED values per colony, {plural(shown.length, 'colony', 'colonies')}
          {bounds.pageCount > 1 && `, rows ${bounds.start + 1} to ${bounds.end}`}
        </caption>
        <thead>
          <tr>
            {computation.grouping.map((column) => (
              <th scope="col" key={column}>
                {column}
              </th>
            ))}
            <th scope="col">Genotype</th>
            {ED_KINDS.map((kind) => (
              <th scope="col" key={kind.kind} className="text-end">
                {kind.edLabel} (°C)
              </th>
            ))}
            <th scope="col">Notes</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((colony, i) => (
            <tr key={bounds.start + i}>
              {computation.grouping.map((column) => (
                <td key={column}>{colony.groupValues[column]}</td>
              ))}
              <th scope="row" className="fw-normal">
                {colony.genotype}
              </th>
              {ED_KINDS.map((kind) => (
                <EdCell key={kind.kind} colony={colony} kind={kind.kind} />
              ))}
              <td className="ed50-notes">
                <Flags colony={colony} />
              </td>
            </tr>
          ))}
        </tbody>
      </ScrollableTable>
    </>
  );
}
