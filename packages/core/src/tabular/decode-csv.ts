import {
  decodeText,
  hasUtf16Bom,
  startsWithBytes,
  type DecodedText,
  type DecodeOptions,
} from './decode-text';

/**
 * Is this file really a CSV? Researchers rename workbooks, PDFs and images to .csv; those are
 * recognised from their first bytes and refused with a message saying what the file is. Text is
 * decoded by decode-text.ts: UTF-8 (with or without a byte-order mark), UTF-16 with a byte-order
 * mark (Excel's "Unicode text"), or, when it is not valid UTF-8, Windows-1252 (older Excel on
 * Windows) with a warning.
 */
export type DecodeResult =
  | ({ ok: true } & DecodedText)
  | {
      ok: false;
      /** 'empty': nothing but white space; 'not-text': binary content. */
      reason: 'empty' | 'not-text';
      problem: string;
      fix: string;
    };

const SAVE_AS_CSV =
  'Open it in your spreadsheet program and save it as "CSV UTF-8 (comma delimited)".';

/** Magic numbers of the files most often mistaken for CSV. */
const SIGNATURES: { bytes: number[]; what: string; fix: string }[] = [
  {
    bytes: [0x50, 0x4b, 0x03, 0x04],
    what: 'an Excel workbook (.xlsx) or another ZIP archive',
    fix: SAVE_AS_CSV,
  },
  {
    bytes: [0xd0, 0xcf, 0x11, 0xe0],
    what: 'an old Excel workbook (.xls) or another Office file',
    fix: SAVE_AS_CSV,
  },
  {
    bytes: [0x25, 0x50, 0x44, 0x46],
    what: 'a PDF document',
    fix: 'Upload the data as a CSV file, not a PDF.',
  },
  { bytes: [0x89, 0x50, 0x4e, 0x47], what: 'a PNG image', fix: 'Upload the data as a CSV file.' },
  { bytes: [0xff, 0xd8, 0xff], what: 'a JPEG image', fix: 'Upload the data as a CSV file.' },
  { bytes: [0x47, 0x49, 0x46, 0x38], what: 'a GIF image', fix: 'Upload the data as a CSV file.' },
  {
    bytes: [0x1f, 0x8b],
    what: 'a gzip-compressed file',
    fix: 'Decompress it and upload the CSV inside.',
  },
  {
    bytes: [0x53, 0x51, 0x4c, 0x69, 0x74, 0x65],
    what: 'an SQLite database',
    fix: 'Export the data as CSV.',
  },
];

/** Bytes checked for binary content (the whole file is decoded later anyway). */
const SNIFF_BYTES = 64 * 1024;

/**
 * Why the start of a file shows it is not text, or null. Works on the first bytes only, so the
 * server can refuse a renamed binary before storing all of it.
 */
export function binaryContentProblem(head: Uint8Array): { problem: string; fix: string } | null {
  for (const signature of SIGNATURES) {
    if (startsWithBytes(head, signature.bytes)) {
      return { problem: `This file is ${signature.what}, not a CSV file.`, fix: signature.fix };
    }
  }
  if (hasUtf16Bom(head)) return null; // UTF-16 text
  const sample = head.subarray(0, SNIFF_BYTES);
  let control = 0;
  for (const byte of sample) {
    if (byte === 0) {
      return {
        problem: 'This file contains binary data (NUL bytes), not CSV text.',
        fix: `Upload the data as a CSV text file. ${SAVE_AS_CSV}`,
      };
    }
    // Control characters other than tab, LF, CR (and form feed) do not occur in CSV text.
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x0c) control++;
  }
  if (sample.length > 0 && control / sample.length > 0.01) {
    return {
      problem: 'This file contains binary data, not CSV text.',
      fix: `Upload the data as a CSV text file. ${SAVE_AS_CSV}`,
    };
  }
  return null;
}

type Refusal = Extract<DecodeResult, { ok: false }>;

/** Why a decoded text cannot be a data file (empty, or NUL characters), or null. */
function textProblem(text: string): Refusal | null {
  if (text.replace(/^\uFEFF/, '').trim() === '') {
    return {
      ok: false,
      reason: 'empty',
      problem: 'The file is empty.',
      fix: 'Choose the file that holds your data (a header row and one row per measurement).',
    };
  }
  if (text.includes('\u0000')) {
    return {
      ok: false,
      reason: 'not-text',
      problem: 'This file contains binary data (NUL characters), not CSV text.',
      fix: `Upload the data as a CSV text file. ${SAVE_AS_CSV}`,
    };
  }
  return null;
}

/**
 * Decodes a file with the platform's one text decoder (decode-text.ts), refusing binary content
 * and empty files. `partial`: the bytes are only the start of the file.
 */
export function decodeCsvBytes(bytes: Uint8Array, options: DecodeOptions = {}): DecodeResult {
  const binary = binaryContentProblem(bytes);
  if (binary) return { ok: false, reason: 'not-text', ...binary };
  const decoded = decodeText(bytes, options);
  return textProblem(decoded.text) ?? { ok: true, ...decoded };
}
