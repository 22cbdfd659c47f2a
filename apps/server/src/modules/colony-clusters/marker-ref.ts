/** A marker of a clusters answer, as `marker=` names it: a site's exact coordinates or a cluster id. */
export type MarkerRef =
  { kind: 'site'; latitude: number; longitude: number } | { kind: 'cluster'; id: number };

/** A decimal number as JavaScript writes one (the site's coordinates, sent back as given). */
const NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/**
 * `site:<latitude>,<longitude>` or `cluster:<id>` (the contract's pattern), read; null when a
 * site's coordinates are not two numbers. A cluster id too large to be exact is kept as read:
 * no index has it, so it is not found.
 */
export function parseMarkerRef(text: string): MarkerRef | null {
  if (text.startsWith('cluster:')) {
    const id = text.slice('cluster:'.length);
    return /^\d+$/.test(id) ? { kind: 'cluster', id: Number(id) } : null;
  }
  if (!text.startsWith('site:')) return null;
  const parts = text.slice('site:'.length).split(',');
  if (parts.length !== 2 || !parts.every((part) => NUMBER.test(part))) return null;
  const [latitude, longitude] = parts.map(Number) as [number, number];
  return { kind: 'site', latitude, longitude };
}
