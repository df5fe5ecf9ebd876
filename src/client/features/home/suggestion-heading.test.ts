import { describe, expect, it } from "vitest";
import { picksUnavailableNote, suggestionHeading, suggestionKind } from "./suggestion-heading";

describe("suggestionHeading", () => {
  it("follows the hour of day (6-11 breakfast, 11-15 lunch, 15-17 afternoon, 17-22 dinner, else nightlife)", () => {
    const at = (hour: number) => suggestionHeading(hour, false);
    expect([6, 10].map(at)).toEqual(["Breakfast Spots", "Breakfast Spots"]);
    expect([11, 14].map(at)).toEqual(["Lunch Picks", "Lunch Picks"]);
    expect([15, 16].map(at)).toEqual(["Afternoon Hangouts", "Afternoon Hangouts"]);
    expect([17, 21].map(at)).toEqual(["Dinner Spots", "Dinner Spots"]);
    expect([22, 23, 0, 5].map(at)).toEqual(["Nightlife", "Nightlife", "Nightlife", "Nightlife"]);
  });

  it("is 'Personalized Picks' when the picks follow the person's preferences", () => {
    expect(suggestionHeading(8, true)).toBe("Personalized Picks");
    expect(suggestionKind(23, true)).toBe("personalized");
    expect(suggestionKind(23, false)).toBe("nightlife");
  });

  it("says why the picks are the hour's when nothing nearby follows the preferences (issue 26)", () => {
    const prefs = { preferredVibes: ["Romantic", "Cozy", "Live Music"], dietaryRestrictions: ["Vegetarian"] };
    expect(picksUnavailableNote(19, prefs, false)).toBe(
      "No place nearby is known to be Romantic, Cozy or Live Music or to serve Vegetarian food yet, so these " +
        "are Dinner Spots instead of Personalized Picks. Places get vibes from reviews, listed facts and photos.",
    );
    expect(picksUnavailableNote(19, { dietaryRestrictions: ["Halal"] }, false)).toMatch(
      /^No place nearby is known to serve Halal food yet, so these are Dinner Spots/,
    );
    // the picks follow them, the server has not said, or there are none: nothing to explain
    expect(picksUnavailableNote(19, prefs, true)).toBeNull();
    expect(picksUnavailableNote(19, prefs, null)).toBeNull();
    expect(picksUnavailableNote(19, { preferredVibes: [] }, false)).toBeNull();
  });
});
