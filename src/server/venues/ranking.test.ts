import { describe, expect, it } from "vitest";
import { bestMatchRank, matchRank, matchScore, proximity, rankFor, suggestionRank } from "./ranking";

const cafe = {
  category: "Cafe",
  vibeScores: { Chill: 0.6, Cozy: 0.55, Quiet: 0.45, Focused: 0.4, Relaxed: 0.5, Social: 0.3 },
};
const bar = { category: "Bar", vibeScores: { Social: 0.6, Energetic: 0.4, Loud: 0.35, Chill: 0.3 } };
const club = { category: "Club", vibeScores: { Energetic: 0.8, Loud: 0.8, Upbeat: 0.7, Social: 0.6 } };
const restaurant = { category: "Restaurant", vibeScores: { Social: 0.45, Romantic: 0.3, Cozy: 0.3, Chill: 0.35 } };

describe("matchScore", () => {
  it("blends the best chosen vibe with the average of all chosen", () => {
    expect(matchScore({ Chill: 0.8, Cozy: 0.4 }, ["Chill", "Cozy"])).toBe(0.7); // (0.8 + 0.6) / 2
    expect(matchScore({ Chill: 0.8 }, ["Chill", "Cozy"])).toBe(0.6); // (0.8 + 0.4) / 2
    expect(matchScore({}, ["Chill"])).toBe(0);
    expect(matchScore({ Chill: 1 }, [])).toBe(0);
  });

  it("prefers a venue that fits every chosen vibe to one that fits one as strongly", () => {
    expect(matchScore({ Chill: 0.7, Cozy: 0.7 }, ["Chill", "Cozy"])).toBeGreaterThan(
      matchScore({ Chill: 0.7 }, ["Chill", "Cozy"]),
    );
  });

  it("clamps bad scores into 0..1", () => {
    expect(matchScore({ Chill: 3 }, ["Chill"])).toBe(1);
    expect(matchScore({ Chill: -1 }, ["Chill"])).toBe(0);
    expect(matchScore({ Chill: Number.NaN }, ["Chill"])).toBe(0);
  });
});

describe("proximity and matchRank", () => {
  it("falls from 1 at the caller to 0 at the radius", () => {
    expect(proximity(0, 1000)).toBe(1);
    expect(proximity(500, 1000)).toBe(0.5);
    expect(proximity(2000, 1000)).toBe(0);
    expect(proximity(10, 0)).toBe(0);
  });

  it("lets fit outweigh nearness", () => {
    // a strong fit at the edge of the radius beats a weak fit at the door
    expect(matchRank(0.9, 9000, 10000)).toBeGreaterThan(matchRank(0.4, 0, 10000));
    // equal fits: the nearer wins
    expect(matchRank(0.5, 100, 10000)).toBeGreaterThan(matchRank(0.5, 5000, 10000));
  });
});

describe("suggestionRank by hour", () => {
  type Place = { category: string; vibeScores: Record<string, number> };
  const rank = (v: Place, hour: number, prefs: string[] = []) => suggestionRank(v, hour, prefs, 500, 5000);

  it("puts cafes first at breakfast and in the afternoon", () => {
    for (const hour of [6, 10, 15, 16]) {
      expect(rank(cafe, hour)).toBeGreaterThan(rank(bar, hour));
      expect(rank(cafe, hour)).toBeGreaterThan(rank(club, hour));
    }
  });

  it("puts restaurants first at lunch and dinner", () => {
    for (const hour of [11, 14, 17, 21]) {
      expect(rank(restaurant, hour)).toBeGreaterThan(rank(club, hour));
    }
    expect(rank(restaurant, 19)).toBeGreaterThan(rank(cafe, 19));
  });

  it("puts bars and clubs first at night", () => {
    for (const hour of [22, 23, 0, 3, 5]) {
      expect(rank(club, hour)).toBeGreaterThan(rank(cafe, hour));
      expect(rank(bar, hour)).toBeGreaterThan(rank(restaurant, hour));
    }
  });

  it("lets preferred vibes lead ('Personalized Picks')", () => {
    // someone who likes quiet, focused places gets a cafe even at dinner time
    expect(rank(cafe, 19, ["Quiet", "Focused"])).toBeGreaterThan(rank(club, 19, ["Quiet", "Focused"]));
    expect(rank(cafe, 19, ["Quiet", "Focused"]) - rank(restaurant, 19, ["Quiet", "Focused"])).toBeGreaterThan(
      rank(cafe, 19) - rank(restaurant, 19),
    );
  });
});

describe("Best match (sort=best)", () => {
  it("ranks by fit alone: a likelier venue far away beats a less likely one next door", () => {
    const far = bestMatchRank(0.82, 9_000, 10_000);
    const near = bestMatchRank(0.61, 10, 10_000);
    expect(far).toBeGreaterThan(near);
    // the default ranking (fit 70%, nearness 30%) would put the near one first
    expect(matchRank(0.61, 10, 10_000)).toBeGreaterThan(matchRank(0.82, 9_000, 10_000));
  });

  it("lets nearness break only ties of fit", () => {
    expect(bestMatchRank(0.7, 100, 10_000)).toBeGreaterThan(bestMatchRank(0.7, 5_000, 10_000));
    expect(bestMatchRank(0.71, 9_999, 10_000)).toBeGreaterThan(bestMatchRank(0.7, 0, 10_000));
  });

  it("is chosen by the sort", () => {
    expect(rankFor("best")).toBe(bestMatchRank);
    expect(rankFor("proximity")).toBe(matchRank);
    expect(rankFor("rating")).toBe(matchRank);
    expect(rankFor(undefined)).toBe(matchRank);
  });
});
