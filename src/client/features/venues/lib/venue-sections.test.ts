import { describe, expect, it } from "vitest";
import { dividersOf, likelyOf, tierOf } from "./venue-sections";

const open = { open: true, text: "Open now · closes 2 AM" };
const soon = { open: false, text: "Closed · opens 5 PM", soon: true as const };
const closed = { open: false, text: "Closed · opens 7 AM" };
const v = (openStatus: typeof open | null, likely = false, detectedVibes: string[] = []) => ({
  openStatus,
  detectedVibes,
  ...(likely && { likely: { vibe: "Romantic", reasons: ["wine bar"] } }),
});

describe("venue sections (issue 25)", () => {
  it("reads the tier: open or opening within the hour, unknown, closed", () => {
    expect([open, soon, null, closed].map((s) => tierOf({ openStatus: s }))).toEqual([0, 0, 1, 2]);
  });

  it("puts a divider where hours become unknown, where they close, and where likely venues start", () => {
    const list = [v(open), v(null), v(null), v(closed), v(open, true), v(closed, true)];
    expect(dividersOf(list)).toEqual([null, "unknown", null, "closed", "likely", "closed"]);
    expect(dividersOf([v(closed), v(closed)])).toEqual(["closed", null]);
    expect(dividersOf([])).toEqual([]);
  });

  it("a likely venue that a vote confirmed counts as confirmed", () => {
    expect(likelyOf(v(open, true))).toEqual({ vibe: "Romantic", reasons: ["wine bar"] });
    expect(likelyOf(v(open, true, ["Romantic"]))).toBeNull();
    expect(dividersOf([v(open), v(open, true, ["Romantic"])])).toEqual([null, null]);
  });
});
