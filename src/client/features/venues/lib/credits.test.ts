import { describe, expect, it } from "vitest";
import { ATTRIBUTION } from "@shared/vocabulary";
import { creditsOf, DATASF_CREDIT, GOOGLE_CREDIT, OSM_CREDIT } from "./credits";

describe("creditsOf", () => {
  it("reads OpenStreetMap's line as its licence asks: © OpenStreetMap contributors, linking the copyright page", () => {
    expect(creditsOf(ATTRIBUTION.osm)).toEqual([OSM_CREDIT]);
    expect(OSM_CREDIT).toMatchObject({
      text: "© OpenStreetMap contributors",
      href: "https://www.openstreetmap.org/copyright",
    });
  });

  it("reads a merged venue's lines in order", () => {
    expect(creditsOf(`${ATTRIBUTION.osm} Place data (c) Google`)).toEqual([OSM_CREDIT, GOOGLE_CREDIT]);
    expect(creditsOf(`${ATTRIBUTION.venues} ${ATTRIBUTION.osm}`)).toEqual([DATASF_CREDIT, OSM_CREDIT]);
  });

  it("says a permit-list venue's facts are from 2016", () => {
    expect(creditsOf(ATTRIBUTION.venues)).toEqual([DATASF_CREDIT]);
    expect(DATASF_CREDIT.note).toMatch(/facts from 2016/);
  });

  it("keeps any line it does not know, as it is", () => {
    expect(creditsOf("Data from the venue's owner.")).toEqual([
      { text: "Data from the venue's owner.", href: null, note: null },
    ]);
    expect(creditsOf(`${ATTRIBUTION.osm} Owner data.`)).toEqual([
      OSM_CREDIT,
      { text: "Owner data.", href: null, note: null },
    ]);
    expect(creditsOf("")).toEqual([]);
  });
});
