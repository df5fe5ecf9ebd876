import { describe, expect, it } from "vitest";
import { categoryValues, interpretQuery, tokenize } from "./interpret";

describe("interpretQuery", () => {
  it("reads the spec's example: cozy wine bar with live jazz, every word searched", () => {
    const i = interpretQuery("cozy wine bar with live jazz");
    expect(i.categories).toEqual(["Bar"]);
    expect(categoryValues(i)).toEqual(["Bar"]);
    expect(i.vibes).toContain("Cozy");
    expect(i.vibes).toContain("Live Music");
    // "wine" is a feature the data answers (drink:wine, names, texts): searched, so understood (issue 26)
    expect(i.attributes.sort()).toEqual(["live_music", "wine"]);
    expect(i.searchTerms).toEqual([]);
    expect(i.unused).toEqual([]);
    expect(i.confidence).toBe(1);
  });

  it("says which words it does not use, and claims 100% only when it uses every word", () => {
    // the specific word of a kind of place is searched in names and texts
    expect(interpretQuery("loud sports bar with cheap beer")).toMatchObject({
      unused: [],
      searchTerms: ["sports", "beer"],
    });
    expect(interpretQuery("quiet coffee shop")).toMatchObject({ unused: [], confidence: 1 });
    expect(interpretQuery("cozy bar with live jazz")).toMatchObject({ unused: [], confidence: 1 });
    // a negated word nothing can avoid is read, not searched
    for (const q of ["no karaoke", "a bar with no pool table", "not cheap"]) {
      const i = interpretQuery(q);
      expect(i.unused.length, q).toBeGreaterThan(0);
      expect(i.confidence, q).toBeLessThan(1);
    }
  });

  it("knows coffee shops are cafes and keeps dish words as search terms", () => {
    const i = interpretQuery("quiet coffee shop with wifi to work");
    expect(categoryValues(i)).toEqual(["Cafe"]);
    expect(i.attributes).toEqual(["wifi"]);
    expect(i.vibes).toContain("Quiet");
    const sushi = interpretQuery("cheap sushi open late");
    expect(categoryValues(sushi)).toEqual(["Restaurant"]);
    expect(sushi.attributes.sort()).toEqual(["late_night", "price_budget"]);
    expect(sushi.searchTerms).toEqual(["sushi"]);
  });

  it("finds every attribute", () => {
    const i = interpretQuery("dog friendly patio with happy hour, live music, wifi, late night, upscale");
    expect(i.attributes.sort()).toEqual(
      ["dog_friendly", "happy_hour", "late_night", "live_music", "outdoor_seating", "price_upscale", "wifi"].sort(),
    );
  });

  it("takes the longest phrase: 'night club' is a Club, 'sports bar' a Bar", () => {
    expect(interpretQuery("night club").categories).toEqual(["Club, night club"]);
    expect(interpretQuery("loud sports bar").categories).toEqual(["Bar, sports bar"]);
    expect(interpretQuery("bars").categories).toEqual(["Bar, bars"]);
  });

  it("leaves unknown words as search terms and says how much it understood", () => {
    const i = interpretQuery("tartine bakery");
    expect(i.searchTerms).toEqual(["tartine"]);
    expect(i.categories).toEqual(["Cafe, bakery"]);
    expect(i.confidence).toBe(0.5);
    expect(interpretQuery("zxqv").confidence).toBe(0);
    expect(interpretQuery("zxqv").searchTerms).toEqual(["zxqv"]);
  });

  it("does not search for a vibe the query denies", () => {
    const i = interpretQuery("a bar that is not loud");
    expect(i.vibes).not.toContain("Loud");
  });

  it("is safe on empty, odd and long input", () => {
    expect(interpretQuery("")).toEqual({
      confidence: 0,
      vibes: [],
      categories: [],
      attributes: [],
      searchTerms: [],
      unused: [],
    });
    expect(interpretQuery("☕️🍷 !!!").confidence).toBe(0);
    expect(() => interpretQuery("cozy ".repeat(10_000))).not.toThrow();
    expect(tokenize("Café-Bar L'Étoile")).toEqual(["cafe-bar", "letoile"]);
  });
});
