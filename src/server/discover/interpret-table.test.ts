import { describe, expect, it } from "vitest";
import { categoryValues, interpretQuery } from "./interpret";

/**
 * Everyday queries and how they must be read (issue 26, "Words understood"). Written before the
 * interpreter changed (interpreter-v1): rows marked `target` were read wrongly then ("romantic dinner for two"
 * searched "two", "rooftop bar with a view" left "rooftop" unsearched, "not too expensive" was
 * "price upscale") and are what the change is for.
 *
 * - `vibes`: vibes the reading must have; `notVibes`: vibes it must not have (a denied vibe is
 *   flipped or dropped, never read as asked for). Other vibes the text analyzer adds are free.
 * - `categories`: the venue categories, exactly; `attributes`: the features, price included, exactly.
 * - `searched`: the keywords searched in names and texts, exactly; `unsearched`: the words reported
 *   as read but not searched for, exactly (default none).
 * Numbers and filler ("for two", "a group of 8", "with my mom") are never keywords; a word the
 * data can answer (rooftop, view, patio, dog, jazz, karaoke, pool table, brunch, happy hour, wine,
 * cocktails, vegan…) is a feature searched in OpenStreetMap tags, names and texts, never unsearched.
 */
interface Row {
  q: string;
  vibes?: string[];
  notVibes?: string[];
  categories?: string[];
  attributes?: string[];
  searched?: string[];
  unsearched?: string[];
  target?: true;
}

