import { describe, expect, it } from 'vitest';
import { decodeCsvBytes } from './decode-csv';
import { decodeText, NOT_UTF8_WARNING } from './decode-text';

const utf8 = (text: string) => new TextEncoder().encode(text);
const utf16 = (text: string, bigEndian: boolean) => {
  const bytes = new Uint8Array(2 + text.length * 2);
  bytes.set(bigEndian ? [0xfe, 0xff] : [0xff, 0xfe]);
  [...text].forEach((char, i) => {
    const code = char.charCodeAt(0);
    bytes[2 + 2 * i + (bigEndian ? 1 : 0)] = code & 0xff;
    bytes[2 + 2 * i + (bigEndian ? 0 : 1)] = code >> 8;
  });
  return bytes;
};

describe('decodeText: the one decoder of the upload, the calculator and the CLI', () => {
  it('reads UTF-8 with or without a byte-order mark, dropping the mark', () => {
    expect(decodeText(utf8('Site,Pam_value\nRéef,0.5'))).toEqual({
      text: 'Site,Pam_value\nRéef,0.5',
      encoding: 'utf-8',
      warning: null,
    });
    expect(decodeText(utf8('\uFEFFSite')).text).toBe('Site');
  });

  it('reads UTF-16 in both byte orders after its byte-order mark', () => {
    expect(decodeText(utf16('a,é\n1,2', false))).toEqual({
      text: 'a,é\n1,2',
      encoding: 'utf-16le',
      warning: null,
    });
    expect(decodeText(utf16('a,é\n1,2', true))).toMatchObject({
      text: 'a,é\n1,2',
      encoding: 'utf-16be',
    });
  });

  it('reads bytes that are not UTF-8 as Windows-1252, with a warning', () => {
    const bytes = new Uint8Array([...utf8('Site\n'), 0x52, 0xe9, 0x65, 0x66, 0xb0]);
    expect(decodeText(bytes)).toEqual({
      text: 'Site\nRéef°',
      encoding: 'windows-1252',
      warning: NOT_UTF8_WARNING,
    });
  });

  it('keeps the start of a UTF-8 file UTF-8 when a character is cut at its end (the quick check)', () => {
    const head = utf8('Site,Species\nRéef').subarray(0, 15); // "é" cut after its first byte
    expect(decodeText(head)).toMatchObject({ encoding: 'windows-1252' });
    expect(decodeText(head, { partial: true })).toEqual({
      text: 'Site,Species\nR',
      encoding: 'utf-8',
      warning: null,
    });
  });
});

describe('decodeCsvBytes: the CSV file type refuses what is not text', () => {
  it('names a renamed workbook, refuses empty files and NUL characters, passes text on', () => {
    const xlsx = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00]);
    expect(decodeCsvBytes(xlsx)).toMatchObject({ ok: false, reason: 'not-text' });
    expect(decodeCsvBytes(utf8('\uFEFF \r\n'))).toMatchObject({
      ok: false,
      reason: 'empty',
      problem: 'The file is empty.',
    });
    expect(decodeCsvBytes(utf16('a\u0000b', false))).toMatchObject({
      ok: false,
      reason: 'not-text',
      problem: 'This file contains binary data (NUL characters), not CSV text.',
    });
    expect(decodeCsvBytes(utf8('a,b\n1,2'))).toEqual({
      ok: true,
      text: 'a,b\n1,2',
      encoding: 'utf-8',
      warning: null,
    });
  });
});
