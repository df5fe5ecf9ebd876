import { describe, expect, it } from "vitest";
import { PICKER_VIBES } from "@shared/vocabulary";
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
    // (a vibe that contradicts none of theirs: Quiet against Loud and Energetic is the group rule below)
    const out = blendGroupVibes([...crowd, { current: ["Whiskey"], preferred: [] }]);
    expect(out).toHaveLength(5);
    expect(out).toContain("Whiskey");
  });

  it("weights the current selection over preferences, 60/40", () => {
    const out = blendGroupVibes([
      { current: ["Whiskey"], preferred: ["Chill"] },
      { current: ["Romantic"], preferred: ["Chill"] },
    ]);
    // Chill: 0.4 + 0.4 = 0.8; Romantic 0.6; Whiskey 0.6
    expect(out).toEqual(["Chill", "Romantic", "Whiskey"]);
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

describe("blendGroupVibes never pairs contradictory vibes (spec 9)", () => {
  const PAIRS: [string, string][] = [
    ["Loud", "Quiet"],
    ["Loud", "Chill"],
    ["Loud", "Cozy"],
    ["Loud", "Romantic"],
    ["Quiet", "Energetic"],
    ["Energetic", "Chill"],
  ];

  it.each(PAIRS)("%s and %s never both", (a, b) => {
    for (const [x, y] of [
      [a, b],
      [b, a],
    ]) {
      const out = blendGroupVibes([
        { current: [x], preferred: [] },
        { current: [y], preferred: [] },
      ]);
      expect(out.includes(a) && out.includes(b)).toBe(false);
    }
  });

  it("keeps the side more of the group wants, and gives the other member their next vibe", () => {
    const out = blendGroupVibes([
      { current: ["Loud"], preferred: [] },
      { current: ["Loud", "Energetic"], preferred: [] },
      { current: ["Quiet"], preferred: ["Cozy", "Whiskey"] },
    ]);
    expect(out).toContain("Loud");
    expect(out).not.toContain("Quiet");
    expect(out).not.toContain("Cozy");
    expect(out).toContain("Whiskey"); // the Quiet member's strongest vibe that fits the group
    expect(out).toContain("Energetic");
  });

  it("holds for every group of the picker's vibes", () => {
    const vibes: readonly string[] = PICKER_VIBES;
    const contradictory = (a: string, b: string) =>
      PAIRS.some(([x, y]) => (x === a && y === b) || (x === b && y === a));
    for (let i = 0; i < 200; i++) {
      const members = Array.from({ length: 1 + (i % 5) }, (_, m) => ({
        current: vibes.filter((_, k) => (i * 7 + m * 13 + k * 5) % 4 === 0),
        preferred: vibes.filter((_, k) => (i * 3 + m * 11 + k * 7) % 5 === 0),
      }));
      const out = blendGroupVibes(members);
      for (const a of out) for (const b of out) expect(contradictory(a, b)).toBe(false);
    }
  });
});
