import { colonyPath, speciesPath } from '@coral/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * The one way to link a colony or a species to its page (decision 0020), so that every table, card,
 * popup and cart row links the same way.
 */
export function ColonyLink({ colonyId, children }: { colonyId: number; children: ReactNode }) {
  return <Link to={colonyPath(colonyId)}>{children}</Link>;
}

/** A species name, italic as binomials are written, linked to the species page. */
export function SpeciesLink({ species }: { species: string }) {
  return (
    <Link to={speciesPath(species)}>
      <em>{species}</em>
    </Link>
  );
}

/**
 * A colony's species: the name it is shown under (a synonym's accepted name, decision 0060),
 * linked, with the name as written beside it where it differs (decision 0063), the same on the
 * colony page and in the map's popup.
 */
export function ColonySpecies({
  species,
  verbatimSpecies,
}: {
  species: string;
  /** The name as written; absent or equal to `species` when nothing moved it. */
  verbatimSpecies?: string;
}) {
  return (
    <>
      <SpeciesLink species={species} />
      {verbatimSpecies !== undefined && verbatimSpecies !== species && (
        <span className="text-body-secondary"> (written as {verbatimSpecies})</span>
      )}
    </>
  );
}
