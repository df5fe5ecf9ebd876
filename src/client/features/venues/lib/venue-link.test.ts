import { describe, expect, it } from "vitest";
import { aroundPath, nearOf, openedFromApp } from "./venue-link";

describe("venue links", () => {
  it("knows a venue opened from inside the app", () => {
    expect(openedFromApp({ vibeVenueFromApp: true })).toBe(true);
    expect(openedFromApp(null)).toBe(false);
    expect(openedFromApp({})).toBe(false);
  });

  it("leads Home around a venue, and reads only a point on Earth back", () => {
    expect(aroundPath({ latitude: 37.7615, longitude: -122.4213 })).toBe("/?near=37.7615,-122.4213");
    expect(nearOf("?near=37.7615,-122.4213&view=map")).toEqual({ latitude: 37.7615, longitude: -122.4213 });
    for (const bad of ["", "?near=", "?near=91,0", "?near=0,181", "?near=a,b", "?near=1,2,3", "?near=1"])
      expect(nearOf(bad), bad).toBeNull();
  });
});
