/**
 * bench/generate-venues.ts names venues so that a text search finds some (issue 29 item 3: every
 * generated venue was "Bench <Category> <n>", and match-pages' `search=coffee` row timed a search
 * that found nothing): varied real-ish names, the same for the same seed.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openBenchDb } from "../../bench/bench-db";
import { generateVenues } from "../../bench/generate-venues";
import type { Db } from "../../src/server/db/client";

let db: Db;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await openBenchDb("pglite", "venues"));
}, 120_000);
afterAll(() => drop());

async function names(count: number, seed?: number) {
  await db.query("DELETE FROM venues");
  await generateVenues(db, count, seed);
  return db.query<{ name: string; category: string }>("SELECT name, category FROM venues ORDER BY external_id");
}

describe("bench/generate-venues.ts", () => {
  it("gives venues varied, searchable names, the same for the same seed", async () => {
    const a = await names(2_000);
    expect(a).toHaveLength(2_000);
    expect(a.some((v) => /bench/i.test(v.name))).toBe(false);
    expect(new Set(a.map((v) => v.name)).size).toBeGreaterThan(600);
    for (const v of a) expect(v.name).toMatch(/^[A-Z][A-Za-z. ]+ [A-Z][A-Za-z. ]+$/);
    // "coffee" finds cafes, about 3/8 of them (~9% of venues), and nothing else
    const coffee = a.filter((v) => /coffee/i.test(v.name));
    expect(coffee.length).toBeGreaterThan(100);
    expect(coffee.length).toBeLessThan(300);
    expect(new Set(coffee.map((v) => v.category))).toEqual(new Set(["Cafe"]));
    expect(a.filter((v) => / (Wine Bar|Tavern|Pub)$/.test(v.name)).every((v) => v.category === "Bar")).toBe(true);

    const again = await names(2_000);
    expect(again).toEqual(a);
    const other = await names(2_000, 0.9);
    expect(other.filter((v, i) => v.name !== a[i].name).length).toBeGreaterThan(1_000);
  }, 120_000);
});
