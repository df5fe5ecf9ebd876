import { describe, expect, it } from "vitest";
import { MARKER_NEUTRAL, markerColor } from "./marker-color";

describe("markerColor", () => {
  it("colours live capacity as the spec says, and leaves the unknown neutral", () => {
    expect(markerColor("Empty")).toBe("#34d399");
    expect(markerColor("Moderate")).toBe("#fde047");
    expect(markerColor("Full")).toBe("#ef4444");
    expect(markerColor(null)).toBe(MARKER_NEUTRAL);
    expect(markerColor(undefined)).toBe(MARKER_NEUTRAL);
    expect(new Set([markerColor("Empty"), markerColor("Moderate"), markerColor("Full")]).has(MARKER_NEUTRAL)).toBe(
      false,
    );
  });
});
