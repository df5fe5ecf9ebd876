import { describe, expect, it } from "vitest";
import {
  detailsVibes,
  directionsUrl,
  distanceShown,
  imageSrc,
  ratingShown,
  safeWebsite,
  telHref,
  venueVibes,
} from "./venue-display";

describe("card figures", () => {
  it("shows a source's rating with its count and source", () => {
    expect(ratingShown({ rating: 4.25, reviewCount: 1200, ratingSource: "Google" })).toEqual({
      text: "4.3",
      count: "1,200",
      source: "Google",
    });
    expect(ratingShown({ rating: 4, reviewCount: null, ratingSource: "Google" })).toEqual({
      text: "4.0",
      count: null,
      source: "Google",
    });
  });

  it("shows no rating, never the spec's 4.8 (142), when no source rated the venue", () => {
    expect(ratingShown({ rating: null, reviewCount: null, ratingSource: null })).toBeNull();
    expect(ratingShown({ rating: null, reviewCount: 12, ratingSource: null })).toBeNull();
  });

  it("shows a distance only from the person's real position, never the spec's 0.8", () => {
    expect(distanceShown({ distance: "2.4" }, true)).toBe("2.4");
    expect(distanceShown({ distance: "2.4" }, false)).toBeNull();
    expect(distanceShown({ distance: null }, true)).toBeNull();
    expect(distanceShown({ distance: "" }, true)).toBeNull();
  });
});

describe("imageSrc", () => {
  it("sends remote images through the proxy", () => {
    expect(imageSrc("https://img.example.com/a b.jpg?x=1&y=2")).toBe(
      "/api/proxy-image?url=https%3A%2F%2Fimg.example.com%2Fa%20b.jpg%3Fx%3D1%26y%3D2",
    );
  });

  it("keeps same-origin paths and refuses other schemes", () => {
    expect(imageSrc("/uploads/a.png")).toBe("/uploads/a.png");
    expect(imageSrc("//evil.example/a.png")).toBeNull();
    expect(imageSrc("javascript:alert(1)")).toBeNull();
    expect(imageSrc(null)).toBeNull();
    expect(imageSrc("  ")).toBeNull();
  });
});

describe("details helpers", () => {
  const latestUpdate = (currentVibes: string[]) => ({
    capacityStatus: null,
    noiseLevel: null,
    isOpen: null,
    statusMessage: null,
    specialNotes: null,
    currentVibes,
    createdAt: "2025-01-01T00:00:00Z",
    reviewAuthor: null,
    reviewRating: null,
    reviewTime: null,
  });

  it("shows at most 3 live vibes, else the card's vibe tags", () => {
    expect(
      detailsVibes({ latestUpdate: latestUpdate(["Chill", "Cozy", "Quiet", "Romantic"]), vibeScores: {} }),
    ).toEqual(["Chill", "Cozy", "Quiet"]);
    expect(
      detailsVibes({ latestUpdate: null, vibeScores: { Loud: 0.9, Quiet: 0.8, Energetic: 0.5, Whiskey: 0.1 } }),
    ).toEqual(["Loud", "Energetic"]);
  });

  it("collects every vibe a venue is known for", () => {
    expect(
      venueVibes({
        detectedVibes: ["Chill"],
        vibeScores: { Cozy: 0.5, Loud: 0.1 },
        latestUpdate: latestUpdate(["Social"]),
      }),
    ).toEqual(["Chill", "Cozy", "Social"]);
  });

  it("builds directions, tel and website links safely", () => {
    expect(directionsUrl({ latitude: 37.77, longitude: -122.41 })).toBe(
      "https://www.google.com/maps/dir/?api=1&destination=37.77,-122.41",
    );
    expect(telHref("(415) 555-0100")).toBe("tel:4155550100");
    expect(telHref("n/a")).toBeNull();
    expect(safeWebsite("example.com/menu")).toBe("https://example.com/menu");
    expect(safeWebsite("http://example.com")).toBe("http://example.com/");
    expect(safeWebsite("javascript:alert(1)")).toBeNull();
    expect(safeWebsite(null)).toBeNull();
  });
});
