import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { ALL_VIBES, ATTRIBUTION, VENUE_CATEGORIES } from "@shared/vocabulary";
import { openPglite, type Db } from "../db/client";
import { createOverpassSource } from "../providers/overpass";
import {
  formatAddress,
  formatPhone,
  loadSeed,
  PERMIT_ATTRIBUTION,
  PLACEHOLDER_POINT,
  SEED_AREA,
  SF_BBOX,
  seedVenues,
  selectPermitVenues,
  tidyName,
  venueName,
  type SeedVenue,
} from "./seed";
import { loadOsmSeed, lostCharacters, mergedOsmElements, readRepairs, restoresLostCharacters } from "./seed-osm";
import { writeSourcePlaces } from "./sync";

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
    // One assertion over every venue's faults (an expect per field per venue was 70,000 calls and
    // a second of the unit suite); a failure lists the venues and what is wrong with each.
    const faults: string[] = [];
    for (const v of venues) {
      const wrong = (what: string) => faults.push(`${v.external_id} ${what}`);
      if (!VENUE_CATEGORIES.includes(v.category)) wrong(`category ${v.category}`);
      for (const field of ["description", "image_url", "rating", "review_count", "website"] as const)
        if (v[field] !== null) wrong(`${field} ${v[field]}`);
      if (v.hours.length) wrong(`hours ${v.hours}`);
      if (v.source !== "datasf") wrong(`source ${v.source}`);
      if (v.attribution !== PERMIT_ATTRIBUTION) wrong(`attribution ${v.attribution}`);
      if (v.name !== v.name.trim() || /\s{2}/.test(v.name)) wrong(`name '${v.name}'`);
      for (const [vibe, s] of Object.entries(v.vibe_scores))
        if (!ALL_VIBES.includes(vibe as (typeof ALL_VIBES)[number]) || !(s > 0 && s <= 1)) wrong(`score ${vibe} ${s}`);
      if (!v.detected_vibes.length) wrong("no detected vibe");
      for (const d of v.detected_vibes) if (!(v.vibe_scores[d] >= 0.4)) wrong(`detected ${d} at ${v.vibe_scores[d]}`);
    }
    expect(faults).toEqual([]);
    expect(PERMIT_ATTRIBUTION).toContain("2016");
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
    // leading zeros and capitals tidied: "033 Belden Pl", "2200 OAKDALE Ave"
    expect(byId.get("datasf:10")?.address).toBe("33 Belden Pl, San Francisco, CA 94104");
    expect(byId.get("datasf:17")?.address).toBe("2200 Oakdale Ave, San Francisco, CA 94124"); // city "S.F."
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
    expect(formatPhone("555-1234")).toBeNull(); // fictional
    expect(formatPhone("+14150540880")).toBeNull(); // no exchange starts with 0
    for (const v of venues) if (v.phone_number !== null) expect(v.phone_number).toMatch(/^\(\d{3}\) \d{3}-\d{4}$/);
  });
});

