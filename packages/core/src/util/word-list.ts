/** "a", "a and b", "a, b and c" (or with "or"): items in a sentence. */
export function wordList(items: readonly string[], conjunction: 'and' | 'or'): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${conjunction} ${items.at(-1)}`;
}
