import { describe, expect, it } from "vitest";
import { parseChange, serialRefresher } from "./changes";

describe("parseChange", () => {
  it("reads '<kind>:<ids>' and '<kind>:*'", () => {
    expect(parseChange("venues:1,2,3")).toEqual({ kind: "venues", changed: ["1", "2", "3"] });
    expect(parseChange("users:*")).toEqual({ kind: "users", changed: "*" });
    expect(parseChange("live:")).toEqual({ kind: "live", changed: [] });
    expect(parseChange("nonsense")).toBeNull();
    expect(parseChange(":1")).toBeNull();
  });
});

describe("serialRefresher", () => {
  it("runs rereads one at a time, in order, batching ids asked for meanwhile", async () => {
    const reads: (number[] | null)[] = [];
    let release!: () => void;
    let first = true;
    const r = serialRefresher(async (ids) => {
      reads.push(ids);
      if (first) {
        first = false;
        await new Promise<void>((resolve) => (release = resolve));
      }
    });
    const a = r.request([1]);
    await Promise.resolve();
    const b = r.request([2]);
    const c = r.request([3, 2]);
    expect(b).toBe(c); // one reread for both
    release();
    await Promise.all([a, b, c]);
    expect(reads).toEqual([[1], [2, 3]]);
  });

  it("after a failed read, readers wait for everything to be read again", async () => {
    let fail = true;
    const reads: (number[] | null)[] = [];
    const errors: unknown[] = [];
    const r = serialRefresher(
      async (ids) => {
        reads.push(ids);
        if (fail) throw new Error("database away");
      },
      (err) => errors.push(err),
    );
    await expect(r.request([7])).rejects.toThrow("database away");
    await expect(r.ready()).rejects.toThrow("database away"); // still away: the reader fails too
    fail = false;
    await r.ready();
    expect(reads).toEqual([[7], null, null]);
    expect(errors).toHaveLength(2);
    await r.ready(); // whole again: nothing to wait for
    expect(reads).toHaveLength(3);
  });

  it("a change from the feed never rejects (its failure is reported once)", async () => {
    const errors: unknown[] = [];
    const r = serialRefresher(
      async () => {
        throw new Error("x");
      },
      (err) => errors.push(err),
    );
    await expect(r.onChange(["1"])).resolves.toBeUndefined();
    expect(errors).toHaveLength(1);
  });
});
