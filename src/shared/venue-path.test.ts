import { describe, expect, it } from "vitest";
import { venueOfPath, venuePath } from "./venue-path";

describe("a venue's path", () => {
  it("is readable: the source, then the rest of the id, one segment each", () => {
    expect(venuePath("osm:node/275723361")).toBe("/venues/osm/node/275723361");
    expect(venuePath("osm:way/42")).toBe("/venues/osm/way/42");
    expect(venuePath("datasf:1234")).toBe("/venues/datasf/1234");
    expect(venuePath("google:ChIJN1t_tDeuEmsRUsoyG83frY4")).toBe("/venues/google/ChIJN1t_tDeuEmsRUsoyG83frY4");
  });

  it("round-trips ids with spaces, escapes and further colons", () => {
    for (const id of ["osm:node/123", "datasf:1234", "google:ChIJ a+b%", "google:a:b", "x:a/b/c", "plain"]) {
      const path = venuePath(id);
      expect(venueOfPath(path)).toEqual({ externalId: id, canonical: true });
    }
  });

  it("reads the first one-segment form, and says it is not the canonical one", () => {
    expect(venueOfPath("/venues/osm%3Anode%2F275723361")).toEqual({
      externalId: "osm:node/275723361",
      canonical: false,
    });
    expect(venueOfPath("/venues/osm:node%2F1?x=1")).toEqual({ externalId: "osm:node/1", canonical: false });
    expect(venueOfPath("/venues/osm/node/1?from=share#top")).toEqual({ externalId: "osm:node/1", canonical: true });
  });

  it("names no venue for a blank, an empty segment or a broken escape", () => {
    for (const path of [
      "/venues/",
      "/venues",
      "/venues/%20",
      "/venues/osm//1",
      "/venues/osm/node/",
      "/venues/%E0%A4%A",
    ])
      expect(venueOfPath(path), path).toBeNull();
    expect(venueOfPath("/feed")).toBeNull();
  });
});
