import { describe, expect, it } from "vitest";
import { MAX_CHANGED_IDS, parseChange, serialRefresher } from "./changes";

describe("parseChange", () => {
  it("reads '<kind>:<ids>' and '<kind>:*'", () => {
    expect(parseChange("venues:1,2,3")).toEqual({ kind: "venues", changed: ["1", "2", "3"] });
    expect(parseChange("users:*")).toEqual({ kind: "users", changed: "*" });
    expect(parseChange("live:")).toEqual({ kind: "live", changed: [] });
    expect(parseChange("nonsense")).toBeNull();
    expect(parseChange(":1")).toBeNull();
  });

  it("writes out runs of ids, 'first..last' (migration 029), beside single ids", () => {
    expect(parseChange("venues:7,100..103,9")).toEqual({
      kind: "venues",
      changed: ["7", "100", "101", "102", "103", "9"],
    });
    expect(parseChange("venues:5..5")).toEqual({ kind: "venues", changed: ["5"] });
    // uuids are single ids, never runs
    const uuid = "0b7e7dee-87b9-4c3a-8f3e-2f4cbbd5f7a1";
    expect(parseChange(`users:${uuid}`)).toEqual({ kind: "users", changed: [uuid] });
  });

  it("reads a run it cannot write out, or one too long, as everything: no change is missed", () => {
    for (const bad of ["venues:9..3", "venues:a..b", "venues:1..", "venues:..4", "venues:1..2..3"])
      expect(parseChange(bad), bad).toEqual({ kind: "venues", changed: "*" });
    expect(parseChange(`venues:1..${MAX_CHANGED_IDS}`)?.changed).toHaveLength(MAX_CHANGED_IDS);
    expect(parseChange(`venues:1..${MAX_CHANGED_IDS + 1}`)).toEqual({ kind: "venues", changed: "*" });
    expect(parseChange(`venues:0,1..${MAX_CHANGED_IDS}`)).toEqual({ kind: "venues", changed: "*" });
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
