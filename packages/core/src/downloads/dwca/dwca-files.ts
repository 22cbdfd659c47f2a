import { EVENT_FILE } from './event-file';
import { MEASUREMENT_FILE } from './measurement-file';
import { OCCURRENCE_FILE } from './occurrence-file';

/** The three data files, core first: what meta.xml describes. */
export const DWCA_DATA_FILES = [EVENT_FILE, OCCURRENCE_FILE, MEASUREMENT_FILE] as const;
