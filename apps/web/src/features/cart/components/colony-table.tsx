import { formatCoordinates, type TCartColonyEntry } from '@coral/core';
import { memo, useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Table from 'react-bootstrap/Table';
import { ColonyLink, SpeciesLink } from '@/components/entity-links';
import { Pager, pageBounds } from '@/components/pager';
import { NO_DATA, THRESHOLD_COLUMNS, biosampleSummary } from '../utils/colony-display';
import { ThresholdList } from './threshold-list';

/**
 * Colonies shown per page of an expanded group. A group can hold thousands of colonies (up to
 * 100,000); drawing one page keeps expanding and paging fast whatever the size (decision 0009).
 */
export const COLONY_PAGE_SIZE = 50;

export const NO_COLONIES = 'No colonies in this group';

const ColonyRow = memo(function ColonyRow({ entry }: { entry: TCartColonyEntry }) {
  const { colony } = entry;
  const biosamples = biosampleSummary(entry.biosamples);
  return (
    <tr data-colony-id={colony.id}>
      <th scope="row" className="fw-normal">
        <div className="fw-semibold text-break">
          <ColonyLink colonyId={colony.id}>{colony.name}</ColonyLink>
        </div>
        <div className="small">ID: {colony.id}</div>
      </th>
      <td>
        <SpeciesLink species={colony.species} />
      </td>
      <td>
        <div>{colony.country}</div>
        <div className="small text-nowrap">
          {formatCoordinates(colony.latitude, colony.longitude)}
        </div>
      </td>
      <td>
        {biosamples ? (
          <>
            <Badge bg="secondary" pill>
              {biosamples.count}
              <span className="visually-hidden"> biosamples</span>
            </Badge>
            <div className="small text-break">{biosamples.first}</div>
            {biosamples.more && <div className="small">{biosamples.more}</div>}
          </>
        ) : (
          NO_DATA
        )}
      </td>
      {THRESHOLD_COLUMNS.map((column) => (
        <td key={column.header} className="small">
          <ThresholdList lines={column.lines(entry)} />
        </td>
      ))}
    </tr>
  );
});

/**
 * An expanded group's colonies (product-spec §2): a table at least 1600 px wide that scrolls
 * sideways in its own focusable region, a page of rows at a time.
 */
export function ColonyTable({
  groupName,
  colonies,
}: {
  groupName: string;
  colonies: readonly TCartColonyEntry[];
}) {
  const [requestedPage, setPage] = useState(0);
  if (colonies.length === 0) {
    return <p className="mb-0 py-2">{NO_COLONIES}</p>;
  }
  const { page, pageCount, start, end } = pageBounds(
    colonies.length,
    requestedPage,
    COLONY_PAGE_SIZE,
  );
  const paged = pageCount > 1;
  return (
    <div className="d-flex flex-column gap-2">
      {paged && (
        <div className="d-flex flex-wrap align-items-center justify-content-between gap-2">
          <p className="small mb-0" aria-live="polite">
            Colonies {start + 1}–{end} of {colonies.length}
          </p>
          <Pager
            page={page}
            pageCount={pageCount}
            onPageChange={setPage}
            label={`Pages of colonies in ${groupName}`}
          />
        </div>
      )}
      <div
        className="cart-colony-scroll"
        role="region"
        aria-label={`Colonies in ${groupName}`}
        tabIndex={0}
      >
        <Table bordered size="sm" className="cart-colony-table mb-0 align-top">
          <thead className="table-light">
            <tr>
              <th scope="col">Colony</th>
              <th scope="col">Species</th>
              <th scope="col">Location</th>
              <th scope="col">Biosamples</th>
              {THRESHOLD_COLUMNS.map((column) => (
                <th key={column.header} scope="col">
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {colonies.slice(start, end).map((entry) => (
              <ColonyRow key={entry.colony.id} entry={entry} />
            ))}
          </tbody>
        </Table>
      </div>
    </div>
  );
}
