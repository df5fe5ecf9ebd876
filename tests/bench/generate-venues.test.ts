/**
 * bench/generate-venues.ts names venues so that a text search finds some (issue 29 item 3: every
 * generated venue was "Bench <Category> <n>", and match-pages' `search=coffee` row timed a search
 * that found nothing): varied real-ish names, the same for the same seed.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openBenchDb } from "../../bench/bench-db";
import { readFileSync } from "node:fs";
import { generateVenues } from "../../bench/generate-venues";
import { OSM_CENTRAL_URL } from "../../src/server/venues/seed-osm";
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

  it("with hours, gives a quarter of venues real opening hours of the seed's file, the rest none", async () => {
    await db.query("DELETE FROM venues");
    await generateVenues(db, 2_000);
    expect(await db.query("SELECT 1 FROM venues WHERE opening_hours IS NOT NULL")).toEqual([]);
    await db.query("DELETE FROM venues");
    await generateVenues(db, 2_000, 0.42, { hours: true });
    const rows = await db.query<{ opening_hours: string | null }>("SELECT opening_hours FROM venues");
    const real = new Set(
      (JSON.parse(readFileSync(OSM_CENTRAL_URL, "utf8")).elements as { tags?: Record<string, string> }[]).flatMap(
        (e) => (e.tags?.name && e.tags.opening_hours ? [e.tags.opening_hours] : []),
      ),
    );
    const withHours = rows.flatMap((r) => (r.opening_hours === null ? [] : [r.opening_hours]));
    // the file: 22% of its named venues state their hours
    expect(withHours.length).toBeGreaterThan(350);
    expect(withHours.length).toBeLessThan(550);
    expect(withHours.every((h) => real.has(h))).toBe(true);
    expect(new Set(withHours).size).toBeGreaterThan(200);
  }, 120_000);
});
