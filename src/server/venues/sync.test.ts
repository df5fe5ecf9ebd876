import { BLEND_METHOD } from "../vibes/blend";
import { describe, expect, it } from "vitest";
import { ATTRIBUTION } from "@shared/vocabulary";
import { blueNotePlace } from "../../../tests/fakes/google-places";
import { offset, sfLikeElements } from "../../../tests/fakes/overpass";
import { parseGooglePlace, type GooglePlace } from "../providers/google-places";
import { parseOverpassElement } from "../providers/overpass";
import type { SourcePlace } from "../providers/venue-source";
import { canonicalJson, groupPlaces, mergeVenue, namesSimilar, samePlace } from "./sync";

describe("namesSimilar", () => {
  it.each([
    ["The Blue Note Jazz Bar", "Blue Note Jazz Bar"],
    ["Starbucks", "Starbucks Coffee"],
    ["Café de Flore", "Cafe de Flore"],
    ["Joe's Pizza", "Joes Pizza"],
    ["Blue Bottle", "BlueBottle"],
    ["Tartine Bakery & Cafe", "Tartine Bakery and Cafe"],
    ["Жито Леб", "жито леб"],
    ["Ritual Coffee Roasters", "Ritual Coffee Roasters - Valencia"],
  ])("%s = %s", (a, b) => {
    expect(namesSimilar(a, b)).toBe(true);
    expect(namesSimilar(b, a)).toBe(true);
  });

  it.each([
    ["Cafe", "Cafe Roma"],
    ["Bar Agricole", "Bar Crudo"],
    ["The Pub", "Toronado Pub"],
    ["Blue Note Jazz Bar", "Red Note Wine Bar"],
    ["", "Anything"],
  ])("%s != %s", (a, b) => {
    expect(namesSimilar(a, b)).toBe(false);
  });
});

describe("samePlace", () => {
  const base = { name: "Zeitgeist", latitude: 37.77, longitude: -122.42 };
  it("needs both a similar name and at most 50 m", () => {
    const p = offset(37.77, -122.42, 30, 30); // ~42 m
    expect(samePlace(base, { name: "Zeitgeist Bar", latitude: p.lat, longitude: p.lon })).toBe(true);
    const far = offset(37.77, -122.42, 60, 0);
    expect(samePlace(base, { name: "Zeitgeist", latitude: far.lat, longitude: far.lon })).toBe(false);
    expect(samePlace(base, { name: "Toronado", latitude: 37.77, longitude: -122.42 })).toBe(false);
  });
});

const LAT = 37.95;
const LNG = -122.05;
const osm = sfLikeElements(LAT, LNG, 1000)
  .map(parseOverpassElement)
  .filter((p): p is SourcePlace => !!p);
const google = parseGooglePlace(blueNotePlace(LAT, LNG, "gBN") as unknown as GooglePlace)!;

describe("groupPlaces", () => {
  it("merges the same place from two sources, keeps the rest apart, OpenStreetMap first", () => {
    const groups = groupPlaces([osm, [google]]);
    expect(groups).toHaveLength(osm.length);
    const blue = groups.find((g) => g.length === 2)!;
    expect(blue.map((p) => p.externalId)).toEqual(["osm:node/1001", "google:gBN"]);
  });

  it("never merges two records of one source, and a far or differently named place stays separate", () => {
    const twin = { ...osm[0], externalId: "osm:node/999999" };
    expect(groupPlaces([[osm[0], twin]])).toHaveLength(2);
    const p = offset(LAT, LNG, 80, 0);
    const far = { ...google, latitude: p.lat, longitude: p.lon };
    expect(groupPlaces([osm, [far]])).toHaveLength(osm.length + 1);
    const other = { ...google, name: "Velvet Lounge" };
    expect(groupPlaces([osm, [other]])).toHaveLength(osm.length + 1);
  });

  it("drops repeated external ids within a source", () => {
    expect(groupPlaces([[osm[0], osm[0]]])).toHaveLength(1);
  });
});

describe("mergeVenue", () => {
  it("takes name, category and position from OpenStreetMap and details from Google, and blends both", () => {
    const v = mergeVenue([osm[0], google], null);
    expect(v).toMatchObject({
      name: "The Blue Note Jazz Bar",
      category: "Bar",
      latitude: osm[0].latitude,
      address: "3225 22nd St, San Francisco, CA 94110, USA",
      phone_number: "(415) 555-0101",
      rating: 4.6,
      review_count: 812,
      vibe_method: BLEND_METHOD,
      attribution: `${ATTRIBUTION.osm} Place data (c) Google`,
    });
    expect(v.hours[0]).toBe("Monday: 5:00 PM – 2:00 AM");
    expect(v.detected_vibes).toContain("Live Music");
    expect(v.vibe_evidence["Live Music"].map((e) => e.source)).toEqual(expect.arrayContaining(["osm", "google"]));
  });

  it("passes description and review texts to the analyzer", () => {
    const seen: string[] = [];
    mergeVenue([osm[0], google], null, (texts) => {
      seen.push(...texts);
      return { method: "test", vibes: texts.length ? [{ vibe: "Romantic", confidence: 0.9 }] : [] };
    });
    expect(seen).toEqual([google.description, ...google.reviews.map((r) => r.text)]);
  });

  it("keeps a stored field no source has, and the seed's attribution line", () => {
    const stored = {
      id: 1,
      external_id: "datasf:1",
      source: "datasf",
      name: "TORONADO",
      category: "Bar" as const,
      description: null,
      address: "547 Haight St, San Francisco, CA 94117",
      latitude: osm[5].latitude,
      longitude: osm[5].longitude,
      image_url: null,
      rating: null,
      review_count: null,
      phone_number: "(415) 863-2276",
      website: null,
      hours: [],
      opening_hours: null,
      detected_vibes: [],
      vibe_scores: {},
      likely_vibes: [],
      vibe_evidence: {},
      vibe_method: null,
      attribution: ATTRIBUTION.venues,
    };
    const v = mergeVenue([osm[5]], stored);
    expect(v).toMatchObject({
      name: "Toronado",
      phone_number: "(415) 863-2276",
      address: stored.address,
      attribution: `${ATTRIBUTION.venues} ${ATTRIBUTION.osm}`,
    });
  });
});

describe("canonicalJson", () => {
  it("ignores key order", () => {
    expect(canonicalJson({ b: 1, a: [{ d: 2, c: null }] })).toBe(canonicalJson({ a: [{ c: null, d: 2 }], b: 1 }));
  });
});
