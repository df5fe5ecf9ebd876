import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALL_VIBES, ATTRIBUTION, VENUE_CATEGORIES } from "@shared/constants";
import { openPglite, type Db } from "../db/client";
import { migrate } from "../db/migrate";
import {
  formatAddress,
  formatPhone,
  loadSeed,
  PLACEHOLDER_POINT,
  readSeedVenues,
  SF_BBOX,
  seedVenues,
  tidyName,
  type SeedVenue,
} from "./seed";

describe("readSeedVenues", () => {
  const { venues, stats } = loadSeed();
  const byId = new Map(venues.map((v) => [v.external_id, v]));

  it("keeps the located, categorised rows and accounts for every other row", () => {
    console.log("seed stats", JSON.stringify(stats));
    expect(stats.rows).toBe(7644);
    expect(stats.duplicateIds).toBe(18);
    // SOURCES.md: 4,781 rows have coordinates, 4,777 inside the SF box (8 of them repeated ids).
    expect(stats.rows - stats.duplicateIds - stats.noCoordinates).toBe(4773);
    expect(stats.outsideBbox).toBe(4);
    expect(stats.placeholderPoint).toBe(19);
    expect(stats.located).toBe(4750);
    // docs/seed-data.md quotes these counts: change both together.
    expect(stats.byRule).toEqual({
      "non-venue": 458,
      nightclub: 3,
      "venue-word": 1406,
      shop: 749,
      "food-word": 456,
      "cuisine-word": 36,
      "club-word": 36,
      "no-fallback": 129,
      permit: 994,
      "no-word": 483,
    });
    expect(stats.byCategory).toEqual({ Bar: 322, Restaurant: 1845, Cafe: 725, Club: 39 });
    expect(stats.venues).toBe(2931);
    const ruled = Object.values(stats.byRule).reduce((a, b) => a + b, 0);
    expect(ruled).toBe(stats.located);
    const categorised = Object.values(stats.byCategory).reduce((a, b) => a + b, 0);
    expect(categorised).toBe(venues.length);
    expect(venues.length).toBe(stats.venues);
    expect(venues.length).toBeGreaterThan(2500);
    expect(venues.length).toBeLessThan(3500);
    for (const c of VENUE_CATEGORIES) expect(stats.byCategory[c]).toBeGreaterThan(10);
    expect(readSeedVenues()).toEqual(venues);
  });

  it("has no row without usable coordinates", () => {
    for (const v of venues) {
      expect(Number.isFinite(v.latitude)).toBe(true);
      expect(Number.isFinite(v.longitude)).toBe(true);
      expect(v.latitude).toBeGreaterThanOrEqual(SF_BBOX.minLat);
      expect(v.latitude).toBeLessThanOrEqual(SF_BBOX.maxLat);
      expect(v.longitude).toBeGreaterThanOrEqual(SF_BBOX.minLng);
      expect(v.longitude).toBeLessThanOrEqual(SF_BBOX.maxLng);
      expect(v.latitude === PLACEHOLDER_POINT.latitude && v.longitude === PLACEHOLDER_POINT.longitude).toBe(false);
    }
    // Rows of the file without coordinates, outside SF or at the placeholder point.
    expect(byId.has("datasf:68390")).toBe(false); // Mission's Kitchen, no lat/lng
    expect(byId.has("datasf:80680")).toBe(false); // Thrive Juicery, no lat/lng
    expect(byId.has("datasf:3827")).toBe(false); // McDONALD'S RESTAURANT, a restaurant geocoded to Brentwood
    expect(byId.has("datasf:64738")).toBe(false); // Japacurry, "Public", at the placeholder point
  });

  it("uses unique external ids of the form datasf:<business_id>", () => {
    const ids = venues.map((v) => v.external_id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^datasf:\d+$/);
    expect(byId.get("datasf:10")?.name).toBe("Tiramisu Kitchen");
  });

  it("fills every column honestly: no invented description, image, rating, reviews, website or hours", () => {
    for (const v of venues) {
      expect(VENUE_CATEGORIES).toContain(v.category);
      expect(v.description).toBeNull();
      expect(v.image_url).toBeNull();
      expect(v.rating).toBeNull();
      expect(v.review_count).toBeNull();
      expect(v.website).toBeNull();
      expect(v.hours).toEqual([]);
      expect(v.source).toBe("datasf");
      expect(v.attribution).toBe(ATTRIBUTION.venues);
      expect(v.name).toBe(v.name.trim());
      expect(v.name).not.toMatch(/\s{2}/);
      for (const [vibe, s] of Object.entries(v.vibe_scores)) {
        expect(ALL_VIBES).toContain(vibe);
        expect(s).toBeGreaterThan(0);
        expect(s).toBeLessThanOrEqual(1);
      }
      expect(v.detected_vibes.length).toBeGreaterThan(0);
      for (const d of v.detected_vibes) expect(v.vibe_scores[d]).toBeGreaterThanOrEqual(0.4);
    }
  });

  it("title-cases names written in capitals and keeps mixed-case names", () => {
    const george = byId.get("datasf:17") as SeedVenue; // GEORGE'S COFFEE SHOP
    expect(george.name).toBe("George's Coffee Shop");
    expect(george.category).toBe("Cafe");
    expect(byId.get("datasf:19")?.name).toBe("Nrgize Lifestyle Cafe");
    for (const v of venues) {
      // Only one-word codes and acronyms stay in capitals (B44, KFC, SPQR, BK11852).
      if (/[A-Z]/.test(v.name) && v.name === v.name.toUpperCase()) expect(v.name).toMatch(/^[A-Z0-9]+$/);
    }
    expect(tidyName("GEORGE'S COFFEE SHOP")).toBe("George's Coffee Shop");
    expect(tidyName("CHIEFTAIN IRISH PUB, THE")).toBe("The Chieftain Irish Pub");
    expect(tidyName("O'FARRELL STREET BAR")).toBe("O'Farrell Street Bar");
    expect(tidyName("MCCARTHY'S PORTALS")).toBe("McCarthy's Portals");
    expect(tidyName("THE PHOENIX BAR & RESTAURANT")).toBe("The Phoenix Bar & Restaurant");
    expect(tidyName("HOUSE OF HUNAN")).toBe("House of Hunan");
    expect(tidyName("MARRIOTT - 4TH ST BAR & DELI")).toBe("Marriott - 4th St Bar & Deli");
    expect(tidyName("SF MARRIOTT VIEW LOUNGE")).toBe("SF Marriott View Lounge");
    expect(tidyName("KFC/TACO BELL")).toBe("KFC/Taco Bell");
    expect(tidyName("S.F. BADLANDS")).toBe("S.F. Badlands");
    expect(tidyName("DNA LOUNGE")).toBe("DNA Lounge");
    expect(tidyName("MR. BING'S")).toBe("Mr. Bing's");
    expect(tidyName("J & M A-1 CAFE RESTAURANT LLC")).toBe("J & M A-1 Cafe Restaurant LLC");
    expect(tidyName("McDONALD'S RESTAURANT")).toBe("McDONALD'S RESTAURANT"); // mixed case: as written
    expect(tidyName("Penang Garden  Restaurant")).toBe("Penang Garden Restaurant");
    expect(tidyName("Connection, The")).toBe("The Connection");
  });

  it("formats addresses as '<street>, San Francisco, CA <zip>' whatever the city column says", () => {
    expect(byId.get("datasf:10")?.address).toBe("033 Belden Pl, San Francisco, CA 94104");
    expect(byId.get("datasf:17")?.address).toBe("2200 OAKDALE Ave, San Francisco, CA 94124"); // city "S.F."
    expect(byId.get("datasf:19")?.address).toBe("1200 Van Ness Ave, 3rd Floor, San Francisco, CA 94109");
    for (const v of venues) expect(v.address).toMatch(/^(.+, )?San Francisco, CA( 941\d\d)?$/);
    expect(formatAddress("500 California St, 2nd  Floor ", "94104")).toBe(
      "500 California St, 2nd Floor, San Francisco, CA 94104",
    );
    expect(formatAddress("1 Main St", "941102019")).toBe("1 Main St, San Francisco, CA 94110");
    expect(formatAddress("1 Main St", "CA")).toBe("1 Main St, San Francisco, CA");
    expect(formatAddress("1 Main St", "00000")).toBe("1 Main St, San Francisco, CA");
    expect(formatAddress("1 Main St", "92672")).toBe("1 Main St, San Francisco, CA");
    expect(formatAddress("1 Main St", "")).toBe("1 Main St, San Francisco, CA");
    expect(formatAddress("", "94110")).toBe("San Francisco, CA 94110");
  });

  it("formats phone numbers for display", () => {
    expect(byId.get("datasf:17")?.phone_number).toBe("(415) 553-1470");
    expect(formatPhone("+14155531470")).toBe("(415) 553-1470");
    expect(formatPhone("")).toBeNull();
    expect(formatPhone("  ")).toBeNull();
    expect(formatPhone("555-1234")).toBe("555-1234");
    for (const v of venues) if (v.phone_number !== null) expect(v.phone_number).toMatch(/^\(\d{3}\) \d{3}-\d{4}$/);
  });
});

