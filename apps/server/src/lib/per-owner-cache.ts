/**
 * One value per owner (a user), valid while the owner's state string is unchanged; the state is
 * read from the database on every request, so a change made by another process is seen at once.
 * Bounded in owners and in bytes: the owners used least recently are forgotten first.
 */
export class PerOwnerCache<T> {
  private readonly entries = new Map<number, { state: string; value: T; bytes: number }>();
  private bytes = 0;

  constructor(
    private readonly limits: { maxOwners: number; maxBytes: number },
    private readonly sizeOf: (value: T) => number,
  ) {}

  /** The owner's value for exactly this state, if kept. */
  find(owner: number, state: string): T | undefined {
    const entry = this.entries.get(owner);
    if (entry?.state !== state) return undefined;
    // most recently used last
    this.entries.delete(owner);
    this.entries.set(owner, entry);
    return entry.value;
  }

  /** Keeps the value unless it alone is larger than the byte limit. */
  set(owner: number, state: string, value: T): void {
    this.forget(owner);
    const bytes = this.sizeOf(value);
    if (bytes > this.limits.maxBytes) return;
    this.entries.set(owner, { state, value, bytes });
    this.bytes += bytes;
    while (this.entries.size > this.limits.maxOwners || this.bytes > this.limits.maxBytes) {
      this.forget(this.entries.keys().next().value!);
    }
  }

  private forget(owner: number): void {
    const entry = this.entries.get(owner);
    if (!entry) return;
    this.bytes -= entry.bytes;
    this.entries.delete(owner);
  }
}
