import { describe, expect, it } from 'vitest';
import { copyField, copyTextChunks } from './copy-text';

describe('COPY text format', () => {
  it('writes NULL as \\N and the empty string as an empty field', () => {
    expect(copyField(null, 'text', 'c')).toBe('\\N');
    expect(copyField(undefined, 'int4', 'c')).toBe('\\N');
    expect(copyField('', 'text', 'c')).toBe('');
    expect(copyField('\\N', 'text', 'c')).toBe('\\\\N');
  });

  it('escapes backslash, newline, carriage return and tab, and nothing else', () => {
    expect(copyField('a\\b\nc\rd\te', 'text', 'c')).toBe('a\\\\b\\nc\\rd\\te');
    expect(copyField('"q", \'s\'; {x} 🪸 \u2028 \f', 'text', 'c')).toBe(
      '"q", \'s\'; {x} 🪸 \u2028 \f',
    );
  });

  it('writes numbers as node-postgres does, and arrays as quoted array literals', () => {
    expect(copyField(0.1 + 0.2, 'float8', 'c')).toBe('0.30000000000000004');
    expect(copyField(-0, 'float8', 'c')).toBe('0');
    expect(copyField(Number.NaN, 'float8', 'c')).toBe('NaN');
    expect(copyField(1e21, 'numeric', 'c')).toBe('1e+21');
    expect(copyField([], 'text[]', 'c')).toBe('{}');
    expect(copyField(['a,b', '"', '\\', 'tab\t'], 'text[]', 'c')).toBe(
      '{"a,b","\\\\"","\\\\\\\\","tab\\t"}',
    );
  });

  it('refuses a value of the wrong shape, naming the column', () => {
    expect(() => copyField(['x'], 'text', 'name')).toThrow('Column name: an array');
    expect(() => copyField('x', 'text[]', 'flags')).toThrow('Column flags: expected an array');
  });

  it('cuts the rows into buffers of whole lines that join into the whole text', () => {
    const rows = Array.from({ length: 30_000 }, (_, i) => ({
      id: i,
      label: `${'é'.repeat(40)}\t${i}`,
    }));
    const chunks = [...copyTextChunks({ id: 'int4', label: 'text' }, rows)];
    expect(chunks.length).toBeGreaterThan(1);
    for (const chunk of chunks) expect(chunk.at(-1)).toBe(0x0a);
    const text = Buffer.concat(chunks).toString('utf8');
    expect(text).toBe(rows.map((r) => `${r.id}\t${'é'.repeat(40)}\\t${r.id}\n`).join(''));
  });
});
