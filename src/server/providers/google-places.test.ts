import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  applyFieldMask,
  blueNotePlace,
  spreadPlaces,
  startFakeGooglePlaces,
  type FakeGooglePlaces,
} from "../../../tests/fakes/google-places";
import {
  createGooglePlacesSource,
  GOOGLE_ATTRIBUTION,
  GOOGLE_FIELDS,
  googleCategory,
  parseGooglePlace,
  subCircles,
  sweep,
  type Circle,
  type GooglePlace,
} from "./google-places";
import { haversineMeters } from "../db/earth";

const CENTER = { latitude: 37.93, longitude: -122.02 };

describe("Google place types", () => {
  it.each([
    ["bar", [], "Bar"],
    ["pub", [], "Bar"],
    ["wine_bar", [], "Bar"],
    ["night_club", [], "Club"],
    ["cafe", [], "Cafe"],
    ["coffee_shop", [], "Cafe"],
    ["tea_house", [], "Cafe"],
    ["bakery", [], "Cafe"],
    ["restaurant", [], "Restaurant"],
    ["thai_restaurant", [], "Restaurant"],
    ["hotel", ["hotel", "restaurant", "lodging"], "Restaurant"],
    ["hotel", ["night_club", "bar"], "Club"],
    [undefined, ["point_of_interest", "establishment"], null],
  ] as const)("%s %j -> %s", (primary, types, category) => {
    expect(googleCategory(primary, types)).toBe(category);
  });
});

describe("Google place parser", () => {
  const raw = blueNotePlace(CENTER.latitude, CENTER.longitude, "gBlueNote1") as unknown as GooglePlace;
  const place = parseGooglePlace(raw)!;

  it("maps the documented fields", () => {
    expect(place).toMatchObject({
      source: "google",
      externalId: "google:gBlueNote1",
      name: "Blue Note Jazz Bar",
      category: "Bar",
      address: "3225 22nd St, San Francisco, CA 94110, USA",
      phone: "(415) 555-0101",
      website: "https://bluenote.example/",
      rating: 4.6,
      reviewCount: 812,
      description: "Dim, intimate jazz club with nightly live sets and classic cocktails.",
      attribution: GOOGLE_ATTRIBUTION,
    });
    expect(place.hours).toHaveLength(7);
    expect(place.google).toEqual({
      liveMusic: true,
      goodForGroups: true,
      servesCocktails: true,
      servesWine: true,
      servesBeer: true,
      outdoorSeating: false,
      reservable: true,
      priceLevel: "PRICE_LEVEL_MODERATE",
    });
  });

  it("reads reviews (author, rating, text, time) and keeps relative dates out of the stored record", () => {
    expect(place.reviews).toEqual([
      {
        author: "Maya R.",
        rating: 5,
        text: "Great live jazz every night, cozy and romantic atmosphere.",
        time: "2024-04-20T21:15:00.000Z",
      },
      {
        author: "Tom K.",
        rating: 4,
        text: "Loud on weekends but the band was amazing.",
        time: "2024-04-06T23:40:00.123Z",
      },
    ]);
    expect(JSON.stringify(place.raw)).not.toContain("relativePublishTimeDescription");
  });

  it("stores photo media URLs without the key, with the author's attribution", () => {
    expect(place.photos).toEqual([
      {
        url: "https://places.googleapis.com/v1/places/gBlueNote1/photos/AelY_photo1/media?maxWidthPx=800",
        attribution: "Maya R.",
      },
      {
        url: "https://places.googleapis.com/v1/places/gBlueNote1/photos/AelY_photo2/media?maxWidthPx=800",
        attribution: "Blue Note Jazz Bar",
      },
    ]);
    expect(place.imageUrl).toBe(place.photos[0].url);
    expect(JSON.stringify(place)).not.toMatch(/key=/);
  });

  it("skips places without an id, name or location, and closed ones have no category", () => {
    expect(parseGooglePlace({ ...raw, displayName: undefined })).toBeNull();
    expect(parseGooglePlace({ ...raw, location: undefined })).toBeNull();
    expect(parseGooglePlace({ ...raw, id: "../x" })).toBeNull();
    expect(parseGooglePlace({ ...raw, businessStatus: "CLOSED_PERMANENTLY" })?.category).toBeNull();
  });

  it("the fake's field mask keeps only what is asked", () => {
    const masked = applyFieldMask(blueNotePlace(1, 1, "x"), [
      "places.id",
      "places.regularOpeningHours.weekdayDescriptions",
    ]);
    expect(Object.keys(masked).sort()).toEqual(["id", "regularOpeningHours"]);
    expect(Object.keys(masked.regularOpeningHours as object)).toEqual(["weekdayDescriptions"]);
  });
});