describe("permit names", () => {
  it("drop chains' store numbers and legal suffixes", () => {
    expect(venueName("Subway #36339")).toBe("Subway");
    expect(venueName("Mavelous, LLC")).toBe("Mavelous");
    expect(venueName("Beanery Inc.")).toBe("Beanery");
    expect(venueName("Patpong Thai Cuisine, Inc.")).toBe("Patpong Thai Cuisine");
    expect(venueName("Fisherman's Pizzeria Inc [#50]")).toBe("Fisherman's Pizzeria");
    expect(venueName("Burger King 5830")).toBe("Burger King");
    expect(venueName("Starbucks Coffee #531")).toBe("Starbucks Coffee");
    expect(venueName("HOT DOG BILLS #2 (Driving Range)")).toBe("HOT DOG BILLS (Driving Range)");
    expect(venueName("J & M A-1 CAFE RESTAURANT LLC")).toBe("J & M A-1 Cafe Restaurant");
    expect(venueName("21 Taste House")).toBe("21 Taste House");
    expect(venueName("Cafe Seventy 8")).toBe("Cafe Seventy 8");
    const { venues } = loadSeed();
    for (const v of venues) {
      expect(v.name).not.toMatch(/#\s*\d/);
      expect(v.name).not.toMatch(/\b(LLC|Inc)\b\.?$/i);
    }
  });
});

describe("OpenStreetMap seed files", () => {
  const { places, stats } = loadOsmSeed();

  it("merges both files by OSM id and parses them with the sync's parser", () => {
    console.log("osm seed stats", JSON.stringify(stats));
    // docs/seed-data.md quotes these counts: change both together.
    expect(stats).toMatchObject({ barsFile: 493, centralFile: 2063, inBoth: 316, merged: 2240, truncated: 955 });
    expect(stats.unnamed).toBe(16);
    expect(stats.byCategory).toEqual({ Bar: 493, Restaurant: 1252, Cafe: 457, Club: 22 });
    expect(stats.byAmenity).toEqual({
      bar: 354,
      pub: 138,
      biergarten: 1,
      restaurant: 1008,
      fast_food: 259,
      cafe: 418,
      ice_cream: 24,
      nightclub: 21,
      music_venue: 1,
    });
    expect(stats.withHours).toBe(590);
    expect(places).toHaveLength(2224);
    expect(new Set(places.map((p) => p.externalId)).size).toBe(2224);
    for (const p of places) expect(p.externalId).toMatch(/^osm:(node|way)\/\d+$/);
  });

  it("fills a truncated element's lost tags from the older file, the newer values winning", () => {
    const { elements } = mergedOsmElements();
    const woods = elements.find((e) => e.type === "node" && e.id === 61670779)!;
    // the 2026 file cut this element's tags after contact:facebook; 2025's full tags fill in
    expect(woods.tags).toMatchObject({
      name: "Woods Lowside",
      check_date: "2025-12-02", // only in the newer file
      opening_hours: "Su,Mo-We 13:00-22:00; Th 13:00-23:00; Fr-Sa 13:00-24:00", // only in the older one
      phone: "+1 415 5485734",
    });
    const place = places.find((p) => p.externalId === "osm:node/61670779")!;
    expect(place).toMatchObject({
      name: "Woods Lowside",
      category: "Bar",
      address: "530 Haight Street, San Francisco, CA",
      phone: "(415) 548-5734",
      website: "https://www.woodsbeer.com/lowside",
    });
  });
});

describe("names beyond ASCII (the central file's shapefile lost characters)", () => {
  const { elements } = mergedOsmElements();
  const { places } = loadOsmSeed();
  const element = (id: number) => elements.find((e) => e.type === "node" && e.id === id)!;
  const lostMark = /[?\uFFFD]/u;

  it("knows a damaged copy: '?' for a character outside ASCII, U+FFFD for a Latin-1 one", () => {
    expect(lostCharacters("Kell?s", "Kell’s")).toBe(true);
    expect(lostCharacters("Kaiy? Rooftop", "Kaiyō Rooftop")).toBe(true);
    expect(lostCharacters("??????", "托斯卡咖啡厅")).toBe(true);
    expect(lostCharacters("Am\uFFFDlie", "Amélie")).toBe(true);
    // a real question mark, a different name, a different length: not damage
    expect(lostCharacters("Why?", "Why?")).toBe(false);
    expect(lostCharacters("Kell?s", "Kells")).toBe(false);
    expect(lostCharacters("Kell?s", "Kelly’s")).toBe(false);
    expect(lostCharacters("Am\uFFFDlie", "Amōlie")).toBe(false);
  });

  it("keeps the bars file's intact value where the central file has the same element damaged", () => {
    // the central file reads "Kell?s", "Kaiy? Rooftop", "Am\uFFFDlie", "H\uFFFDtel Biron", name:zh "??????"
    expect(element(6679529685).tags?.name).toBe("Kell’s");
    expect(element(10158842727).tags?.name).toBe("Kaiyō Rooftop");
    expect(element(3018753922).tags?.name).toBe("Amélie");
    expect(element(9662065899).tags?.name).toBe("Hôtel Biron");
    expect(element(366711368).tags).toMatchObject({ name: "Cafe Tosca", "name:zh": "托斯卡咖啡厅" });
    const byName = new Set(places.map((p) => p.name));
    for (const name of ["Kell’s", "Kona’s Street Market", "Kaiyō Rooftop", "Café Prague", "Cervecería de MateVeza"]) {
      expect(byName).toContain(name);
    }
    // only in the bars file: never damaged
    for (const name of ["Ruth’s at Treat Street", "McCarthy‘s Irish Bar", "Restaurante-Pupusería Ilobasco"]) {
      expect(byName).toContain(name);
    }
  });

  it("no seeded name has a U+FFFD or a '?' standing for a letter (issue 26)", () => {
    const names = [...places.map((p) => p.name), ...loadSeed().venues.map((v) => v.name)];
    expect(names.length).toBeGreaterThan(5000);
    expect(names.filter((n) => n.includes("\uFFFD"))).toEqual([]);
    // a "?" between letters ("Sana?a"), closing a word ("KAIY?"), or a run of them ("Ippudo (???)")
    expect(names.filter((n) => /\p{L}\?\p{L}|\p{L}\?$|\?\?/u.test(n))).toEqual([]);
    // every "?" left is a real one, read in the bars file's intact UTF-8 (checked by hand)
    expect(names.filter((n) => lostMark.test(n)).sort()).toEqual(["?", "Would You Believe? Cocktails"]);
  });

  it("restores the central-only names by the repair table, read by hand", () => {
    const byId = (id: number) => element(id).tags ?? {};
    expect(byId(10859142502).name).toBe("Sana’a Cafe");
    expect(byId(4348866890).name).toBe("Central Haight Café");
    expect(byId(4548624461).name).toBe("Bistro La Chaumière");
    expect(byId(529772421).name).toBe("Suppenküche");
    expect(byId(5752120935).name).toBe("Ippudo (一風堂)");
    expect(byId(2453601267)["addr:street"]).toBe("Terry A. François Boulevard");
    // a name in another script with nothing left is dropped, not shown as "??"
    expect(byId(808884908)["name:zh"]).toBeUndefined();
    // the bars file's intact value still wins where it has one
    expect(byId(366711368)["name:zh"]).toBe("托斯卡咖啡厅");
    const byName = new Set(places.map((p) => p.name));
    for (const r of readRepairs().filter((r) => r.key === "name")) expect(byName).toContain(r.restored);
  });

  it("takes a repair only when it fits the damage exactly", () => {
    expect(restoresLostCharacters("Sana?a Cafe", "Sana’a Cafe")).toBe(true);
    expect(restoresLostCharacters("Caf\uFFFD", "Café")).toBe(true);
    expect(restoresLostCharacters("Sana?a Cafe", "Sana'a Cafe")).toBe(false); // an ASCII ' would have survived
    expect(restoresLostCharacters("Sana?a Cafe", "Sana?a Cafe")).toBe(false);
    expect(restoresLostCharacters("Caf\uFFFD", "Caf’")).toBe(false); // outside Latin-1: would have been "?"
    expect(restoresLostCharacters("Caf\uFFFD", "Cafe")).toBe(false);
    expect(restoresLostCharacters("Caf\uFFFD", "Café!")).toBe(false);
    expect(restoresLostCharacters("Cafe", "Café")).toBe(false);
  });
});

describe("permit venues beside OpenStreetMap", () => {
  const { places } = loadOsmSeed();
  const permit = loadSeed().venues;
  const sel = selectPermitVenues(permit, places);

  it("keeps only the places OSM lacks, each rule counted", () => {
    console.log("permit selection", JSON.stringify({ dropped: sel.dropped, byCategory: sel.byCategory }));
    expect(sel.dropped).toEqual({ centralBox: 1787, barOrClub: 110, sameNameNearby: 15, sameSpot: 44 });
    expect(sel.byCategory).toEqual({ Bar: 0, Restaurant: 686, Cafe: 289, Club: 0 });
    expect(sel.kept).toHaveLength(975);
    const dropped = Object.values(sel.dropped).reduce((a, b) => a + b, 0);
    expect(dropped + sel.kept.length).toBe(permit.length);
  });

  it("never keeps one inside the central box, a bar, or a same-named place near an OSM one", () => {
    const byId = new Map(permit.map((v) => [v.external_id, v]));
    const kept = new Set(sel.kept.map((v) => v.external_id));
    expect(byId.get("datasf:10")?.name).toBe("Tiramisu Kitchen"); // 33 Belden Pl, central
    expect(kept.has("datasf:10")).toBe(false);
    for (const v of sel.kept) {
      expect(["Restaurant", "Cafe"]).toContain(v.category);
      const inBox = v.latitude >= 37.76 && v.latitude <= 37.8 && v.longitude >= -122.45 && v.longitude <= -122.38;
      expect(inBox).toBe(false);
    }
  });

  it("has no fictional 555 number, OSM or permit", () => {
    const phones = [...places.map((p) => p.phone), ...sel.kept.map((v) => v.phone_number)].filter(
      (p): p is string => p !== null,
    );
    expect(phones.length).toBeGreaterThan(500);
    for (const p of phones) expect(p).not.toMatch(/\(\d{3}\) 555-\d{4}|^555/);
    // North American numbers in one form; a few OSM numbers lack an area code and stay as written
    const odd = phones.filter((p) => !/^\(\d{3}\) [2-9]\d{2}-\d{4}$/.test(p));
    expect(odd.length).toBeLessThan(5);
    for (const p of odd) expect(p).toMatch(/^[2-9]\d{2}-\d{4}$/);
  });
});

/**
 * The seed's first run on a fresh, migrated PGlite is the one the test run's global setup makes
 * for every suite (tests/helpers/global-setup.ts): it answered `firstSeed` and its database is
 * the template loaded here, so the seed's cost (seconds on a loaded machine) is paid once a run.
 */
describe("seedVenues on PGlite", () => {
  let db: Db;

  beforeAll(async () => {
    db = await openPglite({ loadDataDir: new Blob([readFileSync(inject("pgliteTemplate"))]) });
  }, 60_000);

  afterAll(async () => {
    await db?.close();
  });

  it("writes OSM venues through the sync path and the permit venues OSM lacks, once", async () => {
    const first = inject("firstSeed");
    console.log(`seedVenues on PGlite: first run ${first.inserted}/${first.total} venues in ${first.ms} ms`);
    expect(first).toMatchObject({ inserted: 2224 + 975, updated: 0, total: 2224 + 975, removed: 0, skipped: false });

    const bySource = await db.query<{ source: string; category: string; n: number }>(
      "SELECT source, category, count(*)::int AS n FROM venues GROUP BY 1, 2 ORDER BY 1, 2",
    );
    expect(bySource).toEqual([
      { source: "datasf", category: "Cafe", n: 289 },
      { source: "datasf", category: "Restaurant", n: 686 },
      { source: "osm", category: "Bar", n: 493 },
      { source: "osm", category: "Cafe", n: 457 },
      { source: "osm", category: "Club", n: 22 },
      { source: "osm", category: "Restaurant", n: 1252 },
    ]);
    const [{ n: records }] = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM venue_sources");
    expect(records).toBe(2224);

    // the same files again: nothing to do
    const second = await seedVenues(db);
    expect(second).toMatchObject({ skipped: true, inserted: 0 });
  }, 120_000);

  it("stores the tags' facts: hours, phone, address, evidence naming the tag", async () => {
    const [woods] = await db.query<{
      name: string;
      opening_hours: string;
      phone_number: string;
      address: string;
      source: string;
      attribution: string;
      vibe_evidence: Record<string, { source: string; detail: string }[]>;
    }>(
      "SELECT name, opening_hours, phone_number, address, source, attribution, vibe_evidence FROM venues " +
        "WHERE external_id = 'osm:node/61670779'",
    );
    expect(woods).toMatchObject({
      name: "Woods Lowside",
      opening_hours: "Su,Mo-We 13:00-22:00; Th 13:00-23:00; Fr-Sa 13:00-24:00",
      phone_number: "(415) 548-5734",
      address: "530 Haight Street, San Francisco, CA",
      source: "osm",
      attribution: ATTRIBUTION.osm,
    });
    expect(woods.vibe_evidence.Cozy).toContainEqual({ source: "osm", detail: "A pub (OpenStreetMap)" });
    const [permit] = await db.query<{ attribution: string; opening_hours: string | null }>(
      "SELECT attribution, opening_hours FROM venues WHERE source = 'datasf' LIMIT 1",
    );
    expect(permit).toEqual({ attribution: PERMIT_ATTRIBUTION, opening_hours: null });
    const [{ n }] = await db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM venues WHERE phone_number ~ '555-[0-9]{4}$' AND phone_number LIKE '(%) 555-%'",
    );
    expect(n).toBe(0);
  });

  it("says its evidence in words: no raw key=value tag in any seeded venue's reasons (issue 25)", async () => {
    const rows = await db.query<{ name: string; vibe_evidence: Record<string, { source: string; detail: string }[]> }>(
      "SELECT name, vibe_evidence FROM venues WHERE vibe_evidence IS NOT NULL",
    );
    expect(rows.length).toBeGreaterThan(2000);
    const raw: string[] = [];
    let details = 0;
    for (const row of rows)
      for (const list of Object.values(row.vibe_evidence))
        for (const e of list) {
          details++;
          if (/[A-Za-z_:]+=\S/.test(e.detail)) raw.push(`${row.name}: ${e.detail}`);
        }
    expect(details).toBeGreaterThan(10_000);
    expect(raw).toEqual([]);
  });

  it("fixes the rules behind two wrong vibes: Bourbon and Branch is not Energetic, Elixir is not Quiet", async () => {
    const rows = await db.query<{ name: string; detected_vibes: string[]; vibe_evidence: Record<string, unknown> }>(
      "SELECT name, detected_vibes, vibe_evidence FROM venues WHERE external_id = ANY($1::text[]) ORDER BY name",
      [["osm:node/529777817", "osm:node/295082904"]],
    );
    expect(rows.map((r) => r.name)).toEqual(["Bourbon and Branch", "Elixir"]);
    const [bourbon, elixir] = rows;
    expect(bourbon.detected_vibes).not.toContain("Energetic");
    expect(bourbon.detected_vibes).toContain("Whiskey");
    expect(elixir.detected_vibes).not.toContain("Quiet");
    expect(elixir.vibe_evidence).not.toHaveProperty("Quiet");
    expect(elixir.detected_vibes).toContain("Whiskey");
  });

  it("stores names beyond ASCII as the intact file spells them", async () => {
    const rows = await db.query<{ external_id: string; name: string }>(
      "SELECT external_id, name FROM venues WHERE external_id = ANY($1::text[]) ORDER BY external_id",
      [["osm:node/10158842727", "osm:node/3018753922", "osm:node/6242795781", "osm:node/6679529685"]],
    );
    expect(rows).toEqual([
      { external_id: "osm:node/10158842727", name: "Kaiyō Rooftop" },
      { external_id: "osm:node/3018753922", name: "Amélie" },
      { external_id: "osm:node/6242795781", name: "Ruth’s at Treat Street" },
      { external_id: "osm:node/6679529685", name: "Kell’s" },
    ]);
    const [tosca] = await db.query<{ zh: string }>(
      "SELECT data->'tags'->>'name:zh' AS zh FROM venue_sources WHERE external_id = 'osm:node/366711368'",
    );
    expect(tosca).toEqual({ zh: "托斯卡咖啡厅" });
  });

  it("updates in place when re-seeded or synced over the same area: no duplicates", async () => {
    const [{ n: before }] = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM venues");
    await db.query("UPDATE venues SET name = 'Renamed' WHERE external_id = 'osm:node/61670779'");
    await db.query("UPDATE venues SET name = 'Renamed' WHERE source = 'datasf' AND external_id = $1", [
      (await db.query<{ e: string }>("SELECT external_id AS e FROM venues WHERE source = 'datasf' LIMIT 1"))[0].e,
    ]);
    const again = await seedVenues(db, { force: true });
    expect(again).toMatchObject({ inserted: 0, updated: 1, removed: 0, skipped: false });
    const [{ n: renamed }] = await db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM venues WHERE name = 'Renamed'",
    );
    expect(renamed).toBe(0);

    // an admin sync that brings the same element, its hours changed
    const { places } = loadOsmSeed();
    const woods = places.find((p) => p.externalId === "osm:node/61670779")!;
    const changed = { ...woods, osmTags: { ...woods.osmTags, opening_hours: "Mo-Su 12:00-02:00" } };
    const counts = await writeSourcePlaces(db, [[changed]], SEED_AREA, [createOverpassSource({ timeoutMs: 1 })]);
    expect(counts).toEqual({ added: 0, updated: 1, unchanged: 0 });
    const [{ n: after }] = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM venues");
    expect(after).toBe(before);
    const [row] = await db.query<{ opening_hours: string }>(
      "SELECT opening_hours FROM venues WHERE external_id = 'osm:node/61670779'",
    );
    expect(row.opening_hours).toBe("Mo-Su 12:00-02:00");
  }, 120_000);
});
