import { findCountry } from '../../countries/normalize-country';
import { isImpossibleDate } from '../../format/dates';
import type { DownloadColony } from '../download-model';

/**
 * What a set of colonies covers, as EML's coverage states it (GBIF Metadata Profile 1.2;
 * docs/decisions/0057-eml-gbif-profile-and-datacite.md): the bounding box of their sites, the
 * first and last assay date, the species (WoRMS' accepted name and rank where the name was
 * matched, else the name as written, without a rank).
 */
export interface EmlCoverage {
  box: { west: number; east: number; south: number; north: number } | null;
  /** ISO 3166 names (or codes as written) of the sites' countries, sorted. */
  countries: readonly string[];
  dates: { begin: string; end: string } | null;
  /**
   * The same range without the dates that cannot be true (after the day the coverage is read: the
   * seed's year 2222, kept as recorded and marked, decision 0012): what DataCite is told the data
   * were collected in (docs/decisions/0065-obis-names-and-datacite-coverage.md).
   */
  collected: { begin: string; end: string } | null;
  taxa: readonly EmlTaxon[];
  /** WoRMS families of the matched species, sorted (the general taxonomic coverage). */
  families: readonly string[];
  colonies: number;
}

export interface EmlTaxon {
  name: string;
  /** WoRMS' rank ("Species"); null when WoRMS did not match the name. */
  rank: string | null;
}

/** What the coverage reads of a colony (a download's colony, or a version's row on the server). */
export type EmlCoverageColony = Pick<
  DownloadColony,
  'latitude' | 'longitude' | 'country' | 'species' | 'taxon'
> & { assays: readonly { date: string | null }[] };

/** Gathers the coverage colony by colony (a download's archive sees each colony once). */
export class EmlCoverageTracker {
  private box: { west: number; east: number; south: number; north: number } | null = null;
  private readonly countries = new Set<string>();
  private begin: string | null = null;
  private end: string | null = null;
  private collectedBegin: string | null = null;
  private collectedEnd: string | null = null;
  private readonly taxa = new Map<string, EmlTaxon>();
  private readonly families = new Set<string>();
  private colonies = 0;

  add(colony: EmlCoverageColony): void {
    this.colonies += 1;
    const { latitude: lat, longitude: lon } = colony;
    if (Number.isFinite(lat) && Number.isFinite(lon)) {
      this.box =
        this.box === null
          ? { west: lon, east: lon, south: lat, north: lat }
          : {
              west: Math.min(this.box.west, lon),
              east: Math.max(this.box.east, lon),
              south: Math.min(this.box.south, lat),
              north: Math.max(this.box.north, lat),
            };
    }
    if (colony.country.trim() !== '') {
      this.countries.add(findCountry(colony.country)?.name ?? colony.country.trim());
    }
    for (const { date } of colony.assays) {
      if (date === null) continue;
      if (this.begin === null || date < this.begin) this.begin = date;
      if (this.end === null || date > this.end) this.end = date;
      if (isImpossibleDate(date)) continue;
      if (this.collectedBegin === null || date < this.collectedBegin) this.collectedBegin = date;
      if (this.collectedEnd === null || date > this.collectedEnd) this.collectedEnd = date;
    }
    const taxon = colony.taxon;
    const matched =
      taxon && (taxon.status === 'accepted' || taxon.status === 'synonym') ? taxon : null;
    const name = matched?.acceptedName ?? matched?.matchedName ?? colony.species.trim();
    if (name !== '' && !this.taxa.has(name)) {
      this.taxa.set(name, { name, rank: matched?.rank ?? null });
    }
    const family = matched?.classification.family;
    if (family) this.families.add(family);
  }

  coverage(): EmlCoverage {
    return {
      box: this.box,
      countries: [...this.countries].sort(),
      dates: this.begin === null || this.end === null ? null : { begin: this.begin, end: this.end },
      collected:
        this.collectedBegin === null || this.collectedEnd === null
          ? null
          : { begin: this.collectedBegin, end: this.collectedEnd },
      taxa: [...this.taxa.values()].sort((a, b) => a.name.localeCompare(b.name)),
      families: [...this.families].sort(),
      colonies: this.colonies,
    };
  }
}

/** The coverage of colonies known at once (a dataset version's standalone EML, its tests). */
export function emlCoverage(colonies: Iterable<EmlCoverageColony>): EmlCoverage {
  const tracker = new EmlCoverageTracker();
  for (const colony of colonies) tracker.add(colony);
  return tracker.coverage();
}
