import { afterEach, describe, expect, it, vi } from "vitest";
import { PerUserTtlCache } from "./per-user-cache";

describe("PerUserTtlCache", () => {
  afterEach(() => vi.useRealTimers());

  it("keeps a value for its time, then reads as missing", () => {
    vi.useFakeTimers();
    const kept = new PerUserTtlCache<string>(1000);
    kept.keep("k", "u1", "v", kept.epoch);
    expect(kept.get("k")).toBe("v");
    vi.advanceTimersByTime(999);
    expect(kept.get("k")).toBe("v");
    vi.advanceTimersByTime(1);
    expect(kept.get("k")).toBeUndefined();
    expect(kept.size).toBe(0);
  });

  it("forgets every key of a user, and only theirs", () => {
    const kept = new PerUserTtlCache<number>(60_000);
    kept.keep("a1", "a", 1, kept.epoch);
    kept.keep("a2", "a", 2, kept.epoch);
    kept.keep("b1", "b", 3, kept.epoch);
    kept.forget("a");
    expect([kept.get("a1"), kept.get("a2"), kept.get("b1")]).toEqual([undefined, undefined, 3]);
    kept.forgetAll();
    expect(kept.get("b1")).toBeUndefined();
  });

  it("does not keep a read that a forgetting of the same user overtook", () => {
    const kept = new PerUserTtlCache<string>(60_000);
    const readAt = kept.epoch;
    kept.forget("a"); // the user changed while the read was under way
    kept.keep("a1", "a", "stale", readAt);
    expect(kept.get("a1")).toBeUndefined();
    // another user's change does not stop it
    const again = kept.epoch;
    kept.forget("b");
    kept.keep("a1", "a", "fresh", again);
    expect(kept.get("a1")).toBe("fresh");
    // forgetting everyone stops every read under way
    const third = kept.epoch;
    kept.forgetAll();
    kept.keep("c1", "c", "stale", third);
    expect(kept.get("c1")).toBeUndefined();
  });

  it("keeps at most `max` values, dropping the oldest tenth at once, and nothing with no time to keep", () => {
    const kept = new PerUserTtlCache<number>(60_000, 2);
    kept.keep("1", "u1", 1, kept.epoch);
    kept.keep("2", "u2", 2, kept.epoch);
    kept.keep("3", "u3", 3, kept.epoch);
    expect([kept.get("1"), kept.get("2"), kept.get("3")]).toEqual([undefined, 2, 3]);
    // full: the oldest tenth goes at once (here 2 of 20), the rest stays
    const twenty = new PerUserTtlCache<number>(60_000, 20);
    for (let i = 1; i <= 21; i++) twenty.keep(String(i), `u${i}`, i, twenty.epoch);
    expect(Array.from({ length: 21 }, (_, i) => twenty.get(String(i + 1)) ?? null)).toEqual([
      null,
      null,
      ...Array.from({ length: 19 }, (_, i) => i + 3),
    ]);
    const none = new PerUserTtlCache<number>(0);
    none.keep("1", "u1", 1, none.epoch);
    expect(none.get("1")).toBeUndefined();
  });
});
