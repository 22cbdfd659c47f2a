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
