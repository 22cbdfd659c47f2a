import { readCsvTable } from './csv-table';
import { decodeCsvBytes } from './decode-csv';
import type { DataFileType } from './data-table';

/**
 * CSV text: decoded by the one text decoder (binary files renamed .csv are refused, saying what
 * they are), read by the one CSV reader. The catch-all file type: it takes what no binary type
 * claims.
 */
export const csvFile = {
  id: 'csv',
  extensions: ['.csv'],
  mediaTypes: ['text/csv'],
  claims: () => true,
  readsStart: true,
  readTable(bytes, options = {}) {
    const decoded = decodeCsvBytes(bytes, { partial: options.partial });
    if (!decoded.ok) return decoded;
    return { ok: true, table: readCsvTable(decoded.text, options), warning: decoded.warning };
  },
} as const satisfies DataFileType;
