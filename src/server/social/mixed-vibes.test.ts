import { describe, expect, it } from "vitest";
import { blendGroupVibes } from "./mixed-vibes";

describe("blendGroupVibes", () => {
  it("ranks the vibes most of the group shares first", () => {
    expect(
      blendGroupVibes([
        { current: ["Chill", "Cozy"], preferred: [] },
        { current: ["Chill"], preferred: [] },
        { current: ["Cozy", "Quiet"], preferred: [] },
      ]),
    ).toEqual(["Chill", "Cozy", "Quiet"]);
  });

  it("gives every member the same say, however many vibes they picked", () => {
    // one person with five vibes does not outvote one person with one
    const out = blendGroupVibes([
      { current: ["Loud", "Energetic", "Social", "Upbeat", "Adventurous"], preferred: [] },
      { current: ["Chill"], preferred: [] },
    ]);
    expect(out[0]).toBe("Chill");
  });

  it("never ignores anyone: each member's strongest vibe gets a place", () => {
    const crowd = Array.from({ length: 6 }, () => ({
      current: ["Loud", "Energetic", "Social", "Upbeat", "Adventurous"],
      preferred: [],
    }));
    const out = blendGroupVibes([...crowd, { current: ["Quiet"], preferred: [] }]);
    expect(out).toHaveLength(5);
    expect(out).toContain("Quiet");
  });

  it("weights the current selection over preferences, 60/40", () => {
    const out = blendGroupVibes([
      { current: ["Energetic"], preferred: ["Chill"] },
      { current: ["Romantic"], preferred: ["Chill"] },
    ]);
    // Chill: 0.4 + 0.4 = 0.8; Energetic 0.6; Romantic 0.6
    expect(out).toEqual(["Chill", "Energetic", "Romantic"]);
  });

  it("skips members who share nothing and is empty when nobody shares", () => {
    expect(blendGroupVibes([{ current: [], preferred: [] }])).toEqual([]);
    expect(
      blendGroupVibes([
        { current: [], preferred: [] },
        { current: ["Cozy"], preferred: [] },
      ]),
    ).toEqual(["Cozy"]);
  });

  it("is deterministic on ties", () => {
    const a = blendGroupVibes([
      { current: ["Quiet"], preferred: [] },
      { current: ["Cozy"], preferred: [] },
    ]);
    const b = blendGroupVibes([
      { current: ["Cozy"], preferred: [] },
      { current: ["Quiet"], preferred: [] },
    ]);
    expect(a).toEqual(["Cozy", "Quiet"]);
    expect(b).toEqual(a);
  });
});