describe("sub-circles", () => {
  it("cover the circle: every point of a fine grid is inside one of the seven", () => {
    const c: Circle = { latitude: 37.9, longitude: -122, radius: 1000 };
    const subs = subCircles(c);
    expect(subs).toHaveLength(7);
    for (let n = -1000; n <= 1000; n += 25) {
      for (let e = -1000; e <= 1000; e += 25) {
        const lat = c.latitude + n / 111_195;
        const lng = c.longitude + e / (111_195 * Math.cos((c.latitude * Math.PI) / 180));
        if (haversineMeters(c.latitude, c.longitude, lat, lng) > c.radius) continue;
        expect(subs.some((s) => haversineMeters(s.latitude, s.longitude, lat, lng) <= s.radius)).toBe(true);
      }
    }
  });
});

describe("sweep against the fake searchNearby", () => {
  let fake: FakeGooglePlaces;
  const places = spreadPlaces(CENTER.latitude, CENTER.longitude, 70, 1000, "gS");

  beforeAll(async () => {
    fake = await startFakeGooglePlaces({
      places: [...places, ...spreadPlaces(CENTER.latitude, CENTER.longitude + 0.05, 10, 300, "gFar")],
    });
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.calls.length = 0;
    fake.refused.length = 0;
  });

  const source = (over: Partial<Parameters<typeof createGooglePlacesSource>[0]> = {}) =>
    createGooglePlacesSource({ apiKey: fake.apiKey, baseUrl: fake.url, timeoutMs: 5000, backoffMs: 5, ...over });

  it("finds all 70 places of a busy circle (several pages of 20) without duplicates, within the call cap", async () => {
    const found = await source().fetchNearby(CENTER.latitude, CENTER.longitude, 1000, new AbortController().signal);
    expect(found).toHaveLength(70);
    expect(new Set(found.map((p) => p.externalId)).size).toBe(70);
    expect(found.every((p) => p.externalId.startsWith("google:gS"))).toBe(true);
    expect(fake.calls.length).toBeGreaterThan(1);
    expect(fake.calls.length).toBeLessThanOrEqual(40);
    expect(fake.refused).toEqual([]);
    const first = fake.calls[0];
    expect(first.apiKey).toBe(fake.apiKey);
    expect(first.fieldMask.split(",")).toEqual([...GOOGLE_FIELDS]);
    expect(first.body).toMatchObject({
      includedTypes: expect.arrayContaining([
        "bar",
        "pub",
        "wine_bar",
        "night_club",
        "cafe",
        "coffee_shop",
        "tea_house",
        "bakery",
        "restaurant",
      ]),
      maxResultCount: 20,
      locationRestriction: {
        circle: { center: { latitude: CENTER.latitude, longitude: CENTER.longitude }, radius: 1000 },
      },
      rankPreference: "DISTANCE",
    });
  });

  it("makes one call when the first answer is not full", async () => {
    const found = await source().fetchNearby(
      CENTER.latitude,
      CENTER.longitude + 0.05,
      500,
      new AbortController().signal,
    );
    expect(found).toHaveLength(10);
    expect(fake.calls).toHaveLength(1);
  });

  it("stops at the call cap and says the sweep is incomplete", async () => {
    let incomplete = 0;
    const found = await source({ sweep: { maxCalls: 3 }, onIncomplete: () => incomplete++ }).fetchNearby(
      CENTER.latitude,
      CENTER.longitude,
      1000,
      new AbortController().signal,
    );
    expect(fake.calls).toHaveLength(3);
    expect(incomplete).toBe(1);
    expect(found.length).toBeGreaterThanOrEqual(20);
    expect(new Set(found.map((p) => p.externalId)).size).toBe(found.length);
  });

  it("sweep() keeps only items inside the circle asked for", async () => {
    const items = [
      { id: "in", location: { latitude: 0, longitude: 0 } },
      { id: "out", location: { latitude: 0.1, longitude: 0 } },
    ];
    const r = await sweep({ latitude: 0, longitude: 0, radius: 100 }, async () => items);
    expect(r.items.map((i) => i.id)).toEqual(["in"]);
  });

  it("fails clearly on a bad key, without retrying", async () => {
    const err = await source({ apiKey: "wrong" })
      .fetchNearby(CENTER.latitude, CENTER.longitude, 100, new AbortController().signal)
      .catch((e) => e);
    expect(err.message).toBe(
      "Google Places refused the request (HTTP 400: API key not valid. Please pass a valid API key.)",
    );
    expect(fake.refused).toHaveLength(1);
  });

  it("is unavailable without a key", () => {
    const s = createGooglePlacesSource({ apiKey: null, timeoutMs: 1000 });
    expect(s.available()).toBe(false);
    expect(s.unavailableReason?.()).toBe("GOOGLE_PLACES_API_KEY not set");
  });
});
