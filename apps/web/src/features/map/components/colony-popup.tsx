import { formatCoordinates, formatValue, withoutFlaggedEntries, type TColony } from '@coral/core';
import { useLayoutEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { ColonyLink, ColonySpecies } from '@/components/entity-links';
import { Loading } from '@/components/loading';
import { QualityFlagBadge } from '@/components/quality-flag-badge';
import { POPUP_LIST_PAGE, useMarkerMembers } from '../hooks/use-marker-members';
import type { MarkerMembers } from '../markers/marker-source';
import type { SiteSummary } from '@coral/core/map-clusters';
import { popupLists, type PopupEntry } from '../utils/colony-entries';
import { siteNames } from '@/lib/site-names';
import { ColoniesFailed, LOADING_COLONIES } from './colonies-failed';
import { SiteSummaryBlock } from './site-summary';

export { POPUP_LIST_PAGE };

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
          <ColonySpecies species={colony.species} verbatimSpecies={colony.verbatim_species} />
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
  /** The marker's colonies, from the browser's memory or the server, page by page. */
  members: MarkerMembers;
  /** "Hide flagged values" is applied (the popups then list only the entries it keeps). */
  hideFlagged?: boolean;
  /** Called after the content changed size, so the map can re-place the popup. */
  onResize?: () => void;
  /** The server's data changed since the marker was drawn: the map refreshes its markers. */
  onStale?: () => void;
}

function SiteSummaries({
  sites,
  colonies,
}: {
  sites: readonly SiteSummary[];
  colonies: readonly TColony[];
}) {
  return sites.map((site) => (
    <SiteSummaryBlock key={site.key} site={site} names={siteNames(site, colonies)} />
  ));
}

/**
 * The content of a marker's popup (at most 300 px wide, scrollable): the summaries of its sites
 * under the current filters, then its colonies. One colony shows its details; several (the seed
 * has up to 100 on one point) are listed 50 at a time, and choosing one shows its details.
 */
export function ColonyPopup({ members, onResize, onStale, hideFlagged = false }: ColonyPopupProps) {
  const { loaded, loading, failed, showMore, retry } = useMarkerMembers(members, onStale);
  const [chosen, setChosen] = useState<TColony | null>(null);
  useLayoutEffect(() => onResize?.(), [chosen, loaded, loading, failed, onResize]);

  const failure = failed && <ColoniesFailed className="mb-0 mt-2 small" onRetry={retry} />;
  if (!loaded) {
    return (
      <div className="colony-popup" tabIndex={0} role="group" aria-label="Colonies here">
        {failure || <Loading text={LOADING_COLONIES} className="py-2" />}
      </div>
    );
  }
  const { count, sites, colonies } = loaded;
  const single = count === 1;
  const colony = chosen ?? (single ? colonies[0] : undefined);
  if (colony) {
    return (
      <div className="colony-popup" tabIndex={0} role="group" aria-label={colony.name}>
        {single ? (
          <SiteSummaries sites={sites} colonies={colonies} />
        ) : (
          <Button variant="link" size="sm" className="p-0 mb-1" onClick={() => setChosen(null)}>
            ← All {count} colonies here
          </Button>
        )}
        <ColonyDetails colony={colony} hideFlagged={hideFlagged} />
      </div>
    );
  }
  const rest = count - colonies.length;
  return (
    <div className="colony-popup" tabIndex={0} role="group" aria-label={`${count} colonies`}>
      <h2 className="h6 mb-1">{count} colonies here</h2>
      <SiteSummaries sites={sites} colonies={colonies} />
      <ul className="list-unstyled mb-0 colony-popup__list">
        {colonies.map((colony) => (
          <li key={colony.id}>
            <Button
              variant="link"
              size="sm"
              className="p-0 text-start"
              onClick={() => setChosen(colony)}
            >
              {colony.name}
            </Button>{' '}
            <span className="text-body-secondary small">
              {colony.species} · ID {colony.id}
            </span>
          </li>
        ))}
      </ul>
      {rest > 0 && !failed && (
        <Button
          variant="outline-secondary"
          size="sm"
          className="mt-2"
          disabled={loading}
          onClick={showMore}
        >
          Show {Math.min(rest, POPUP_LIST_PAGE)} more of {rest}
        </Button>
      )}
      {failure}
    </div>
  );
}
