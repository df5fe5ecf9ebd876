import { describe, expect, it } from "vitest";
import { suggestionHeading, suggestionKind } from "./suggestion-heading";

describe("suggestionHeading", () => {
  it("follows the hour of day (6-11 breakfast, 11-15 lunch, 15-17 afternoon, 17-22 dinner, else nightlife)", () => {
    const at = (hour: number) => suggestionHeading(hour, []);
    expect([6, 10].map(at)).toEqual(["Breakfast Spots", "Breakfast Spots"]);
    expect([11, 14].map(at)).toEqual(["Lunch Picks", "Lunch Picks"]);
    expect([15, 16].map(at)).toEqual(["Afternoon Hangouts", "Afternoon Hangouts"]);
    expect([17, 21].map(at)).toEqual(["Dinner Spots", "Dinner Spots"]);
    expect([22, 23, 0, 5].map(at)).toEqual(["Nightlife", "Nightlife", "Nightlife", "Nightlife"]);
  });

  it("is 'Personalized Picks' whenever the user has preferred vibes", () => {
    expect(suggestionHeading(8, ["Chill"])).toBe("Personalized Picks");
    expect(suggestionKind(23, ["Cozy"])).toBe("personalized");
    expect(suggestionKind(23, null)).toBe("nightlife");
  });
});
