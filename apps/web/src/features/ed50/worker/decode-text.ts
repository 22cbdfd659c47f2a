import { decodeText as decodeBytes } from '@coral/core/ed50';
import type { TextEncodingName } from './protocol';

/**
 * A CSV file's bytes as text, by the platform's one text decoder (@coral/core
 * upload/decode-text.ts, shared with the upload and the CLI): UTF-16 when it starts with a
 * UTF-16 byte-order mark, UTF-8 when the bytes are valid UTF-8 (a UTF-8 BOM is dropped),
 * otherwise Windows-1252, which is what Excel writes for "CSV (Comma delimited)" on Windows (so
 * "°" or "é" in a site name survive). The page words its own notice from the encoding.
 */
export function decodeText(bytes: Uint8Array): { text: string; encoding: TextEncodingName } {
  const { text, encoding } = decodeBytes(bytes);
  return { text, encoding };
}
