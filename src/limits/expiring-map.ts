// What was noted in the last `ttlMs`, by key, and never more than `max` keys: kept in the order noted (a key noted
// again moves to the back), so what has expired, or is the oldest past the bound, is always at the front.
export class ExpiringMap<V> {
  private readonly entries = new Map<string, { at: number; value: V }>();

  constructor(
    private readonly ttlMs: number,
    private readonly max: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** The value noted for `key` within the last `ttlMs`, and how long ago. */
  get(key: string): { value: V; ageMs: number } | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    const ageMs = this.now() - entry.at;
    return ageMs < this.ttlMs ? { value: entry.value, ageMs } : undefined;
  }

  set(key: string, value: V): void {
    const at = this.now();
    this.entries.delete(key);
    this.entries.set(key, { at, value });
    for (const [k, entry] of this.entries) {
      if (this.entries.size <= this.max && at - entry.at < this.ttlMs) break;
      this.entries.delete(k);
    }
  }

  get size(): number {
    return this.entries.size;
  }
}
