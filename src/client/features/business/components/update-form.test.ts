import { describe, expect, it } from "vitest";
import { toggleBroadcastVibe } from "./update-form";

describe("toggleBroadcastVibe", () => {
  it("adds and removes, and ignores a fourth vibe (spec 5)", () => {
    expect(toggleBroadcastVibe(["Chill"], "Cozy")).toEqual(["Chill", "Cozy"]);
    expect(toggleBroadcastVibe(["Chill", "Cozy"], "Chill")).toEqual(["Cozy"]);
    expect(toggleBroadcastVibe(["Chill", "Cozy", "Loud"], "Quiet")).toEqual(["Chill", "Cozy", "Loud"]);
  });
});
