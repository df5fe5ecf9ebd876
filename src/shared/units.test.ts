import { describe, expect, it } from "vitest";
import { DISTANCE_OPTIONS_MILES } from "./vocabulary";
import { kmToMiles, metersToMilesString, milesToKm } from "./units";

describe("distance units", () => {
  it("sends the distance chips as kilometres, miles times 1.60934", () => {
    expect(DISTANCE_OPTIONS_MILES.map(milesToKm)).toEqual([8.0467, 16.0934, 40.2335, 80.467, 160.934]);
    expect(kmToMiles(milesToKm(25))).toBeCloseTo(25, 10);
  });

  it("writes a venue's distance as miles with one decimal", () => {
    expect(metersToMilesString(0)).toBe("0.0");
    expect(metersToMilesString(1287.5)).toBe("0.8");
    expect(metersToMilesString(1609.34)).toBe("1.0");
    expect(metersToMilesString(160934)).toBe("100.0");
  });
});
