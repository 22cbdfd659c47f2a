/**
 * A few values kept by key, the least recently used dropped first (a Map keeps insertion order:
 * a hit is moved to the end). For values that are costly to build and small to keep, where a
 * per-version cache of one value is not enough (one entry per filter set, say).
 */
export class LruCache<K, V> {
  private readonly entries = new Map<K, V>();

  constructor(private readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new Error('capacity must be ≥ 1');
  }

  get size(): number {
    return this.entries.size;
  }

  /** The value of `key`, computed (and kept) when missing. */
  getOrCreate(key: K, create: () => V): V {
    if (this.entries.has(key)) {
      const value = this.entries.get(key)!;
      this.entries.delete(key);
      this.entries.set(key, value);
      return value;
    }
    const value = create();
    this.entries.set(key, value);
    if (this.entries.size > this.capacity) {
      this.entries.delete(this.entries.keys().next().value!);
    }
    return value;
  }

  delete(key: K): void {
    this.entries.delete(key);
  }
}
