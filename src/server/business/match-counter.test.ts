import { describe, expect, it } from "vitest";
import type { Queryable } from "../db/client";
import { createMatchCounter } from "./match-counter";

/** A database that keeps what each flush wrote ((venue, viewer) pairs), or fails while `down`. */
function fakeDb() {
  const writes: [number, string][][] = [];
  const state = { down: false };
  const db = {
    async query(sql: string, params?: unknown[]) {
      if (state.down) throw new Error("database away");
      if (sql.includes("venue_match_seen (day")) {
        const [venues, viewers] = params as [number[], string[]];
        writes.push(venues.map((v, i) => [v, viewers[i]]));
        return [{ day: "2026-11-29" }];
      }
      return [];
    },
  } as unknown as Queryable;
  return { db, writes, state };
}

const SECRET = "a-secret-a-secret-a-secret-a-secret";

describe("createMatchCounter", () => {
  it("writes each venue once per viewer, however often a search shows it, and each viewer's own", async () => {
    const { db, writes } = fakeDb();
    const counter = createMatchCounter(db, SECRET, 1e9);
    counter.record([1, 2, 3], "u:7");
    counter.record([3, 2, 4], "u:7");
    counter.record([2], "10.0.0.1");
    await counter.flush();
    expect(writes).toHaveLength(1);
    const pairs = writes[0];
    const viewers = [...new Set(pairs.map(([, w]) => w))];
    expect(viewers).toHaveLength(2);
    // the viewer is an HMAC, never the address or the id
    for (const w of viewers) expect(w).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const of = (w: string) => pairs.filter(([, x]) => x === w).map(([v]) => v);
    expect(viewers.map(of).sort((a, b) => b.length - a.length)).toEqual([[1, 2, 3, 4], [2]]);
    // shown again later the same day: nothing new to write
    counter.record([1, 4], "u:7");
    await counter.flush();
    expect(writes).toHaveLength(1);
    await counter.close();
  });

  it("the same viewer hashes the same on every instance with the same secret, not with another", async () => {
    const a = fakeDb();
    const b = fakeDb();
    const c = fakeDb();
    const counters = [createMatchCounter(a.db, SECRET, 1e9), createMatchCounter(b.db, SECRET, 1e9)];
    const other = createMatchCounter(c.db, `${SECRET}!`, 1e9);
    for (const counter of [...counters, other]) {
      counter.record([9], "u:1");
      await counter.close();
    }
    expect(a.writes[0]).toEqual(b.writes[0]);
    expect(c.writes[0][0][1]).not.toBe(a.writes[0][0][1]);
  });

  it("keeps the pairs of a flush the database missed for the next one", async () => {
    const { db, writes, state } = fakeDb();
    const counter = createMatchCounter(db, SECRET, 1e9);
    counter.record([5, 6], "u:1");
    state.down = true;
    await counter.flush();
    expect(writes).toHaveLength(0);
    counter.record([7], "u:1");
    state.down = false;
    await counter.flush();
    expect(writes[0].map(([v]) => v).sort()).toEqual([5, 6, 7]);
    await counter.close();
  });
});
