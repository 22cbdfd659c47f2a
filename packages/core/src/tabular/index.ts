/**
 * The tabular layer: how the bytes of a researcher's data file become a table of cells (text
 * decoding, CSV, XLSX, the file types), and how its columns and cells are read (column specs,
 * values, the raw CBASS table). The ED calculator (ed50/) and the upload (upload/) both stand on
 * it; it imports neither. What `@coral/core` offers of it:
 */
export * from './decode-text';
export * from './decode-csv';
export * from './decode-data-file';
export * from './csv-table';
export * from './data-table';
export * from './column-spec';
export * from './values';
