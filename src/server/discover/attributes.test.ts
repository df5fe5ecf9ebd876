import { describe, expect, it } from "vitest";
import { attributeFit, type VenueFacts } from "./attributes";

const facts = (f: Partial<VenueFacts> = {}): VenueFacts => ({
  category: "Restaurant",
  vibeScores: {},
  osmTags: {},
  google: {},
  hours: [],
  openingHours: null,
  now: new Date("2026-01-09T20:00:00Z"), // Friday noon in San Francisco
  text: "",
  ...f,
});

describe("attributeFit", () => {
  it("counts a source's statement fully, and its denial as 0", () => {
    expect(attributeFit("live_music", facts({ osmTags: { live_music: "yes" } }))).toBe(1);
    expect(attributeFit("live_music", facts({ google: { liveMusic: true } }))).toBe(1);
    expect(attributeFit("outdoor_seating", facts({ google: { outdoorSeating: false }, text: "lovely patio" }))).toBe(0);
    expect(attributeFit("dog_friendly", facts({ osmTags: { dog: "yes" } }))).toBe(1);
    expect(attributeFit("wifi", facts({ osmTags: { internet_access: "wlan" } }))).toBe(1);
  });

  it("falls back to softer evidence", () => {
    expect(attributeFit("live_music", facts({ vibeScores: { "Live Music": 0.55 } }))).toBe(0.55);
    expect(attributeFit("outdoor_seating", facts({ text: "we sat on the patio" }))).toBe(0.7);
    expect(attributeFit("happy_hour", facts({ text: "great happy hour deals" }))).toBe(1);
    expect(attributeFit("happy_hour", facts({ category: "Bar" }))).toBe(0.3);
    expect(attributeFit("wifi", facts({ vibeScores: { Focused: 0.5 } }))).toBe(0.3);
  });

  it("reads late and open-now from the real opening hours, tonight's, and guesses nothing", () => {
    expect(attributeFit("late_night", facts({ openingHours: "Mo-Su 17:00-02:00" }))).toBe(1);
    // Friday: closes at midnight tonight (Saturday's own rule starts at 18:00)
    expect(attributeFit("late_night", facts({ openingHours: "Fr 17:00-24:00; Sa 18:00-02:00" }))).toBe(0);
    expect(attributeFit("late_night", facts({ openingHours: "Fr 17:00-01:30" }))).toBe(1);
    expect(attributeFit("late_night", facts({ hours: ["Friday: 5:00 PM – 1:30 AM"] }))).toBe(1);
    expect(attributeFit("late_night", facts({ hours: ["Monday: 8:00 AM – 3:00 PM"] }))).toBe(0);
    expect(attributeFit("late_night", facts({ category: "Club" }))).toBe(0);
    expect(attributeFit("open_now", facts({ openingHours: "Mo-Fr 11:00-15:00" }))).toBe(1);
    expect(attributeFit("open_now", facts({ openingHours: "Mo-Fr 17:00-02:00" }))).toBe(0);
    expect(attributeFit("open_now", facts({ category: "Bar" }))).toBe(0);
  });

  it("reads Google's price level", () => {
    expect(attributeFit("price_budget", facts({ google: { priceLevel: "PRICE_LEVEL_INEXPENSIVE" } }))).toBe(1);
    expect(attributeFit("price_upscale", facts({ google: { priceLevel: "PRICE_LEVEL_INEXPENSIVE" } }))).toBe(0);
    expect(attributeFit("price_upscale", facts({ google: { priceLevel: "PRICE_LEVEL_VERY_EXPENSIVE" } }))).toBe(1);
    expect(attributeFit("price_budget", facts())).toBe(0.3);
  });

  it("answers the features the data can tell from tags, then names, then texts (issue 26)", () => {
    expect(attributeFit("view", facts({ osmTags: { tourism: "viewpoint" } }))).toBe(1);
    expect(attributeFit("view", facts({ name: "the view lounge" }))).toBe(0.8);
    expect(attributeFit("view", facts({ text: "bar with a scenic view of the city" }))).toBe(0.7);
    expect(attributeFit("view", facts({ name: "preview room" }))).toBe(0);
    expect(attributeFit("rooftop", facts({ name: "kaiyo rooftop" }))).toBe(0.8);
    expect(attributeFit("pool_table", facts({ osmTags: { sport: "billiards;shuffleboard" } }))).toBe(1);
    expect(attributeFit("karaoke", facts({ osmTags: { karaoke: "yes" } }))).toBe(1);
    expect(attributeFit("karaoke", facts({ osmTags: { karaoke: "no" }, text: "karaoke on fridays" }))).toBe(0);
    expect(attributeFit("happy_hour", facts({ osmTags: { happy_hours: "Mo-Fr 16:00-19:00" } }))).toBe(1);
    expect(attributeFit("vegan", facts({ osmTags: { "diet:vegan": "only" } }))).toBe(1);
    expect(attributeFit("vegan", facts({ osmTags: { "diet:vegan": "no" } }))).toBe(0);
    expect(attributeFit("outdoor_seating", facts({ osmTags: { outdoor_seating: "sidewalk" } }))).toBe(1);
    // a name cannot say a place welcomes dogs
    expect(attributeFit("dog_friendly", facts({ name: "trick dog" }))).toBe(0);
    expect(attributeFit("dog_friendly", facts({ text: "dogs welcome on the patio" }))).toBe(0.7);
  });
});
