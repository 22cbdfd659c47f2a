import { describe, expect, it } from 'vitest';
import { decodeCsvBytes } from '../tabular/decode-csv';
import { prepareUpload, type PrepareResult } from './prepare-upload';
import { previewCsv } from './preview';
import { datasheetText, TODAY } from '../../test/upload-test-files';
import { seededRandom as random } from '../../test/random-filter-sets';

const encoder = new TextEncoder();
const PIECES = [
  ',',
  '"',
  '\n',
  '\r\n',
  ';',
  '\t',
  'NA',
  '',
  '0,5',
  '-',
  '1e309',
  '\u0000',
  '\uFEFF',
  'é',
  '😀',
  '2222-01-01',
  '20221301',
  'XX',
  '999',
  ' ',
  '""',
  '=cmd()',
];

function mutate(text: string, next: () => number): string {
  let out = text;
  const edits = 1 + Math.floor(next() * 6);
  for (let i = 0; i < edits; i++) {
    const at = Math.floor(next() * (out.length + 1));
    const kind = Math.floor(next() * 6);
    const piece = PIECES[Math.floor(next() * PIECES.length)]!;
    if (kind === 0) out = out.slice(0, at) + piece + out.slice(at);
    else if (kind === 1) out = out.slice(0, at) + out.slice(at + 1 + Math.floor(next() * 20));
    else if (kind === 2) out = out.slice(0, at);
    else if (kind === 3) {
      const lines = out.split('\n');
      const a = Math.floor(next() * lines.length);
      const b = Math.floor(next() * lines.length);
      [lines[a], lines[b]] = [lines[b]!, lines[a]!];
      out = lines.join('\n');
    } else if (kind === 4) {
      const lines = out.split('\n');
      const a = Math.floor(next() * lines.length);
      lines.splice(a, 0, lines[Math.floor(next() * lines.length)] ?? '');
      out = lines.join('\n');
    } else {
      out = out.replace(/[0-9]/, piece);
    }
  }
  return out;
}

function expectClearOutcome(result: PrepareResult) {
  if (result.ok) {
    expect(result.plan.rowCount).toBeGreaterThan(0);
    return;
  }
  expect(result.errors.length).toBeGreaterThan(0);
  for (const error of result.errors) {
    expect(error.problem.length).toBeGreaterThan(5);
    expect(error.fix.length).toBeGreaterThan(5);
    expect(['main', 'ed50']).toContain(error.file);
  }
}

const head = (text: string, lines: number) => text.split('\n').slice(0, lines).join('\n');
const standard = head(datasheetText('cbass_84.csv'), 30);
const raw = head(datasheetText('cbass_dataset_raw.csv'), 41);
const ed = datasheetText('cbass_dataset_ED50_Results.csv');

describe('fuzz: the upload check never crashes and always explains', () => {
  it('random bytes', () => {
    const next = random(8);
    for (let i = 0; i < 300; i++) {
      const bytes = new Uint8Array(Math.floor(next() * 3000)).map(() => Math.floor(next() * 256));
      expectClearOutcome(prepareUpload({ name: 'r.csv', bytes }, null, { today: TODAY }));
      const decoded = decodeCsvBytes(bytes);
      if (decoded.ok) previewCsv(decoded.text);
    }
  });

  it('random printable text', () => {
    const next = random(88);
    const alphabet = 'abcXYZ0123456789.,;"\n\r\t -_/:NA';
    for (let i = 0; i < 200; i++) {
      const text = Array.from(
        { length: Math.floor(next() * 2000) },
        () => alphabet[Math.floor(next() * alphabet.length)],
      ).join('');
      expectClearOutcome(
        prepareUpload({ name: 't.csv', bytes: encoder.encode(text) }, null, { today: TODAY }),
      );
      previewCsv(text);
    }
  });

  it('mutated standard sheets', () => {
    const next = random(888);
    for (let i = 0; i < 250; i++) {
      const text = mutate(standard, next);
      expectClearOutcome(
        prepareUpload({ name: 's.csv', bytes: encoder.encode(text) }, null, { today: TODAY }),
      );
      previewCsv(text);
    }
  });

  it('mutated raw sheets and ED results files', () => {
    const next = random(8888);
    for (let i = 0; i < 150; i++) {
      const main = next() < 0.5 ? mutate(raw, next) : raw;
      const results = next() < 0.7 ? mutate(ed, next) : ed;
      expectClearOutcome(
        prepareUpload(
          { name: 'r.csv', bytes: encoder.encode(main) },
          { name: 'e.csv', bytes: encoder.encode(results) },
          { today: TODAY },
        ),
      );
    }
  });
});
