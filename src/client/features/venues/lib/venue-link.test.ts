import { describe, expect, it } from "vitest";
import { externalIdFromSegment, openedFromApp, venuePath } from "./venue-link";

describe("venue links", () => {
  it("round-trips external ids with colons and slashes", () => {
    for (const id of ["osm:node/123", "datasf:1234", "google:ChIJ a+b%"]) {
      const path = venuePath(id);
      expect(path.startsWith("/venues/")).toBe(true);
      expect(path.slice("/venues/".length)).not.toContain("/");
      expect(externalIdFromSegment(path.slice("/venues/".length))).toBe(id);
    }
  });

  it("refuses broken escapes and blanks", () => {
    expect(externalIdFromSegment("%E0%A4%A")).toBeNull();
    expect(externalIdFromSegment("%20")).toBeNull();
  });

  it("knows a venue opened from inside the app", () => {
    expect(openedFromApp({ vibeVenueFromApp: true })).toBe(true);
    expect(openedFromApp(null)).toBe(false);
    expect(openedFromApp({})).toBe(false);
  });
});
