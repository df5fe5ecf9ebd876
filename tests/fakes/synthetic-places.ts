/**
 * Synthetic places for the sync benchmark (bench/sync.ts) and the batched-sync tests: OpenStreetMap
 * elements in the shape Overpass answers (nodes and ways with `center`, the tags the parser and
 * the blend read), parsed by the real parser, and for a share of them the same place as Google
 * Places describes it (reviews, photos, attributes), which the sync merges into the OSM venue.
 * Deterministic for a given area and id base.
 */
import { parseGooglePlace, type GooglePlace } from "../../src/server/providers/google-places";
import { parseOverpassElement } from "../../src/server/providers/overpass";
import type { SourcePlace, VenueSource } from "../../src/server/providers/venue-source";
import { offset, type OverpassElement } from "./overpass";

const AMENITIES = ["bar", "pub", "cafe", "restaurant", "nightclub", "biergarten", "restaurant", "cafe"];
const WORDS = ["Blue", "Golden", "Velvet", "Harbor", "Mission", "Lantern", "Copper", "Fog", "Cable", "Sunset", "Oak"];
const KINDS: Record<string, string> = {
  bar: "Tavern",
  pub: "Pub",
  cafe: "Coffee",
  restaurant: "Kitchen",
  nightclub: "Club",
  biergarten: "Beer Garden",
};

export interface SyntheticArea {
  latitude: number;
  longitude: number;
  /** metres; places are spread uniformly over the disc */
  radius: number;
}

/** A small deterministic generator (LCG), so every run syncs the same places. */
function rng(seed: number) {
  let s = seed >>> 0 || 1;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/**
 * `count` OSM elements spread over the area: every name unique (a word, a kind and the number), a
 * third with opening hours, a fifth with a description, some with live music, outdoor seating,
 * an address, a phone and a website.
 */
export function syntheticElements(area: SyntheticArea, count: number, idBase: number): OverpassElement[] {
  const rand = rng(idBase);
  const out: OverpassElement[] = [];
  for (let i = 0; i < count; i++) {
    const r = area.radius * Math.sqrt(rand());
    const a = rand() * 2 * Math.PI;
    const pos = offset(area.latitude, area.longitude, r * Math.cos(a), r * Math.sin(a));
    const amenity = AMENITIES[i % AMENITIES.length];
    const id = idBase + i;
    const tags: Record<string, string> = {
      amenity,
      name: `${WORDS[Math.floor(rand() * WORDS.length)]} ${KINDS[amenity]} ${id}`,
    };
    if (i % 3 === 0) tags.opening_hours = i % 2 ? "Mo-Su 17:00-02:00" : "Mo-Fr 07:00-19:00; Sa-Su 08:00-19:00";
    if (i % 5 === 0) tags.description = "Candle-lit room with a small wine list and quiet corners.";
    if (i % 7 === 0) tags.live_music = "yes";
    if (i % 4 === 0) tags.outdoor_seating = "yes";
    if (i % 2 === 0) {
      tags["addr:housenumber"] = String(100 + (i % 900));
      tags["addr:street"] = "Valencia Street";
      tags["addr:city"] = "San Francisco";
      tags.phone = `+1 415 000 ${String(i % 10_000).padStart(4, "0")}`;
      tags.website = `https://venue${id}.example`;
    }
    out.push(
      i % 4 === 3 ? { type: "way", id, center: pos, tags } : { type: "node", id, lat: pos.lat, lon: pos.lon, tags },
    );
  }
  return out;
}

/** Google's record of the same place as `el`: 5 m away, the same name, two reviews and two photos. */
export function syntheticGooglePlace(el: OverpassElement): GooglePlace {
  const lat = el.lat ?? el.center!.lat;
  const lon = el.lon ?? el.center!.lon;
  const pos = offset(lat, lon, 3, 4);
  const id = `gSyn${el.id}`;
  return {
    id,
    displayName: { text: el.tags!.name, languageCode: "en" },
    location: { latitude: pos.lat, longitude: pos.lon },
    types: ["bar", "restaurant", "point_of_interest", "establishment"],
    primaryType: el.tags!.amenity === "cafe" ? "cafe" : "bar",
    businessStatus: "OPERATIONAL",
    formattedAddress: `${el.id % 900} Valencia St, San Francisco, CA 94110, USA`,
    rating: 4.2,
    userRatingCount: 120 + (el.id % 500),
    liveMusic: el.id % 2 === 0,
    servesCocktails: true,
    reviews: [
      {
        authorAttribution: { displayName: "Maya R." },
        rating: 5,
        text: { text: "Cozy and quiet on weeknights, great cocktails.", languageCode: "en" },
        publishTime: "2025-09-01T20:00:00Z",
      },
      {
        authorAttribution: { displayName: "Tom K." },
        rating: 4,
        text: { text: "Loud and packed on Fridays with a live band.", languageCode: "en" },
        publishTime: "2025-08-15T22:30:00Z",
      },
    ],
    photos: [
      { name: `places/${id}/photos/p1`, authorAttributions: [{ displayName: "Maya R." }] },
      { name: `places/${id}/photos/p2`, authorAttributions: [{ displayName: "Tom K." }] },
    ],
  } as GooglePlace;
}

export interface SyntheticSet {
  osm: SourcePlace[];
  google: SourcePlace[];
  elements: OverpassElement[];
}

/** `count` venues in the area: all from OSM, every `googleEvery`-th also from Google (0: none). */
export function syntheticPlaces(area: SyntheticArea, count: number, idBase: number, googleEvery = 10): SyntheticSet {
  const elements = syntheticElements(area, count, idBase);
  const osm = elements.map(parseOverpassElement).filter((p): p is SourcePlace => !!p);
  const google = googleEvery
    ? elements
        .filter((_, i) => i % googleEvery === 0)
        .map((el) => parseGooglePlace(syntheticGooglePlace(el)))
        .filter((p): p is SourcePlace => !!p)
    : [];
  return { osm, google, elements };
}

/** A source that answers the given places (what the real one would have fetched). */
export function staticSource(id: "osm" | "google", places: () => SourcePlace[], fromStored: VenueSource["fromStored"]) {
  return {
    id,
    name: id === "osm" ? "OpenStreetMap" : "Google Places",
    available: () => true,
    fetchNearby: async () => places(),
    fromStored,
  } satisfies VenueSource;
}
