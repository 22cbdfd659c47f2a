import { datasetLookup } from '../download-datasets';
import type { DownloadColony, DownloadContext } from '../download-model';
import { DwcaEventTracker, dwcaEventHeader, dwcaEventRows, EVENT_FILE } from './event-file';
import { dwcaMeasurementHeader, dwcaMeasurementRows, MEASUREMENT_FILE } from './measurement-file';
import { dwcaOccurrenceHeader, dwcaOccurrenceRows, OCCURRENCE_FILE } from './occurrence-file';
import { dwcaEmlXml } from './eml-xml';
import { DWCA_EML_FILE, DWCA_META_FILE, dwcaMetaXml } from './meta-xml';

/**
 * All five files of a Darwin Core Archive held in memory, for tests and small outputs. The
 * server streams the same files instead: the headers, then per colony `dwcaEventRows`,
 * `dwcaOccurrenceRows` and `dwcaMeasurementRows` into three temporary files (one tracker for the
 * whole download), which it then adds to the zip next to meta.xml and eml.xml.
 */
export function dwcaFiles(
  context: DownloadContext,
  colonies: Iterable<DownloadColony>,
): Record<string, string> {
  const lookup = datasetLookup(context);
  const tracker = new DwcaEventTracker();
  let events = dwcaEventHeader();
  let occurrences = dwcaOccurrenceHeader();
  let measurements = dwcaMeasurementHeader();
  for (const colony of colonies) {
    events += dwcaEventRows(colony, context, lookup, tracker);
    occurrences += dwcaOccurrenceRows(colony, context, lookup);
    measurements += dwcaMeasurementRows(colony, context);
  }
  return {
    [DWCA_META_FILE]: dwcaMetaXml(),
    [DWCA_EML_FILE]: dwcaEmlXml(context),
    [EVENT_FILE.fileName]: events,
    [OCCURRENCE_FILE.fileName]: occurrences,
    [MEASUREMENT_FILE.fileName]: measurements,
  };
}
