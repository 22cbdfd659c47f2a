import { formatCoordinates, formatValue, withoutFlaggedEntries, type TColony } from '@coral/core';
import { useLayoutEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { ColonyLink, SpeciesLink } from '@/components/entity-links';
import { QualityFlagBadge } from '@/components/quality-flag-badge';
import type { SiteSummary } from '../utils/site-summary';
import { popupLists, type PopupEntry } from '../utils/colony-entries';
import { SiteSummaryBlock } from './site-summary';

/** How many colonies a list shows before 'Show more'. */
export const POPUP_LIST_PAGE = 50;

const celsius = (value: number | null) => {
  const text = formatValue(value);
  return text === 'N/A' ? text : `${text}°C`;
};

function EntryLine({ entry }: { entry: PopupEntry }) {
  return (
    <li className="colony-popup__entry">
      <span>
        Absolute: {celsius(entry.absolute)}
        <QualityFlagBadge flags={entry.absoluteFlags} />
      </span>
      <span>
        Relative: {celsius(entry.relative)}
        <QualityFlagBadge flags={entry.relativeFlags} />
      </span>
      <span>MMM: {celsius(entry.mmm)}</span>
      <span>Condition: {entry.condition ?? 'N/A'}</span>
      <span>Timepoint: {entry.timepoint}</span>
    </li>
  );
}

/**
 * A colony's popup (product-spec §2): name, ID, species, coordinates and the three threshold
 * lists. With "Hide flagged values" the hidden entries are not listed (decision 0013).
 */
export function ColonyDetails({ colony: full, hideFlagged = false }: ColonyDetailsProps) {
  const colony = hideFlagged ? withoutFlaggedEntries(full) : full;
  return (
    <div className="colony-popup__details">
      <h2 className="h6 mb-1">
        <ColonyLink colonyId={colony.id}>{colony.name}</ColonyLink>
      </h2>
      <dl className="colony-popup__facts">
        <dt>ID</dt>
        <dd>{colony.id}</dd>
        <dt>Species</dt>
        <dd>
          <SpeciesLink species={colony.species} />
        </dd>
        <dt>Coordinates</dt>
        <dd>{formatCoordinates(colony.latitude, colony.longitude)}</dd>
      </dl>
      {popupLists(colony).map((list) => (
        <section key={list.kind} aria-label={list.title}>
          <h3 className="h6 mb-1 mt-2">{list.title}</h3>
          {list.entries.length === 0 ? (
            <p className="mb-0 text-body-secondary">No data</p>
          ) : (
            <ul className="list-unstyled mb-0">
              {list.entries.map((entry) => (
                <EntryLine key={entry.id} entry={entry} />
              ))}
            </ul>
          )}
        </section>
      ))}
    </div>
  );
}

interface ColonyDetailsProps {
  colony: TColony;
  /** "Hide flagged values" is applied: list only the entries it keeps. */
  hideFlagged?: boolean;
}

interface ColonyPopupProps {
  colonies: readonly TColony[];
  /** "Hide flagged values" is applied (the popups then list only the entries it keeps). */
  hideFlagged?: boolean;
  /** Colony indices of the marker: one shows its details, several a list to choose from. */
  colonyIndices: readonly number[];
  /** Called after the content changed size, so the map can re-place the popup. */
  onResize?: () => void;
  /** The marker's sites under the current filters, summarised above its colonies. */
  sites?: readonly SiteSummary[];
}

function SiteSummaries({ sites }: { sites: readonly SiteSummary[] }) {
  return sites.map((site) => <SiteSummaryBlock key={site.key} site={site} />);
}

/**
 * The content of a marker's popup (at most 300 px wide, scrollable). Colonies that share a place
 * (the seed has up to 100 on one point) are listed; choosing one shows its details.
 */
export function ColonyPopup({
  colonies,
  colonyIndices,
  onResize,
  hideFlagged = false,
  sites = [],
}: ColonyPopupProps) {
  const [chosen, setChosen] = useState<number | null>(
    colonyIndices.length === 1 ? colonyIndices[0]! : null,
  );
  const [shown, setShown] = useState(POPUP_LIST_PAGE);
  useLayoutEffect(() => onResize?.(), [chosen, shown, onResize]);

  const single = colonyIndices.length === 1;
  if (chosen !== null) {
    const colony = colonies[chosen]!;
    return (
      <div className="colony-popup" tabIndex={0} role="group" aria-label={colony.name}>
        {single ? (
          <SiteSummaries sites={sites} />
        ) : (
          <Button variant="link" size="sm" className="p-0 mb-1" onClick={() => setChosen(null)}>
            ← All {colonyIndices.length} colonies here
          </Button>
        )}
        <ColonyDetails colony={colony} hideFlagged={hideFlagged} />
      </div>
    );
  }
  const listed = colonyIndices.slice(0, shown);
  const rest = colonyIndices.length - listed.length;
  return (
    <div
      className="colony-popup"
      tabIndex={0}
      role="group"
      aria-label={`${colonyIndices.length} colonies`}
    >
      <h2 className="h6 mb-1">{colonyIndices.length} colonies here</h2>
      <SiteSummaries sites={sites} />
      <ul className="list-unstyled mb-0 colony-popup__list">
        {listed.map((index) => {
          const colony = colonies[index]!;
          return (
            <li key={colony.id}>
              <Button
                variant="link"
                size="sm"
                className="p-0 text-start"
                onClick={() => setChosen(index)}
              >
                {colony.name}
              </Button>{' '}
              <span className="text-body-secondary small">
                {colony.species} · ID {colony.id}
              </span>
            </li>
          );
        })}
      </ul>
      {rest > 0 && (
        <Button
          variant="outline-secondary"
          size="sm"
          className="mt-2"
          onClick={() => setShown((n) => n + POPUP_LIST_PAGE)}
        >
          Show {Math.min(rest, POPUP_LIST_PAGE)} more of {rest}
        </Button>
      )}
    </div>
  );
}
