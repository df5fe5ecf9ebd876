import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ATTRIBUTION } from "@shared/vocabulary";
import {
  parseQuery,
  readSkopjeFixture,
  sfLikeElements,
  startFakeOverpass,
  type FakeOverpass,
} from "../../../tests/fakes/overpass";
import {
  buildOverpassQuery,
  commonsThumbUrl,
  createOverpassSource,
  formatOsmAddress,
  osmCategory,
  osmHours,
  osmImages,
  parseOverpassElement,
  parseOverpassResponse,
} from "./overpass";
import { displayPhone } from "./phone";
import { blendVibes } from "../vibes/blend";
import { SourceError } from "./venue-source";

describe("Overpass query", () => {
  it("asks for nodes and ways of the nine venue amenities around the point, with centres", () => {
    const q = buildOverpassQuery(37.7749, -122.4194, 5000);
    const amenities = "bar|pub|biergarten|cafe|ice_cream|restaurant|fast_food|nightclub|music_venue";
    expect(q).toBe(
      `[out:json][timeout:25];\n(\n  node["amenity"~"^(${amenities})$"](around:5000,37.7749,-122.4194);\n` +
        `  way["amenity"~"^(${amenities})$"](around:5000,37.7749,-122.4194);\n);\nout center tags;`,
    );
    expect(parseQuery(q)).toHaveLength(2);
  });
});

describe("Overpass parser on a real response (Skopje, 71 fast-food nodes)", () => {
  const fixture = readSkopjeFixture();
  const places = parseOverpassResponse(fixture);

  it("keeps every element with a name or name:en and skips the unnamed", () => {
    expect(fixture.elements).toHaveLength(71);
    const named = fixture.elements.filter((e) => e.tags?.name || e.tags?.["name:en"]);
    expect(named).toHaveLength(56);
    expect(places).toHaveLength(56);
    expect(new Set(places.map((p) => p.externalId)).size).toBe(56);
    expect(places.every((p) => /^osm:node\/\d+$/.test(p.externalId))).toBe(true);
  });

  it("keeps Cyrillic names as written and falls back to name:en", () => {
    expect(places.find((p) => p.externalId === "osm:node/470916907")?.name).toBe("Жито Леб");
    expect(places.map((p) => p.name)).toContain("Сендвичара Попе");
    expect(places.map((p) => p.name)).toContain("Kono pizza"); // name:en only
  });

  it("maps fast_food to Restaurant, with position, address, phone, website, tags and attribution", () => {
    const fresko = places.find((p) => p.externalId === "osm:node/1866179709")!;
    expect(fresko).toMatchObject({
      source: "osm",
      name: "Pizza FRESKO",
      category: "Restaurant",
      latitude: 41.9930256,
      longitude: 21.4302496,
      address: "12 Македонија, Скопје, 1000",
      phone: "+389 70 567295",
      website: "http://www.facebook.com/Picerijafresko",
      rating: null,
      reviews: [],
      attribution: ATTRIBUTION.osm,
    });
    expect(fresko.osmTags?.cuisine).toBe("italian");
    expect(fresko.attribution).toBe("Map data (c) OpenStreetMap contributors, ODbL.");
  });

  it("splits opening_hours on ';' into lines", () => {
    const hours = places.filter((p) => p.hours.length).map((p) => p.hours);
    expect(hours).toHaveLength(10);
    expect(hours).toContainEqual(["Mo-Fr 09:00-23:00", "Sa 11:00-11:00", "Su 12:00-20:00"]);
    expect(hours).toContainEqual(["10:00-00:00"]);
    expect(osmHours(" Mo-Fr 08:00-18:00 ;  Sa 08:00-14:00; ")).toEqual(["Mo-Fr 08:00-18:00", "Sa 08:00-14:00"]);
  });

  it("refuses a body without an elements list", () => {
    expect(() => parseOverpassResponse({ remark: "x" })).toThrow(SourceError);
  });
});

