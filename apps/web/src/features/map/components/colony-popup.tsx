import { formatCoordinates, formatValue, qualityFlagLabel, type TColony } from '@coral/core';
import { useLayoutEffect, useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import { popupLists, type PopupEntry } from '../utils/colony-entries';

/** How many colonies a list shows before 'Show more'. */
export const POPUP_LIST_PAGE = 50;

function Flagged({ flags }: { flags: string[] }) {
  if (flags.length === 0) return null;
  const explanation = flags.map(qualityFlagLabel).join('; ');
  return (
    <Badge bg="warning" text="dark" className="ms-1 fw-normal" title={explanation}>
      flagged<span className="visually-hidden">: {explanation}</span>
    </Badge>
  );
}

const celsius = (value: number | null) => {
  const text = formatValue(value);
  return text === 'N/A' ? text : `${text}°C`;
};

function EntryLine({ entry }: { entry: PopupEntry }) {
  return (
    <li className="colony-popup__entry">
      <span>
        Absolute: {celsius(entry.absolute)}
        <Flagged flags={entry.absoluteFlags} />
      </span>
      <span>
        Relative: {celsius(entry.relative)}
        <Flagged flags={entry.relativeFlags} />
      </span>
      <span>MMM: {celsius(entry.mmm)}</span>
      <span>Condition: {entry.condition ?? 'N/A'}</span>
      <span>Timepoint: {entry.timepoint}</span>
    </li>
  );
}

/**
 * A colony's popup (product-spec §2): name, ID, species, coordinates and the three threshold
 * lists.
 */
export function ColonyDetails({ colony }: { colony: TColony }) {
  return (
    <div className="colony-popup__details">
      <h2 className="h6 mb-1">{colony.name}</h2>
      <dl className="colony-popup__facts">
        <dt>ID</dt>
        <dd>{colony.id}</dd>
        <dt>Species</dt>
        <dd>{colony.species}</dd>
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

interface ColonyPopupProps {
  colonies: readonly TColony[];
  /** Colony indices of the marker: one shows its details, several a list to choose from. */
  colonyIndices: readonly number[];
  /** Called after the content changed size, so the map can re-place the popup. */
  onResize?: () => void;
}

/**
 * The content of a marker's popup (at most 300 px wide, scrollable). Colonies that share a place
 * (the seed has up to 100 on one point) are listed; choosing one shows its details.
 */
export function ColonyPopup({ colonies, colonyIndices, onResize }: ColonyPopupProps) {
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
        {!single && (
          <Button variant="link" size="sm" className="p-0 mb-1" onClick={() => setChosen(null)}>
            ← All {colonyIndices.length} colonies here
          </Button>
        )}
        <ColonyDetails colony={colony} />
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
