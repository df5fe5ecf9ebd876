import { describe, expect, it } from "vitest";
import { BUDGET_OPTIONS, DIETARY_OPTIONS, FAVORITE_CATEGORY_OPTIONS, PREFERENCE_VIBES } from "@shared/vocabulary";
import { draftFromUser, preferencesBody, toggleBudget, toggleItem } from "./preferences-draft";

const lists = {
  vibes: PREFERENCE_VIBES,
  dietary: DIETARY_OPTIONS,
  budget: BUDGET_OPTIONS,
  categories: FAVORITE_CATEGORY_OPTIONS,
};

describe("preferences draft", () => {
  it("starts from the user's saved values, as copies", () => {
    const user = {
      preferredVibes: ["Chill"],
      dietaryRestrictions: [],
      budgetPreference: "Budget ($)",
      favoriteCategories: ["Shopping"],
    };
    const draft = draftFromUser(user);
    expect(draft).toEqual(user);
    draft.preferredVibes.push("Cozy");
    expect(user.preferredVibes).toEqual(["Chill"]);
    expect(draftFromUser(null)).toEqual({
      preferredVibes: [],
      dietaryRestrictions: [],
      budgetPreference: null,
      favoriteCategories: [],
    });
  });

  it("toggles list items", () => {
    expect(toggleItem(["Vegan"], "Halal")).toEqual(["Vegan", "Halal"]);
    expect(toggleItem(["Vegan", "Halal"], "Vegan")).toEqual(["Halal"]);
  });

  it("keeps one budget that can be unset", () => {
    expect(toggleBudget(null, "Budget ($)")).toBe("Budget ($)");
    expect(toggleBudget("Budget ($)", "Luxury ($$$$)")).toBe("Luxury ($$$$)");
    expect(toggleBudget("Luxury ($$$$)", "Luxury ($$$$)")).toBeNull();
  });

  it("sends only known options", () => {
    expect(
      preferencesBody(
        {
          preferredVibes: ["Chill", "Whiskey"],
          dietaryRestrictions: ["Vegan"],
          budgetPreference: "Cheap",
          favoriteCategories: ["Shopping"],
        },
        lists,
      ),
    ).toEqual({
      preferredVibes: ["Chill"],
      dietaryRestrictions: ["Vegan"],
      budgetPreference: null,
      favoriteCategories: ["Shopping"],
    });
  });
});
