import type { DictionarySection } from '../formats/download-format';
import { EVENT_FILE } from './event-file';
import { MEASUREMENT_FILE } from './measurement-file';
import { OCCURRENCE_FILE } from './occurrence-file';

/** The three data files, core first: what meta.xml describes. */
export const DWCA_DATA_FILES = [EVENT_FILE, OCCURRENCE_FILE, MEASUREMENT_FILE] as const;

/** The archive's part of the data dictionary: every column of every data file, with its term. */
export const DWCA_DICTIONARY: readonly DictionarySection[] = DWCA_DATA_FILES.map(
  (file): DictionarySection => ({
    title: `Darwin Core Archive: ${file.fileName}`,
    intro: `Columns of \`${file.fileName}\` (tab-separated, UTF-8, one header line), row type ${file.rowType}. Column 0 is the ${file.role === 'core' ? 'id of the core row' : 'id of the event (core row) the row belongs to'}.`,
    entries: [
      {
        name: file.idColumn.name,
        description: file.idColumn.description,
        unit: null,
        ...(file.idColumn.term === null ? {} : { term: file.idColumn.term }),
      },
      ...file.fields.map(({ name, description, unit, term }) => ({
        name,
        description,
        unit,
        term,
      })),
    ],
  }),
);