const QUERY_TABLE: Row[] = [
  // numbers and filler are never the keyword
  { q: "romantic dinner for two", vibes: ["Romantic"], categories: ["Restaurant"], target: true },
  { q: "dinner for 2", categories: ["Restaurant"] },
  { q: "lunch for 10 people", categories: ["Restaurant"], target: true },
  { q: "birthday dinner for twenty people", vibes: ["Social"], categories: ["Restaurant"], target: true },
  { q: "fun bar for a group of 8", categories: ["Bar"] },
  { q: "quiet place for two with a view", vibes: ["Quiet"], attributes: ["view"], target: true },
  { q: "cheap eats for 4", categories: ["Restaurant"], attributes: ["price_budget"], target: true },
  { q: "coffee with my mom", categories: ["Cafe"], target: true },
  { q: "drinks with friends, nothing too loud", notVibes: ["Loud"] },

  // negation flips or drops a price or vibe word, never inverts it
  { q: "not too expensive", attributes: ["price_budget"], target: true },
  { q: "quiet place, not too expensive", vibes: ["Quiet"], attributes: ["price_budget"], target: true },
  { q: "somewhere romantic but not too pricey", vibes: ["Romantic"], attributes: ["price_budget"], target: true },
  { q: "not fancy", attributes: ["price_budget"], target: true },
  { q: "cocktail lounge, nothing fancy", categories: ["Bar"], attributes: ["cocktails", "price_budget"], target: true },
  { q: "not cheap", attributes: [], unsearched: ["cheap"], target: true },
  { q: "not too loud bar", notVibes: ["Loud"], categories: ["Bar"] },
  { q: "a bar that is not loud", notVibes: ["Loud"], categories: ["Bar"] },
  { q: "not too quiet", notVibes: ["Quiet"] },
  { q: "no karaoke", attributes: [], unsearched: ["karaoke"], target: true },
  { q: "affordable date night", vibes: ["Romantic"], attributes: ["price_budget"] },
  { q: "upscale steakhouse", categories: ["Restaurant"], attributes: ["price_upscale"] },

  // words the data can answer are features, searched in tags, names and texts
  // a vibe read only from a feature's words is the feature, not a mood asked for
  {
    q: "rooftop bar with a view",
    notVibes: ["Social", "Romantic", "Relaxed"],
    categories: ["Bar"],
    attributes: ["rooftop", "view"],
    target: true,
  },
  { q: "karaoke", notVibes: ["Loud", "Social"], attributes: ["karaoke"], target: true },
  { q: "date night with a view", vibes: ["Romantic"], attributes: ["view"], target: true },
  { q: "terrace with sunset views", vibes: ["Romantic"], attributes: ["outdoor_seating", "view"], target: true },
  { q: "patio", attributes: ["outdoor_seating"] },
  { q: "dog friendly patio", attributes: ["dog_friendly", "outdoor_seating"] },
  { q: "dogs welcome", attributes: ["dog_friendly"], target: true },
  { q: "beer garden", categories: ["Bar"], attributes: ["outdoor_seating"], searched: ["beer"], target: true },
  { q: "cozy bar with live jazz", vibes: ["Cozy", "Live Music"], categories: ["Bar"], attributes: ["live_music"] },
  {
    q: "cozy wine bar with live jazz",
    vibes: ["Cozy", "Live Music"],
    categories: ["Bar"],
    attributes: ["live_music", "wine"],
    target: true,
  },
  { q: "jazz club", categories: ["Club"], attributes: ["live_music"], searched: ["jazz"] },
  { q: "live music tonight", vibes: ["Live Music"], attributes: ["live_music"] },
  { q: "karaoke bar", categories: ["Bar"], attributes: ["karaoke"], target: true },
  { q: "bar with a pool table", categories: ["Bar"], attributes: ["pool_table"], target: true },
  {
    q: "dive bar with a pool table",
    categories: ["Bar"],
    attributes: ["pool_table"],
    searched: ["dive"],
    target: true,
  },
  { q: "bottomless brunch", attributes: ["brunch"], searched: ["bottomless"], target: true },
  { q: "brunch spot with outdoor seating", attributes: ["brunch", "outdoor_seating"], target: true },
  { q: "happy hour", attributes: ["happy_hour"] },
  { q: "happy hour deals", attributes: ["happy_hour"], target: true },
  { q: "cheap drinks", attributes: ["happy_hour"] },
  { q: "craft cocktails", attributes: ["cocktails"], target: true },
  { q: "sports bar to watch the game", categories: ["Bar"], searched: ["sports"], target: true },
  { q: "piano bar", categories: ["Bar"], searched: ["piano"], target: true },
  { q: "vegan restaurant", categories: ["Restaurant"], attributes: ["vegan"], target: true },
  {
    q: "vegetarian friendly cafe with a patio",
    categories: ["Cafe"],
    attributes: ["outdoor_seating", "vegetarian"],
    target: true,
  },
  { q: "gluten free bakery", categories: ["Cafe"], attributes: ["gluten_free"], target: true },
  { q: "halal food near me", categories: ["Restaurant"], attributes: ["halal"], target: true },
  { q: "kosher deli", categories: ["Restaurant"], attributes: ["kosher"], target: true },

  // the rest of what a person types
  { q: "quiet coffee shop with wifi to work", vibes: ["Quiet"], categories: ["Cafe"], attributes: ["wifi"] },
  { q: "a quiet spot to work with wifi", vibes: ["Quiet"], attributes: ["wifi"] },
  {
    q: "cheap sushi open late",
    categories: ["Restaurant"],
    attributes: ["late_night", "price_budget"],
    searched: ["sushi"],
  },
  { q: "late night tacos", categories: ["Restaurant"], attributes: ["late_night"], searched: ["tacos"] },
  { q: "best tacos in the mission", categories: ["Restaurant"], searched: ["mission", "tacos"] },
  { q: "pizza near me", categories: ["Restaurant"], searched: ["pizza"] },
  { q: "open now", attributes: ["open_now"] },
  { q: "a place to dance", vibes: ["Energetic"] },
  { q: "night club", categories: ["Club"] },
  { q: "tartine bakery", categories: ["Cafe"], searched: ["tartine"] },
  { q: "wine tasting", attributes: ["wine"], searched: ["tasting"], target: true },
];

const sorted = (xs: readonly string[]) => [...xs].sort();

describe("the everyday query table (issue 26)", () => {
  it("has 40 or more rows, each query once", () => {
    expect(QUERY_TABLE.length).toBeGreaterThanOrEqual(40);
    expect(new Set(QUERY_TABLE.map((r) => r.q)).size).toBe(QUERY_TABLE.length);
  });

  for (const row of QUERY_TABLE) {
    it(`reads "${row.q}"`, () => {
      const i = interpretQuery(row.q);
      for (const v of row.vibes ?? []) expect(i.vibes, `vibe ${v}`).toContain(v);
      for (const v of row.notVibes ?? []) expect(i.vibes, `no vibe ${v}`).not.toContain(v);
      expect(sorted(categoryValues(i)), "categories").toEqual(sorted(row.categories ?? []));
      expect(sorted(i.attributes), "attributes").toEqual(sorted(row.attributes ?? []));
      expect(sorted(i.searchTerms), "searched").toEqual(sorted(row.searched ?? []));
      expect(sorted(i.unused), "unsearched").toEqual(sorted(row.unsearched ?? []));
      // numbers are never keywords
      for (const t of i.searchTerms) expect(t, "a number as keyword").not.toMatch(/^\d+$/);
      // a reading that leaves a word unsearched never claims 100%
      if (i.unused.length) expect(i.confidence).toBeLessThan(1);
    });
  }
});
