import type { MarkerSource } from '../markers/marker-source';

/** The sidebar's choices: the species, projects and years of the public colonies. */
export interface FilterChoices {
  species: readonly string[];
  projects: readonly string[];
  years: readonly number[];
}

/** What the map page needs of a mode (browser or server, decision 0036), whichever it is. */
export interface MapMarkers {
  /** What the map draws; null until it can. */
  source: MarkerSource | null;
  /** The sidebar's species, projects and years. */
  choices: FilterChoices | null;
  /** 'N of M colonies': passing the filters, public. */
  counts: { matching: number; total: number } | null;
  /** The ids of the colonies passing the filters, for Add to Cart. */
  colonyIds: () => number[] | Promise<number[]>;
  loading: boolean;
  failed: boolean;
  retry: () => void;
}
