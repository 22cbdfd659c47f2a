import type { CslItem } from './csl-item';

/**
 * RIS as citation managers read it: one line per tag. citation-js wraps every value after each
 * run of 70 characters (its RIS plugin's `.replace(/(.{70})/g, '$1\n')`), mid-word, so that a
 * reader that takes the line as the value gets "a s tandard"; the RIS file of a version is
 * unwrapped (docs/decisions/0058-obis-ready-archives-and-friendly-files.md).
 */
const WRAP = 70;
const TAG = /^[A-Z][A-Z0-9] {2}- /;
/** What JavaScript's `.` does not match: the line breaks a value itself may hold. */
const LINE_BREAKS = /[\r\n\u2028\u2029]+/g;

/** The item with every line break inside its text values made a space (RIS has one line a tag). */
export function risReadyItem(item: CslItem): CslItem {
  return Object.fromEntries(
    Object.entries(item).map(([key, value]) => [
      key,
      typeof value === 'string' ? value.replace(LINE_BREAKS, ' ') : value,
    ]),
  ) as unknown as CslItem;
}

/**
 * Undoes citation-js' wrapping: a line whose value part is exactly 70 characters long was broken
 * by the wrapper, so the next line continues it (an empty next line is the break after a value
 * of a multiple of 70). Exact for values without line breaks of their own (`risReadyItem`).
 */
export function unwrapRis(text: string): string {
  const lines: string[] = [];
  let continues = false;
  for (const line of text.split('\n')) {
    if (continues) {
      lines[lines.length - 1] += line;
      continues = line.length === WRAP;
      continue;
    }
    lines.push(line);
    const tag = TAG.exec(line);
    continues = tag !== null && line.length - tag[0].length === WRAP;
  }
  return lines.join('\n');
}
