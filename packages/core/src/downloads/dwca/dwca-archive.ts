import type { ArchiveDownloadWriter } from '../formats/download-format';
import {
  DwcaEventTracker,
  dwcaEventHeader,
  dwcaEventRows,
  dwcaSiteEventRows,
  EVENT_FILE,
} from './event-file';
import { dwcaMeasurementHeader, dwcaMeasurementRows, MEASUREMENT_FILE } from './measurement-file';
import { dwcaOccurrenceHeader, dwcaOccurrenceRows, OCCURRENCE_FILE } from './occurrence-file';
import { EmlCoverageTracker } from './eml-coverage';
import { dwcaEmlXml } from './eml-xml';
import { DWCA_EML_FILE, DWCA_META_FILE, dwcaMetaXml } from './meta-xml';

/**
 * The Darwin Core Archive download's writer (formats/registry.ts): meta.xml first, then the
 * three data files, written colony by colony side by side, then eml.xml, whose coverage (sites,
 * assay dates, species) is gathered from the same colonies. Events shared by colonies are
 * written once: one tracker per download remembers them, and writes the sites (the assays'
 * parent events) at the end of the event file.
 */
export const dwcaWriter: ArchiveDownloadWriter = {
  kind: 'archive',
  open(context, lookup) {
    const tracker = new DwcaEventTracker();
    const coverage = new EmlCoverageTracker();
    return {
      leading: [{ name: DWCA_META_FILE, text: dwcaMetaXml() }],
      tables: [
        {
          name: EVENT_FILE.fileName,
          header: dwcaEventHeader(),
          rows: (colony) => {
            coverage.add(colony);
            return dwcaEventRows(colony, context, lookup, tracker);
          },
          tail: () => dwcaSiteEventRows(tracker),
        },
        {
          name: OCCURRENCE_FILE.fileName,
          header: dwcaOccurrenceHeader(),
          rows: (colony) => dwcaOccurrenceRows(colony, context, lookup),
        },
        {
          name: MEASUREMENT_FILE.fileName,
          header: dwcaMeasurementHeader(),
          rows: (colony) => dwcaMeasurementRows(colony, context, lookup),
        },
      ],
      trailing: () => [{ name: DWCA_EML_FILE, text: dwcaEmlXml(context, coverage.coverage()) }],
    };
  },
};
