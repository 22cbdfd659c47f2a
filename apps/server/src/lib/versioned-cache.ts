/**
 * Holds one value computed for a dataset version (or for a key made of it and another stamp). Every process compares the version stored in
 * the database with its own, so a change made by another process (an upload worker) is seen on
 * the next request. Concurrent requests share one computation.
 */
export class VersionedCache<T> {
  private entry: { version: number | string; value: Promise<T> } | undefined;

  get(version: number | string, compute: () => Promise<T>): Promise<T> {
    if (this.entry?.version !== version) {
      const value = compute();
      this.entry = { version, value };
      // A failed computation must not be served forever.
      value.catch(() => {
        if (this.entry?.value === value) this.entry = undefined;
      });
    }
    return this.entry.value;
  }

  clear(): void {
    this.entry = undefined;
  }
}
