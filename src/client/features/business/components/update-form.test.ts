import { describe, expect, it } from "vitest";
import { toggleBroadcastVibe } from "./update-form";

describe("toggleBroadcastVibe", () => {
  it("adds and removes (the default Chill too), and refuses a fourth vibe (spec 5, issue 26)", () => {
    expect(toggleBroadcastVibe(["Chill"], "Cozy")).toEqual({ vibes: ["Chill", "Cozy"], refusal: null });
    expect(toggleBroadcastVibe(["Chill", "Cozy"], "Chill")).toEqual({ vibes: ["Cozy"], refusal: null });
    expect(toggleBroadcastVibe(["Chill"], "Chill")).toEqual({ vibes: [], refusal: null });
    expect(toggleBroadcastVibe(["Chill", "Cozy", "Whiskey"], "Romantic")).toEqual({
      vibes: ["Chill", "Cozy", "Whiskey"],
      refusal: "At most 3",
    });
  });

  it("refuses a vibe that contradicts one picked, saying which (issue 26)", () => {
    expect(toggleBroadcastVibe(["Chill"], "Loud")).toEqual({
      vibes: ["Chill"],
      refusal: "Loud and Chill contradict each other: choose one of them",
    });
    expect(toggleBroadcastVibe(["Loud"], "Quiet").refusal).toBe(
      "Quiet and Loud contradict each other: choose one of them",
    );
    expect(toggleBroadcastVibe(["Loud"], "Adventurous")).toEqual({ vibes: ["Loud", "Adventurous"], refusal: null });
  });
});
