import { describe, expect, it } from "vitest";
import { canSaveVibes, normalizeVibes, removeVibe, saveVibesBody, toggleVibe } from "./vibe-selection";

describe("vibe selection", () => {
  it("adds and removes on toggle", () => {
    expect(toggleVibe([], "Chill")).toEqual(["Chill"]);
    expect(toggleVibe(["Chill", "Cozy"], "Chill")).toEqual(["Cozy"]);
  });

  it("ignores a sixth vibe but still removes one", () => {
    const five = ["Chill", "Cozy", "Loud", "Quiet", "Whiskey"];
    expect(toggleVibe(five, "Romantic")).toEqual(five);
    expect(toggleVibe(five, "Loud")).toEqual(["Chill", "Cozy", "Quiet", "Whiskey"]);
  });

  it("removes with the remove control and normalises a saved selection", () => {
    expect(removeVibe(["Chill", "Cozy"], "Cozy")).toEqual(["Chill"]);
    expect(normalizeVibes(["A", "A", "B", "C", "D", "E", "F"])).toEqual(["A", "B", "C", "D", "E"]);
    expect(normalizeVibes(null)).toEqual([]);
  });
});

describe("saving vibes", () => {
  it("needs a signed-in, non-guest user with an email", () => {
    expect(canSaveVibes({ email: "a@b.co", isGuest: false })).toBe(true);
    expect(canSaveVibes({ email: null, isGuest: false })).toBe(false);
    expect(canSaveVibes({ email: "guest@x.io", isGuest: true })).toBe(false);
    expect(canSaveVibes(null)).toBe(false);
  });

  it("saves as private unless the user shares their vibes", () => {
    expect(saveVibesBody(["Chill"], { privacyShareVibes: true })).toEqual({ vibes: ["Chill"], isPrivate: false });
    expect(saveVibesBody(["Chill"], { privacyShareVibes: false })).toEqual({ vibes: ["Chill"], isPrivate: true });
  });
});
