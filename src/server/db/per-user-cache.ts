/**
 * Values read from the database on behalf of a user and kept in memory for a while (their
 * session, their favourites), dropped as soon as anything of that user changes.
 *
 * Reads guard against a change that lands while they are under way: take `epoch` before reading
 * and pass it to `keep`, which keeps nothing if that user (or everyone) was forgotten in between.
 */
export class PerUserTtlCache<V> {
  private readonly entries = new Map<string, { value: V; userId: string; until: number }>();
  private readonly keysOf = new Map<string, Set<string>>();
  /** Counts every forgetting. */
  epoch = 0;
  /** The epoch at which each user was last forgotten (while it can matter to a read under way). */
  private readonly forgottenAt = new Map<string, number>();
  private allForgottenAt = 0;

  constructor(
    private readonly keepMs: number,
    private readonly max = 100_000,
  ) {}

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.until > Date.now()) return entry.value;
    this.drop(key);
    return undefined;
  }

  /** Keeps `value` under `key` for `userId`, unless something was forgotten since `readEpoch`. */
  keep(key: string, userId: string, value: V, readEpoch: number): void {
    if (this.keepMs <= 0 || this.allForgottenAt > readEpoch || (this.forgottenAt.get(userId) ?? 0) > readEpoch) return;
    this.drop(key);
    if (this.entries.size >= this.max) this.dropOldest(Math.ceil(this.max / 10));
    this.entries.set(key, { value, userId, until: Date.now() + this.keepMs });
    const keys = this.keysOf.get(userId) ?? this.keysOf.set(userId, new Set()).get(userId)!;
    keys.add(key);
  }

  /**
   * The `n` oldest kept, dropped in one walk of the Map's order. Not the first key once per value
   * kept: a Map leaves its deleted entries in place until it is rebuilt and keys().next() walks
   * every one of them (36 us a value kept at 100,000, 0.6 us a tenth at a time; node micro-benchmark).
   */
  private dropOldest(n: number): void {
    for (const key of this.entries.keys()) {
      if (n-- <= 0) return;
      this.drop(key);
    }
  }

  drop(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    const keys = this.keysOf.get(entry.userId);
    keys?.delete(key);
    if (keys && !keys.size) this.keysOf.delete(entry.userId);
  }

  /** The user of a kept key, if it is kept. */
  userOf(key: string): string | undefined {
    return this.entries.get(key)?.userId;
  }

  forget(userId: string): void {
    this.epoch++;
    if (this.forgottenAt.size >= this.max) {
      // too many to track one by one: count it as everyone forgotten now (reads under way are not kept)
      this.forgottenAt.clear();
      this.allForgottenAt = this.epoch;
    }
    this.forgottenAt.set(userId, this.epoch);
    for (const key of this.keysOf.get(userId) ?? []) this.entries.delete(key);
    this.keysOf.delete(userId);
  }

  forgetAll(): void {
    this.epoch++;
    this.allForgottenAt = this.epoch;
    this.forgottenAt.clear();
    this.entries.clear();
    this.keysOf.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
