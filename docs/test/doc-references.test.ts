import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Comments explain themselves by pointing into the two founding documents kept in docs/:
 * "product-spec §2" is docs/product-spec.md section 2, "ed50-algorithm §5.3" is item 3 of
 * section 5 of docs/ed50-algorithm.md. Every such reference must lead somewhere, and no comment
 * may point at a document a clone does not have.
 */
const root = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

const DOCUMENTS = {
  'product-spec': read('docs/product-spec.md'),
  'ed50-algorithm': read('docs/ed50-algorithm.md'),
} as const;
type DocumentName = keyof typeof DOCUMENTS;

const sources = execFileSync(
  'git',
  ['ls-files', '*.ts', '*.tsx', '*.mjs', '*.js', '*.css', '*.sql'],
  {
    cwd: root,
    encoding: 'utf8',
  },
)
  .split('\n')
  .filter((file) => file !== '' && !file.startsWith('docs/test/'));

/** "§5.3" → [5, 3]: the section and, optionally, the numbered item inside it. */
function exists(document: DocumentName, reference: string): boolean {
  const [section, item] = reference.slice(1).split('.');
  const text = DOCUMENTS[document];
  const heading = new RegExp(`^## ${section}\\. `, 'm').exec(text);
  if (!heading) return false;
  if (item === undefined || item === '') return true;
  const next = text.slice(heading.index + 1).search(/^## /m);
  const body = text.slice(heading.index, next === -1 ? undefined : heading.index + 1 + next);
  return new RegExp(`^${item}\\. `, 'm').test(body);
}

const REFERENCE = /\b(product-spec|ed50-algorithm) (§[\d.]*\d(?:(?:, | and |\/|–)§[\d.]*\d)*)/g;

describe('references from the code into docs/product-spec.md and docs/ed50-algorithm.md', () => {
  const found = sources.flatMap((file) =>
    [...read(file).matchAll(REFERENCE)].flatMap((match) =>
      match[2]!.split(/, | and |\/|–/).map((reference) => ({
        file,
        document: match[1] as DocumentName,
        reference,
      })),
    ),
  );

  it('are many (the code explains itself by them)', () => {
    expect(found.length).toBeGreaterThan(100);
  });

  it('each lead to an existing section (or numbered item of a section)', () => {
    const broken = found
      .filter(({ document, reference }) => !exists(document, reference))
      .map(({ file, document, reference }) => `${file}: ${document} ${reference}`);
    expect(broken).toEqual([]);
  });

  it('never point at a document outside the repository', () => {
    const outside = sources.filter((file) => {
      const text = read(file);
      return (
        /(?<![-\w/])[Ss]pec §/.test(text) ||
        /algorithm doc §/.test(text) ||
        /shared\/(spec|design)\//.test(text)
      );
    });
    expect(outside).toEqual([]);
  });
});

/**
 * Why a rule is as it is lives in `docs/decisions/`: comments cite "decision 0031" (or
 * "decisions 0031 and 0037"), never an issue of a tracker a clone does not have.
 */
describe('references from the code into docs/decisions/', () => {
  const records = new Set(
    fs
      .readdirSync(path.join(root, 'docs/decisions'))
      .map((file) => /^(\d{4})-/.exec(file)?.[1])
      .filter((number) => number !== undefined),
  );
  const DECISION = /\b[Dd]ecisions? (\d{4}(?:(?:, | and )\d{4})*)/g;
  const cited = sources.flatMap((file) =>
    [...read(file).matchAll(DECISION)].flatMap((match) =>
      match[1]!.split(/, | and /).map((number) => ({ file, number })),
    ),
  );

  it('each name an existing decision record', () => {
    expect(cited.length).toBeGreaterThan(100);
    const broken = cited.filter(({ number }) => !records.has(number));
    expect(broken.map(({ file, number }) => `${file}: decision ${number}`)).toEqual([]);
  });

  it('never cite an issue of an issue tracker', () => {
    const citing = sources.filter((file) => /\b[Ii]ssues? #?\d/.test(read(file)));
    expect(citing).toEqual([]);
  });
});
