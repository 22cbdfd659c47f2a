import type { TCreator } from '@coral/core';

/** "Ana Silva, Chris Voolstra" — or nothing stated. */
export function creatorNames(creators: readonly TCreator[]): string {
  return creators.length === 0 ? 'No creators stated' : creators.map((c) => c.name).join(', ');
}
