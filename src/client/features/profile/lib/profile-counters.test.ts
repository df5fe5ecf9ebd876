import { describe, expect, it } from "vitest";
import { profileCounters } from "./profile-counters";

const none = { preferredVibes: [], dietaryRestrictions: [], favoriteCategories: [], budgetPreference: null };

describe("profileCounters", () => {
  it("is all zero for a new user", () => {
    expect(profileCounters(none)).toEqual({ vibes: 0, categories: 0, total: 0 });
  });

  it("counts vibes, categories and every preference item, the budget as one", () => {
    expect(
      profileCounters({
        preferredVibes: ["Chill", "Cozy"],
        dietaryRestrictions: ["Vegan"],
        favoriteCategories: ["Coffee Shops", "Shopping", "Live Music"],
        budgetPreference: "Moderate ($$)",
      }),
    ).toEqual({ vibes: 2, categories: 3, total: 7 });
  });

  it("does not count a blank budget", () => {
    expect(profileCounters({ ...none, budgetPreference: "  " }).total).toBe(0);
    expect(profileCounters({ ...none, budgetPreference: "Budget ($)" }).total).toBe(1);
  });
});
