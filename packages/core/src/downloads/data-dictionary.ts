import { QUALITY_FLAGS } from '../thresholds/quality-flags';
import { wordList } from '../util/word-list';
import type { DictionarySection } from './formats/download-format';
import { DOWNLOAD_FORMAT_IDS, DOWNLOAD_FORMATS } from './formats/registry';

/**
 * THE DATA DICTIONARY of the open downloads: every CSV column, GeoJSON member and Darwin Core
 * Archive field, with its meaning and unit, read from the very registries the writers write
 * from. docs/data-dictionary.md and the API description are generated from it; a test fails
 * when an output carries a name it does not document.
 */
export const DATA_DICTIONARY: readonly DictionarySection[] = DOWNLOAD_FORMAT_IDS.flatMap(
  (id) => DOWNLOAD_FORMATS[id].dictionary,
);

/** "CSV, GeoJSON and Darwin Core Archive". */
const FORMAT_NAMES = wordList(
  DOWNLOAD_FORMAT_IDS.map((id) => DOWNLOAD_FORMATS[id].label),
  'and',
);

const FLAG_LIST = Object.values(QUALITY_FLAGS)
  .map((flag) => `\`${flag}\``)
  .join(', ');

const cell = (text: string) => text.replaceAll('|', '\\|').replace(/\s+/g, ' ').trim();

/** A Markdown table with its columns padded to one width, as Prettier formats tables. */
function markdownTable(header: readonly string[], rows: readonly (readonly string[])[]): string[] {
  const widths = header.map((title, column) =>
    Math.max(3, title.length, ...rows.map((row) => row[column]!.length)),
  );
  const line = (cells: readonly string[]) =>
    `| ${cells.map((text, column) => text.padEnd(widths[column]!)).join(' | ')} |`;
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)];
}

function sectionMarkdown(section: DictionarySection, heading: string): string[] {
  const withTerms = section.entries.some((entry) => entry.term !== undefined);
  const rows = section.entries.map((entry) => {
    const name = `\`${entry.name}\``;
    const unit = cell(entry.unit ?? '');
    const meaning = cell(entry.description);
    return withTerms
      ? [name, entry.term ?? '(link to the core only)', unit, meaning]
      : [name, unit, meaning];
  });
  const header = withTerms ? ['name', 'term', 'unit', 'meaning'] : ['name', 'unit', 'meaning'];
  return [`${heading} ${section.title}`, '', section.intro, '', ...markdownTable(header, rows), ''];
}

/** What docs/data-dictionary.md says above its text (the page is generated). */
const GENERATED_NOTE = [
  '<!-- Generated from packages/core/src/downloads/data-dictionary.ts: do not edit by hand.',
  '     Regenerate: UPDATE_DICTIONARY=1 npx vitest run --project core packages/core/src/downloads/data-dictionary.test.ts -->',
];

/**
 * The dictionary as Markdown. `headingLevel` 1 gives a page (DATA-DICTIONARY.md of a zip); a
 * deeper level gives a part to embed (the server's OpenAPI description).
 */
export function dataDictionaryMarkdown(headingLevel = 1, note: readonly string[] = []): string {
  const top = '#'.repeat(headingLevel);
  const sub = '#'.repeat(headingLevel + 1);
  const lines = [
    `${top} Data dictionary of the open downloads`,
    '',
    ...(note.length > 0 ? [...note, ''] : []),
    `Every column, property and term of the ${FORMAT_NAMES} downloads. Temperatures are in degrees Celsius; "relative" values are the absolute value minus the MMM (maximum monthly mean sea-surface temperature climatology) at the colony. Values are never altered: questionable ones carry data-quality flags instead.`,
    '',
    `Quality flags: ${FLAG_LIST} (rule: docs/decisions/0002-threshold-quality-flags.md).`,
    '',
    'Every zip also holds README.txt (what each file is), DATA-DICTIONARY.md (this text), CITATION.cff (how to cite, Citation File Format 1.2.0), LICENCES.txt (licences, most restrictive first) and query.json (what was asked for, the data version and the dataset versions returned).',
    '',
    ...DATA_DICTIONARY.flatMap((section) => sectionMarkdown(section, sub)),
  ];
  return lines.join('\n').replace(/\n+$/, '\n');
}

/** docs/data-dictionary.md, as committed. */
export const dataDictionaryPage = (): string => dataDictionaryMarkdown(1, GENERATED_NOTE);

/** Every name each section documents, for checks against real outputs. */
export function documentedNames(title: string): Set<string> {
  const section = DATA_DICTIONARY.find((s) => s.title === title);
  if (!section) throw new Error(`The data dictionary has no section "${title}"`);
  return new Set(section.entries.filter((e) => e.description.trim() !== '').map((e) => e.name));
}

/** The dictionary as the server embeds it in the OpenAPI description (CommonMark, level-3 headings). */
export const dataDictionaryApiDescription = (): string => dataDictionaryMarkdown(3);
