import { colonyPath } from '../../client-routes';
import { findCountry } from '../../countries/normalize-country';
import { LICENCES } from '../../datasets/licences';
import { RAMP_HOLD_PROFILES } from '../../datasets/protocol';
import type { DownloadColony, DownloadContext, DownloadDataset } from '../download-model';

/**
 * Identifiers resolve to pages of the platform (docs/decisions/0058-obis-ready-archives-and-friendly-files.md):
 * a site and an assay are parts of their dataset version's page (which answers 200 for every
 * public version, and a tombstone for a withdrawn one), a colony is its own page.
 */
export const siteEventId = (dataset: DownloadDataset, siteName: string) =>
  `${dataset.facts.url}#site-${encodeURIComponent(siteName)}`;

export const assayEventId = (dataset: DownloadDataset, assayId: number) =>
  `${dataset.facts.url}#assay-${assayId}`;

export const colonyOccurrenceId = (context: Pick<DownloadContext, 'publicUrl'>, colonyId: number) =>
  `${context.publicUrl}${colonyPath(colonyId)}`;

/**
 * The event of a colony that took part in no assay the platform knows (thresholds imported
 * without their observations): the colony's own collection event, so that its occurrence and
 * measurements still hang on an event of the core.
 */
export const colonyFallbackEventId = (
  context: Pick<DownloadContext, 'publicUrl'>,
  colonyId: number,
) => `${colonyOccurrenceId(context, colonyId)}#collection`;

/** The event a colony's occurrence hangs on: its first assay, else its fallback event. */
export function colonyEventId(
  context: Pick<DownloadContext, 'publicUrl'>,
  colony: DownloadColony,
  dataset: DownloadDataset,
): string {
  const first = colony.assays[0];
  return first ? assayEventId(dataset, first.id) : colonyFallbackEventId(context, colony.id);
}

/** The dataset version's identifier in DwC rows: its DOI when registered, else its page. */
export const dwcaDatasetId = (dataset: DownloadDataset) =>
  dataset.facts.doi === null ? dataset.facts.url : `https://doi.org/${dataset.facts.doi}`;

/** dcterms:license wants the licence's URL; nothing is claimed when no licence was stated. */
export const licenceUrl = (dataset: DownloadDataset) =>
  dataset.facts.licence === null ? null : LICENCES[dataset.facts.licence].url;

export const countryCode = (colony: DownloadColony) => findCountry(colony.country)?.alpha2 ?? null;

/** The CBASS protocol in words, from the dataset version's protocol metadata. */
export const DEFAULT_SAMPLING_PROTOCOL = 'CBASS acute heat-stress assay';

export function samplingProtocol(dataset: DownloadDataset): string {
  const protocol = dataset.protocol;
  if (protocol === null) return DEFAULT_SAMPLING_PROTOCOL;
  const parts: string[] = [];
  if (protocol.ramp_hold_profile === 'other') {
    if (protocol.ramp_hold_other) parts.push(protocol.ramp_hold_other);
  } else if (protocol.ramp_hold_profile !== null) {
    parts.push(RAMP_HOLD_PROFILES[protocol.ramp_hold_profile].label);
  }
  if (protocol.hold_temperatures_c.length > 0) {
    parts.push(`hold temperatures ${protocol.hold_temperatures_c.join(', ')} °C`);
  }
  if (protocol.hold_duration_minutes !== null) {
    parts.push(`hold ${protocol.hold_duration_minutes} min`);
  }
  return parts.length === 0
    ? DEFAULT_SAMPLING_PROTOCOL
    : `${DEFAULT_SAMPLING_PROTOCOL}: ${parts.join('; ')}`;
}