describe("seedVenues on PGlite", () => {
  let db: Db;

  beforeAll(async () => {
    db = await openPglite();
    await migrate(db);
  }, 60_000);

  afterAll(async () => {
    await db?.close();
  });

  it("inserts every seed venue once and nothing on a second run", async () => {
    const expected = readSeedVenues().length;
    const first = await seedVenues(db);
    console.log(`seedVenues on PGlite: first run ${first.inserted}/${first.total} rows in ${first.ms} ms`);
    expect(first.total).toBe(expected);
    expect(first.inserted).toBe(expected);
    expect(first.ms).toBeLessThan(10_000);

    const second = await seedVenues(db);
    console.log(`seedVenues on PGlite: second run ${second.inserted}/${second.total} rows in ${second.ms} ms`);
    expect(second.inserted).toBe(0);
    expect(second.total).toBe(expected);

    const [{ n }] = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM venues");
    expect(n).toBe(expected);
  }, 60_000);

  it("stores the columns with their types", async () => {
    const rows = await db.query<{
      name: string;
      category: string;
      address: string;
      latitude: number;
      phone_number: string | null;
      rating: number | null;
      hours: string[];
      vibe_scores: Record<string, number>;
      detected_vibes: string[];
      source: string;
    }>(
      "SELECT name, category, address, latitude, phone_number, rating, hours, vibe_scores, detected_vibes, source FROM venues WHERE external_id = $1",
      ["datasf:17"],
    );
    expect(rows).toHaveLength(1);
    const r = rows[0];
    expect(r.name).toBe("George's Coffee Shop");
    expect(r.category).toBe("Cafe");
    expect(r.latitude).toBeCloseTo(37.741086, 6);
    expect(r.phone_number).toBe("(415) 553-1470");
    expect(r.rating).toBeNull();
    expect(r.hours).toEqual([]);
    expect(r.vibe_scores.Chill).toBe(0.6);
    expect(r.detected_vibes[0]).toBe("Chill");
    expect(r.source).toBe("datasf");

    const perCategory = await db.query<{ category: string; n: number }>(
      "SELECT category, count(*)::int AS n FROM venues GROUP BY category ORDER BY category",
    );
    const { stats } = loadSeed();
    for (const { category, n } of perCategory)
      expect(n).toBe(stats.byCategory[category as keyof typeof stats.byCategory]);

    // The GIN index on detected_vibes answers containment queries.
    const [{ n: cozy }] = await db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM venues WHERE detected_vibes @> $1::text[]",
      [["Cozy"]],
    );
    expect(cozy).toBeGreaterThan(0);
  }, 60_000);

  it("leaves existing rows alone on a re-run", async () => {
    await db.query("UPDATE venues SET name = $1 WHERE external_id = $2", ["Renamed", "datasf:10"]);
    const again = await seedVenues(db);
    expect(again.inserted).toBe(0);
    const [{ name }] = await db.query<{ name: string }>("SELECT name FROM venues WHERE external_id = $1", [
      "datasf:10",
    ]);
    expect(name).toBe("Renamed");
  }, 60_000);
});
