import { describe, expect, it } from "vitest";
import { contradicts, vibeTags } from "./vibe-tags";

describe("vibeTags (spec 9)", () => {
  it("shows vibes scoring at least 0.2, strongest first, at most three", () => {
    expect(vibeTags({ Chill: 0.9, Social: 0.5, Cozy: 0.7, Quiet: 0.3, Romantic: 0.25 })).toEqual([
      "Chill",
      "Cozy",
      "Social",
    ]);
    expect(vibeTags({ Chill: 0.2, Social: 0.19 })).toEqual(["Chill"]);
    expect(vibeTags({})).toEqual([]);
    expect(vibeTags(null)).toEqual([]);
  });

  it("skips a vibe that contradicts one already shown", () => {
    // Loud vs Quiet/Chill/Cozy; Quiet vs Loud/Energetic; Energetic vs Quiet/Chill; Romantic and Cozy vs Loud
    expect(
      vibeTags({ Loud: 0.9, Quiet: 0.8, Chill: 0.7, Cozy: 0.6, Romantic: 0.5, Social: 0.4, Energetic: 0.3 }),
    ).toEqual(["Loud", "Social", "Energetic"]);
    expect(vibeTags({ Quiet: 0.9, Energetic: 0.8, Loud: 0.7, Cozy: 0.6 })).toEqual(["Quiet", "Cozy"]);
    expect(vibeTags({ Energetic: 0.9, Chill: 0.8, Quiet: 0.7, Loud: 0.6 })).toEqual(["Energetic", "Loud"]);
  });

  it("reads the contradictions both ways and leaves other pairs alone", () => {
    expect(contradicts("Chill", "Loud")).toBe(true);
    expect(contradicts("Loud", "Chill")).toBe(true);
    expect(contradicts("Romantic", "Loud")).toBe(true);
    expect(contradicts("Chill", "Cozy")).toBe(false);
    expect(contradicts("Energetic", "Loud")).toBe(false);
  });

  it("is stable on ties and ignores junk scores", () => {
    expect(vibeTags({ Social: 0.5, Chill: 0.5, Cozy: 0.5, Upbeat: 0.5 })).toEqual(["Chill", "Cozy", "Social"]);
    expect(vibeTags({ Chill: Number.NaN, Cozy: "0.9" as unknown as number, Social: 0.3 })).toEqual(["Social"]);
  });

  it("honours a smaller maximum", () => {
    expect(vibeTags({ Chill: 0.9, Cozy: 0.8 }, 1)).toEqual(["Chill"]);
  });
});
