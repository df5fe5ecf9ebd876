import { describe, expect, it } from "vitest";
import { filterVenues, matchesText } from "./filter-venues";

const venue = (
  name: string,
  category: "Bar" | "Restaurant" | "Cafe" | "Club",
  vibes: Record<string, number> = {},
  detected: string[] = [],
) => ({
  name,
  category,
  vibeScores: vibes,
  detectedVibes: detected,
  latestUpdate: null,
});

describe("Explore text filter", () => {
  const list = [
    venue("Blue Bottle Coffee", "Cafe", { Chill: 0.7, Quiet: 0.3 }),
    venue("The Saloon", "Bar", { Loud: 0.8, "Country Music": 0.5 }),
    venue("Zuni", "Restaurant", { Romantic: 0.1 }, ["Cozy"]),
  ];

  it("matches the name, case-insensitively", () => {
    expect(filterVenues(list, "BLUE").map((v) => v.name)).toEqual(["Blue Bottle Coffee"]);
    expect(filterVenues(list, "  saloon ").map((v) => v.name)).toEqual(["The Saloon"]);
  });

  it("matches the category and its chip label", () => {
    expect(filterVenues(list, "restaurant").map((v) => v.name)).toEqual(["Zuni"]);
    expect(filterVenues(list, "bars").map((v) => v.name)).toEqual(["The Saloon"]);
    expect(filterVenues(list, "cafe").map((v) => v.name)).toEqual(["Blue Bottle Coffee"]);
  });

  it("matches vibes that score at least 0.2 or were detected, not weak ones", () => {
    expect(filterVenues(list, "country").map((v) => v.name)).toEqual(["The Saloon"]);
    expect(filterVenues(list, "cozy").map((v) => v.name)).toEqual(["Zuni"]);
    expect(filterVenues(list, "romantic")).toEqual([]);
  });

  it("keeps everything for blank text", () => {
    expect(filterVenues(list, "   ")).toHaveLength(3);
    expect(matchesText(list[0], "")).toBe(true);
  });
});
