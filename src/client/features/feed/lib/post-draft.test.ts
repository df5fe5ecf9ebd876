import { describe, expect, it } from "vitest";
import { buildPostBody, emptyPostDraft, postDraftError, togglePostVibe } from "./post-draft";

describe("togglePostVibe", () => {
  it("adds and removes vibes", () => {
    expect(togglePostVibe([], "Chill")).toEqual(["Chill"]);
    expect(togglePostVibe(["Chill", "Cozy"], "Chill")).toEqual(["Cozy"]);
  });

  it("ignores a sixth vibe but still removes one", () => {
    const five = ["Chill", "Energetic", "Romantic", "Adventurous", "Cozy"];
    expect(togglePostVibe(five, "Loud")).toEqual(five);
    expect(togglePostVibe(five, "Cozy")).toEqual(["Chill", "Energetic", "Romantic", "Adventurous"]);
  });
});

describe("postDraftError", () => {
  it("asks for at least one vibe", () => {
    expect(postDraftError({ vibes: [] })).toBe("Select at least one vibe");
    expect(postDraftError({ vibes: ["Chill"] })).toBeNull();
  });
});

describe("buildPostBody", () => {
  it("sends the chosen venue and no custom location", () => {
    expect(
      buildPostBody({
        vibes: ["Chill"],
        venue: { id: 7, name: "Blue Bottle" },
        locationText: "blue",
        caption: "  nice  ",
      }),
    ).toEqual({
      venueId: 7,
      locationText: null,
      vibes: ["Chill"],
      content: "nice",
    });
  });

  it("sends the typed text as the location when no venue is chosen", () => {
    expect(buildPostBody({ ...emptyPostDraft, vibes: ["Cozy"], locationText: " My kitchen " })).toEqual({
      venueId: null,
      locationText: "My kitchen",
      vibes: ["Cozy"],
      content: null,
    });
  });

  it("sends nulls for blank text", () => {
    expect(buildPostBody({ ...emptyPostDraft, vibes: ["Cozy"], locationText: "   ", caption: "\n" })).toMatchObject({
      locationText: null,
      content: null,
    });
  });
});
