import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ATTRIBUTION } from "@shared/constants";
import {
  parseQuery,
  readSkopjeFixture,
  sfLikeElements,
  startFakeOverpass,
  type FakeOverpass,
} from "../../../tests/fakes/overpass";
import {
  buildOverpassQuery,
  createOverpassSource,
  formatOsmAddress,
  osmHours,
  parseOverpassElement,
  parseOverpassResponse,
} from "./overpass";
import { SourceError } from "./venue-source";

describe("Overpass query", () => {
  it("asks for nodes and ways of the six amenities around the point, with centres", () => {
    const q = buildOverpassQuery(37.7749, -122.4194, 5000);
    expect(q).toBe(
      '[out:json][timeout:25];\n(\n  node["amenity"~"^(bar|pub|cafe|restaurant|nightclub|biergarten)$"](around:5000,37.7749,-122.4194);\n' +
        '  way["amenity"~"^(bar|pub|cafe|restaurant|nightclub|biergarten)$"](around:5000,37.7749,-122.4194);\n);\nout center tags;',
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
      phone: "+1 415 555 0102",
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
