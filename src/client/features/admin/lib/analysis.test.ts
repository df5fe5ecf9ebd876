import { describe, expect, it } from "vitest";
import { ADMIN_LIMITS } from "@shared/vocabulary";
import { analyzeBody } from "@shared/contracts/admin";
import { analysisSummary, confidencePercent, rankedVibes } from "./analysis";

describe("confidencePercent", () => {
  it("rounds to a whole percent within 0 to 100", () => {
    expect(confidencePercent(0.92)).toBe(92);
    expect(confidencePercent(0.705)).toBe(71);
    expect(confidencePercent(0)).toBe(0);
    expect(confidencePercent(1)).toBe(100);
    expect(confidencePercent(1.2)).toBe(100);
    expect(confidencePercent(-1)).toBe(0);
    expect(confidencePercent(Number.NaN)).toBe(0);
  });
});

describe("analysisSummary", () => {
  it("lists the method and each vibe with its percent", () => {
    const result = {
      method: "lexicon-v1",
      vibes: [
        { vibe: "Romantic", confidence: 0.92 },
        { vibe: "Cozy", confidence: 0.7 },
      ],
    };
    expect(analysisSummary(result)).toBe("lexicon-v1: Romantic 92%, Cozy 70%");
  });
  it("says so when no vibe was found", () => {
    expect(analysisSummary({ method: "image-stats-v1", vibes: [] })).toBe("image-stats-v1: no vibes detected");
  });
});

describe("rankedVibes", () => {
  it("puts the strongest first without changing the result", () => {
    const result = {
      method: "m",
      vibes: [
        { vibe: "Cozy", confidence: 0.4 },
        { vibe: "Chill", confidence: 0.9 },
      ],
    };
    expect(rankedVibes(result).map((v) => v.vibe)).toEqual(["Chill", "Cozy"]);
    expect(result.vibes[0].vibe).toBe("Cozy");
  });
});

// The admin page reads the limits from constants (no zod in its chunk); the request schema must agree.
describe("ADMIN_LIMITS", () => {
  it("matches the analyze-sentiment body's limits", () => {
    expect(analyzeBody.safeParse({ text: "x".repeat(ADMIN_LIMITS.analyzeTextMax) }).success).toBe(true);
    expect(analyzeBody.safeParse({ text: "x".repeat(ADMIN_LIMITS.analyzeTextMax + 1) }).success).toBe(false);
    expect(analyzeBody.safeParse({ imageUrl: "x".repeat(ADMIN_LIMITS.imageUrlMax) }).success).toBe(true);
    expect(analyzeBody.safeParse({ imageUrl: "x".repeat(ADMIN_LIMITS.imageUrlMax + 1) }).success).toBe(false);
  });
});