describe("Overpass parser on ways and tags", () => {
  const els = sfLikeElements(37.95, -122.05, 1000);
  it("reads ways by their centre, skips unnamed elements and ways without a centre", () => {
    const places = els.map(parseOverpassElement);
    expect(places.filter(Boolean).map((p) => p!.externalId)).toEqual([
      "osm:node/1001",
      "osm:way/1002",
      "osm:node/1003",
      "osm:node/1004",
      "osm:way/1005",
      "osm:node/1006",
      "osm:node/1007",
    ]);
    const cafe = places[1]!;
    expect(cafe.latitude).toBeCloseTo(els[1].center!.lat, 9);
    expect(cafe).toMatchObject({
      category: "Cafe",
      website: "https://ritualroasters.example/",
      // the fake's "+1 415 555 0102" is on the fictional 555 exchange: no Call button rings it
      phone: null,
      hours: ["Mo-Fr 07:00-19:00", "Sa-Su 08:00-19:00"],
    });
    expect(places.map((p) => p?.category)).toEqual([
      "Bar",
      "Cafe",
      "Bar",
      "Club",
      "Restaurant",
      "Bar",
      "Cafe",
      undefined,
      undefined,
    ]);
  });

  it("formats US addresses and never keeps a non-http website", () => {
    expect(formatOsmAddress(els[0].tags!)).toBe("3225 22nd Street, San Francisco, CA 94110");
    expect(
      parseOverpassElement({
        type: "node",
        id: 1,
        lat: 1,
        lon: 1,
        tags: { amenity: "bar", name: "X", website: "javascript:alert(1)" },
      })?.website,
    ).toBeNull();
  });
});

describe("Overpass source against the fake", () => {
  let fake: FakeOverpass;
  beforeAll(async () => {
    fake = await startFakeOverpass(sfLikeElements(37.95, -122.05, 1000));
  });
  afterAll(() => fake.close());

  it("POSTs the query as a data= form and parses the answer", async () => {
    const source = createOverpassSource({ url: fake.url, timeoutMs: 5000 });
    const places = await source.fetchNearby(37.95, -122.05, 1000, new AbortController().signal);
    expect(places).toHaveLength(7);
    const req = fake.requests.at(-1)!;
    expect(req.contentType).toMatch(/^application\/x-www-form-urlencoded/);
    expect(req.query).toContain("(around:1000,37.95,-122.05)");
    // a smaller circle: the fake filters by distance like Overpass
    expect(await source.fetchNearby(37.95, -122.05, 50, new AbortController().signal)).toHaveLength(1);
  });

  it("serves the Skopje body verbatim when told to", async () => {
    fake.respondWith(readSkopjeFixture());
    const source = createOverpassSource({ url: fake.url, timeoutMs: 5000 });
    expect(await source.fetchNearby(42, 21.43, 3000, new AbortController().signal)).toHaveLength(56);
    fake.setElements(sfLikeElements(37.95, -122.05, 1000));
  });

  it("treats a 200 with a runtime-error remark as a failure", async () => {
    fake.respondWith({
      version: 0.6,
      elements: [],
      remark: 'runtime error: Query timed out in "query" at line 3 after 26 seconds.',
    });
    const source = createOverpassSource({ url: fake.url, timeoutMs: 5000 });
    await expect(source.fetchNearby(1, 1, 10, new AbortController().signal)).rejects.toThrow(
      /OpenStreetMap could not finish the query/,
    );
    fake.setElements(sfLikeElements(37.95, -122.05, 1000));
  });
});

