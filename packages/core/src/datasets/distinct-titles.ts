/**
 * Titles that tell same-named datasets apart (decision 0050). Four seed projects are all called
 * "GlobalSearch_GBR": cited side by side in a snapshot or a paper they were indistinguishable.
 * A title shared by several datasets gets the shortest qualifier from their own data that
 * separates them — their sites, then their countries, then their assay years, then all three —
 * and, only when the data cannot tell them apart, the dataset's number.
 */
export interface TitleFacts {
  key: number;
  title: string;
  /** Where the assays were run (experiment names, the platform's sites; decision 0017). */
  sites: readonly string[];
  countries: readonly string[];
  /** Years of the assays (4 digits). */
  years: readonly string[];
}

/** At most this many names in a qualifier, then "+N more". */
const MOST_NAMES = 3;

function names(values: readonly string[]): string {
  const distinct = [...new Set(values.map((value) => value.trim()).filter((v) => v !== ''))].sort();
  if (distinct.length <= MOST_NAMES) return distinct.join(', ');
  return `${distinct.slice(0, MOST_NAMES).join(', ')} +${distinct.length - MOST_NAMES} more`;
}

const QUALIFIERS: readonly ((facts: TitleFacts) => string)[] = [
  (facts) => names(facts.sites),
  (facts) => names(facts.countries),
  (facts) => names(facts.years),
  (facts) =>
    [names(facts.sites), names(facts.countries), names(facts.years)].filter(Boolean).join('; '),
];

const sameTitle = (title: string) => title.trim().replace(/\s+/g, ' ').toLowerCase();

/** Each dataset's title, qualified where it is shared: key → title. */
export function distinctTitles(datasets: readonly TitleFacts[]): Map<number, string> {
  const groups = new Map<string, TitleFacts[]>();
  for (const facts of datasets) {
    const key = sameTitle(facts.title);
    groups.set(key, [...(groups.get(key) ?? []), facts]);
  }
  const titles = new Map<number, string>();
  for (const group of groups.values()) {
    if (group.length === 1) {
      titles.set(group[0]!.key, group[0]!.title);
      continue;
    }
    const qualifier = QUALIFIERS.find((qualify) => {
      const qualified = group.map(qualify);
      return qualified.every((q) => q !== '') && new Set(qualified).size === group.length;
    });
    for (const facts of group) {
      const detail = qualifier ? qualifier(facts) : `dataset ${facts.key}`;
      titles.set(facts.key, `${facts.title.trim()}: ${detail}`);
    }
  }
  return titles;
}
