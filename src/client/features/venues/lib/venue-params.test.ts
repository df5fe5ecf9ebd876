import { describe, expect, it } from "vitest";
import { DEFAULT_COORDS } from "@shared/vocabulary";
import { buildMatchParams, buildNearbyParams } from "./venue-params";

describe("buildMatchParams", () => {
  it("asks the server for sort=best only for Best match with vibes chosen", () => {
    const base = { coords: DEFAULT_COORDS, distanceMiles: 10 };
    expect(buildMatchParams({ ...base, vibes: ["Romantic"], sort: "best" }).sort).toBe("best");
    expect(buildMatchParams({ ...base, vibes: ["Romantic"], sort: "proximity" })).not.toHaveProperty("sort");
    // Top Rated is ranked by the server over the whole radius, vibes or not (issue 26)
    expect(buildMatchParams({ ...base, vibes: ["Romantic"], sort: "rating" }).sort).toBe("rating");
    expect(buildMatchParams({ ...base, vibes: [], sort: "rating" }).sort).toBe("rating");
    expect(buildMatchParams({ ...base, vibes: [], sort: "best" })).not.toHaveProperty("sort");
  });

  it("sends the distance chip as kilometres and 'all' when no vibe is chosen", () => {
    expect(buildMatchParams({ coords: DEFAULT_COORDS, distanceMiles: 10, vibes: [] })).toEqual({
      latitude: 37.7749,
      longitude: -122.4194,
      radius: 16.0934,
      vibes: "all",
    });
    expect(buildMatchParams({ coords: DEFAULT_COORDS, distanceMiles: 5, vibes: [] }).radius).toBe(8.0467);
    expect(buildMatchParams({ coords: DEFAULT_COORDS, distanceMiles: 100, vibes: [] }).radius).toBe(160.934);
  });

  it("joins the chosen vibes with commas", () => {
    expect(
      buildMatchParams({ coords: DEFAULT_COORDS, distanceMiles: 10, vibes: ["Chill", "Country Music"] }).vibes,
    ).toBe("Chill,Country Music");
  });

  it("adds a trimmed search and a category, but not blank text or 'all'", () => {
    const base = { coords: DEFAULT_COORDS, distanceMiles: 25, vibes: ["Cozy"] };
    expect(buildMatchParams({ ...base, search: "  taco  ", category: "Bar" })).toMatchObject({
      search: "taco",
      category: "Bar",
    });
    const plain = buildMatchParams({ ...base, search: "   ", category: "all" });
    expect(plain).not.toHaveProperty("search");
    expect(plain).not.toHaveProperty("category");
  });

  it("rounds GPS coordinates to 4 decimals", () => {
    const p = buildMatchParams({
      coords: { latitude: 37.774929123, longitude: -122.419415987 },
      distanceMiles: 10,
      vibes: [],
    });
    expect(p.latitude).toBe(37.7749);
    expect(p.longitude).toBe(-122.4194);
  });
});

describe("buildNearbyParams", () => {
  it("rounds to 3 decimals and uses the suggestion radius and hour", () => {
    expect(buildNearbyParams({ latitude: 37.77493, longitude: -122.41942 }, 8)).toEqual({
      latitude: 37.775,
      longitude: -122.419,
      radius: 5,
      hour: 8,
    });
  });
});

describe("search length", () => {
  it("matches the contract's limit", async () => {
    const { MAX_SEARCH_LENGTH } = await import("@shared/contracts/venues");
    const { SEARCH_MAX_LENGTH } = await import("./venue-params");
    expect(SEARCH_MAX_LENGTH).toBe(MAX_SEARCH_LENGTH);
  });
});