describe("OpenStreetMap tags (issue 15)", () => {
  it("takes the category from amenity, and a cafe cuisine makes a food counter a Cafe", () => {
    expect(osmCategory({ amenity: "biergarten" })).toBe("Bar");
    expect(osmCategory({ amenity: "ice_cream" })).toBe("Cafe");
    expect(osmCategory({ amenity: "music_venue" })).toBe("Club");
    expect(osmCategory({ amenity: "fast_food", cuisine: "burger" })).toBe("Restaurant");
    expect(osmCategory({ amenity: "fast_food", cuisine: "coffee_shop" })).toBe("Cafe");
    expect(osmCategory({ amenity: "restaurant", cuisine: "donut;coffee_shop" })).toBe("Cafe");
    expect(osmCategory({ amenity: "restaurant", cuisine: "thai;coffee_shop" })).toBe("Restaurant");
    expect(osmCategory({ amenity: "bank" })).toBeNull();
  });

  it("writes addresses in normal casing, with the city the data is known to lie in", () => {
    const tags = { "addr:housenumber": "530", "addr:street": "HAIGHT STREET" };
    expect(formatOsmAddress(tags)).toBe("530 Haight Street");
    expect(formatOsmAddress(tags, { city: "San Francisco", state: "CA" })).toBe("530 Haight Street, San Francisco, CA");
    expect(
      formatOsmAddress({ ...tags, "addr:postcode": "94117", "addr:unit": "B" }, { city: "San Francisco", state: "CA" }),
    ).toBe("530 Haight Street #B, San Francisco, CA 94117");
    const place = parseOverpassElement({
      type: "node",
      id: 9,
      lat: 37.77,
      lon: -122.43,
      tags: { amenity: "pub", name: "Woods Lowside", ...tags },
      region: { city: "San Francisco", state: "CA" },
    });
    expect(place?.address).toBe("530 Haight Street, San Francisco, CA");
    // read back from venue_sources, the same place
    expect(createOverpassSource({ timeoutMs: 1 }).fromStored(place!.raw)?.address).toBe(place!.address);
  });

  it("shows phones in one form and drops fictional 555 and undiallable numbers", () => {
    expect(displayPhone("+1 415 5485734")).toBe("(415) 548-5734");
    expect(displayPhone("¨+1-415-771-1234; +1 415 000 0000")).toBe("(415) 771-1234");
    expect(displayPhone("4156642555")).toBe("(415) 664-2555");
    expect(displayPhone("+1-415-555-1234")).toBeNull();
    expect(displayPhone("(415) 555-0100")).toBeNull();
    expect(displayPhone("555-1212")).toBeNull();
    expect(displayPhone("+14150540880")).toBeNull();
    expect(displayPhone("+389 70 567295")).toBe("+389 70 567295");
  });

  it("turns image and wikimedia_commons tags into photos the image proxy serves", () => {
    // md5("Cmglee_Tonga_Room_and_Hurricane_Bar.jpg") starts with the path's two folders
    const url = commonsThumbUrl("File:Cmglee Tonga Room and Hurricane Bar.jpg")!;
    const thumb = /^https:\/\/upload\.wikimedia\.org\/wikipedia\/commons\/thumb\/([0-9a-f])\/\1[0-9a-f]\//.source;
    const name = /Cmglee_Tonga_Room_and_Hurricane_Bar\.jpg/.source;
    expect(url).toMatch(new RegExp(`${thumb}${name}\\/800px-${name}$`));
    expect(commonsThumbUrl("Category:Top of the Mark")).toBeNull();
    expect(osmImages({ image: "https://upload.wikimedia.org/a/b.jpg", wikimedia_commons: "Category:X" })).toEqual([
      "https://upload.wikimedia.org/a/b.jpg",
    ]);
    expect(osmImages({ image: "https://evil.example/x.jpg" })).toEqual([]);
    const place = parseOverpassElement({
      type: "node",
      id: 2071647991,
      lat: 37.79,
      lon: -122.41,
      tags: { amenity: "bar", name: "Tonga Room", wikimedia_commons: "File:Cmglee Tonga Room and Hurricane Bar.jpg" },
    })!;
    expect(place.imageUrl).toBe(url);
    expect(place.photos).toEqual([{ url, attribution: "Wikimedia Commons, linked from OpenStreetMap" }]);
  });

  it("says in words what each tag says, and counts a tag only for the vibes it speaks to", () => {
    const { evidence, vibeScores } = blendVibes({
      category: "Bar",
      name: "Example",
      osmTags: {
        amenity: "bar",
        live_music: "yes",
        cocktails: "yes",
        lgbtq: "primary",
        outdoor_seating: "patio",
        sport: "billiards;soccer",
        opening_hours: "Mo-Su 16:00-02:00",
      },
    });
    expect(evidence["Live Music"]).toContainEqual({ source: "osm", detail: "Has live music (OpenStreetMap)" });
    expect(evidence.Romantic).toContainEqual({ source: "osm", detail: "Serves cocktails (OpenStreetMap)" });
    expect(evidence.Relaxed).toContainEqual({ source: "osm", detail: "A patio (OpenStreetMap)" });
    expect(evidence.Social).toContainEqual({ source: "osm", detail: "Games to play: billiards (OpenStreetMap)" });
    expect(evidence.Loud).toContainEqual({ source: "osm", detail: "Shows sports: soccer (OpenStreetMap)" });
    // a flag, a patio and late hours say nothing about company, calm or energy
    expect(evidence.Social.map((e) => e.detail).join()).not.toMatch(/lgbtq|cocktail/i);
    expect(evidence.Chill?.map((e) => e.detail) ?? []).not.toContain("A patio (OpenStreetMap)");
    expect(evidence.Energetic.map((e) => e.detail).join()).not.toMatch(/02:00|opening/);
    for (const list of Object.values(evidence)) for (const e of list) expect(e.detail).not.toMatch(/[a-z_:]+=\S/);
    // a 0.10 prior moved by live_music=yes (+2.5 log-odds)
    expect(vibeScores["Live Music"]).toBe(0.58);
  });
});
