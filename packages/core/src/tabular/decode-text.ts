/**
 * THE text decoder of the platform: how the bytes of a researcher's text file become text, for
 * the upload (worker and quick check), the ED calculator (web worker and CLI) and the preview.
 *
 * UTF-16 when the file starts with a UTF-16 byte-order mark (Excel's "Unicode text"); else UTF-8
 * when the bytes are valid UTF-8 (a UTF-8 byte-order mark is dropped); else Windows-1252, which
 * older Excel on Windows writes for "CSV (Comma delimited)", so "°" or "é" in a site name survive.
 * Refusing files that are not text at all is the CSV file type's business (decode-csv.ts).
 */
export type TextEncodingName = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

export interface DecodedText {
  /** The text, without a byte-order mark. */
  text: string;
  encoding: TextEncodingName;
  /** What the reader should check (the text was not UTF-8); null when nothing. */
  warning: string | null;
}

/** The upload's warning for a file read as Windows-1252. */
export const NOT_UTF8_WARNING =
  'The file is not UTF-8; it was read as Windows-1252 (Western European). Check that names with accents look right, or save the file as "CSV UTF-8".';

export interface DecodeOptions {
  /**
   * The bytes are only the start of the file (the quick check reads the first 64 KiB): a
   * character cut at the end is then not a reason to leave UTF-8.
   */
  partial?: boolean;
}

/** Whether `bytes` begin with the byte sequence `prefix` (a magic number, a byte-order mark). */
export const startsWithBytes = (bytes: Uint8Array, prefix: readonly number[]) =>
  bytes.length >= prefix.length && prefix.every((byte, i) => bytes[i] === byte);

/** Whether the text starts with a UTF-16 byte-order mark (little- or big-endian). */
export const hasUtf16Bom = (bytes: Uint8Array) =>
  startsWithBytes(bytes, [0xff, 0xfe]) || startsWithBytes(bytes, [0xfe, 0xff]);

export function decodeText(bytes: Uint8Array, options: DecodeOptions = {}): DecodedText {
  // `stream: true` keeps an incomplete trailing sequence back instead of calling it invalid.
  const decodeOptions = { stream: options.partial === true };
  if (hasUtf16Bom(bytes)) {
    const encoding = bytes[0] === 0xff ? 'utf-16le' : 'utf-16be';
    return {
      text: new TextDecoder(encoding).decode(bytes.subarray(2), decodeOptions),
      encoding,
      warning: null,
    };
  }
  try {
    const text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(
      bytes,
      decodeOptions,
    );
    return { text, encoding: 'utf-8', warning: null };
  } catch {
    return {
      text: new TextDecoder('windows-1252').decode(bytes),
      encoding: 'windows-1252',
      warning: NOT_UTF8_WARNING,
    };
  }
}
