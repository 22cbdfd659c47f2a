import { decodeDataFile } from '@coral/core/ed50';
import type { TextEncodingName } from './protocol';

/**
 * A data file's bytes as CSV text, by the platform's one data-file decoder (@coral/core
 * tabular/decode-data-file.ts, shared with the CLI): an Excel workbook's (.xlsx) first sheet
 * written out as CSV, or a text file by the one text decoder — UTF-16 when it starts with a
 * UTF-16 byte-order mark, UTF-8 when the bytes are valid UTF-8 (a UTF-8 BOM is dropped),
 * otherwise Windows-1252, which is what Excel writes for "CSV (Comma delimited)" on Windows (so
 * "°" or "é" in a site name survive). The page words its own notice from the encoding. A file
 * that cannot be read (a damaged or old .xls workbook) throws the reader's message.
 */
export function decodeText(bytes: Uint8Array): { text: string; encoding: TextEncodingName } {
  const decoded = decodeDataFile(bytes);
  if (!decoded.ok) throw new Error(`${decoded.problem} ${decoded.fix}`);
  return { text: decoded.text, encoding: decoded.encoding };
}
