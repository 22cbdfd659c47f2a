import { describe, expect, it } from 'vitest';
import { LruCache } from './lru-cache';

describe('LruCache', () => {
  it('keeps at most its capacity, dropping the least recently used', () => {
    const cache = new LruCache<string, number>(2);
    let made = 0;
    const make = () => ++made;
    expect(cache.getOrCreate('a', make)).toBe(1);
    expect(cache.getOrCreate('b', make)).toBe(2);
    expect(cache.getOrCreate('a', make)).toBe(1); // a hit: 'b' is now the oldest
    expect(cache.getOrCreate('c', make)).toBe(3);
    expect(cache.size).toBe(2);
    expect(cache.getOrCreate('a', make)).toBe(1);
    expect(cache.getOrCreate('b', make)).toBe(4); // 'b' was dropped and is made again
  });

  it('refuses a capacity below one', () => {
    expect(() => new LruCache(0)).toThrow('capacity');
  });
});
