import type { TextEncodingName } from './protocol';

/**
 * A CSV file's bytes as text: UTF-16 when it starts with a UTF-16 byte-order mark, UTF-8 when
 * the bytes are valid UTF-8 (a UTF-8 BOM is dropped), otherwise Windows-1252, which is what Excel
 * writes for "CSV (Comma delimited)" on Windows (so "°" or "é" in a site name survive).
 */
export function decodeText(bytes: Uint8Array): { text: string; encoding: TextEncodingName } {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) {
    return { text: new TextDecoder('utf-16le').decode(bytes), encoding: 'utf-16le' };
  }
  if (bytes[0] === 0xfe && bytes[1] === 0xff) {
    return { text: new TextDecoder('utf-16be').decode(bytes), encoding: 'utf-16be' };
  }
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' };
  } catch {
    return { text: new TextDecoder('windows-1252').decode(bytes), encoding: 'windows-1252' };
  }
}
