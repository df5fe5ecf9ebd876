import { describe, expect, it } from "vitest";
import {
  detailsVibes,
  directionsUrl,
  distanceFigure,
  imageSrc,
  ratingFigure,
  reviewCountFigure,
  safeWebsite,
  telHref,
  venueVibes,
} from "./venue-display";

describe("card figures", () => {
  it("shows the venue's own values", () => {
    expect(ratingFigure({ rating: 4.25 })).toEqual({ text: "4.3", isFallback: false });
    expect(reviewCountFigure({ reviewCount: 1200 })).toEqual({ text: "1,200", isFallback: false });
    expect(distanceFigure({ distance: "2.4" })).toEqual({ text: "2.4", isFallback: false });
  });

  it("uses the spec's fallbacks, flagged, when values are missing", () => {
    expect(ratingFigure({ rating: null })).toEqual({ text: "4.8", isFallback: true });
    expect(reviewCountFigure({ reviewCount: null })).toEqual({ text: "142", isFallback: true });
    expect(distanceFigure({ distance: null })).toEqual({ text: "0.8", isFallback: true });
    expect(distanceFigure({ distance: "" })).toEqual({ text: "0.8", isFallback: true });
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
