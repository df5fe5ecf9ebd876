import { describe, expect, it } from "vitest";
import { attributeLabel, categoryLabel, interpretationRows, matchPercent } from "./interpretation";

describe("categoryLabel", () => {
  it("keeps the first part before a comma", () => {
    expect(categoryLabel("Bar, wine bar")).toBe("Bar");
    expect(categoryLabel("Cafe")).toBe("Cafe");
    expect(categoryLabel("  Restaurant ,  italian")).toBe("Restaurant");
  });
});

describe("attributeLabel", () => {
  it("shows underscores as spaces", () => {
    expect(attributeLabel("live_music")).toBe("live music");
    expect(attributeLabel("outdoor_seating_area")).toBe("outdoor seating area");
    expect(attributeLabel("wifi")).toBe("wifi");
  });
});

describe("matchPercent", () => {
  it("rounds the confidence to a whole percent", () => {
    expect(matchPercent(1)).toBe("100% match");
    expect(matchPercent(0.924)).toBe("92% match");
    expect(matchPercent(0.925)).toBe("93% match");
    expect(matchPercent(0)).toBe("0% match");
  });
  it("keeps out-of-range values within 0 to 100", () => {
    expect(matchPercent(1.4)).toBe("100% match");
    expect(matchPercent(-0.2)).toBe("0% match");
    expect(matchPercent(Number.NaN)).toBe("0% match");
  });
});

describe("interpretationRows", () => {
  it("lists the used parts in order, each label once", () => {
    const rows = interpretationRows({
      confidence: 0.8,
      vibes: ["Cozy"],
      categories: ["Bar, wine bar", "Bar, pub"],
      attributes: ["live_music"],
      searchTerms: ["jazz"],
      unused: ["wine"],
    });
    expect(rows).toEqual([
      { key: "vibes", items: ["Cozy"] },
      { key: "categories", items: ["Bar"] },
      { key: "features", items: ["live music"] },
      { key: "keywords", items: ["jazz"] },
      { key: "unused", items: ["wine"] },
    ]);
  });
  it("leaves out the parts the query did not use", () => {
    expect(
      interpretationRows({
        confidence: 0.3,
        vibes: [],
        categories: [],
        attributes: [],
        searchTerms: ["taco"],
        unused: [],
      }),
    ).toEqual([{ key: "keywords", items: ["taco"] }]);
  });
});
