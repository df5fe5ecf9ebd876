import { describe, expect, it } from "vitest";
import { venueRating } from "./ratings";

describe("venueRating", () => {
  it("is null without any rating (never the spec's fallback)", () => {
    expect(venueRating(null, { sum: 0, count: 0 })).toEqual({
      rating: null,
      reviewCount: null,
      ratingSource: null,
      parts: [],
    });
    expect(venueRating({ source: "Google", rating: null, reviewCount: 10 }, { sum: 0, count: 0 }).rating).toBeNull();
  });
  it("is VIBE's mean alone", () => {
    expect(venueRating(null, { sum: 9, count: 2 })).toMatchObject({
      rating: 4.5,
      reviewCount: 2,
      ratingSource: "VIBE",
    });
  });
  it("is the provider's alone", () => {
    expect(venueRating({ source: "Google", rating: 4.3, reviewCount: 120 }, { sum: 0, count: 0 })).toMatchObject({
      rating: 4.3,
      reviewCount: 120,
      ratingSource: "Google",
    });
  });
  it("weighs both by their counts and names both", () => {
    // (4 × 8 + 5 + 5) / 10 = 4.2
    const r = venueRating({ source: "Google", rating: 4, reviewCount: 8 }, { sum: 10, count: 2 });
    expect(r).toMatchObject({ rating: 4.2, reviewCount: 10, ratingSource: "Google + VIBE" });
    expect(r.parts).toEqual([
      { source: "Google", rating: 4, reviewCount: 8 },
      { source: "VIBE", rating: 5, reviewCount: 2 },
    ]);
  });
  it("does not mix when the provider gives no count", () => {
    const r = venueRating({ source: "Google", rating: 4.1, reviewCount: null }, { sum: 5, count: 1 });
    expect(r).toMatchObject({ rating: 4.1, reviewCount: null, ratingSource: "Google" });
    expect(r.parts.map((p) => p.source)).toEqual(["Google", "VIBE"]);
  });
});
