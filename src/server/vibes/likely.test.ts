import { describe, expect, it } from "vitest";
import { ALL_VIBES } from "@shared/vocabulary";
import { blendVibes } from "./blend";
import { LIKELY_MIN_WEIGHT, LIKELY_RULES, likelyVibes } from "./likely";

const vibesOf = (list: ReturnType<typeof likelyVibes>) => list.map((l) => l.vibe);
const find = (list: ReturnType<typeof likelyVibes>, vibe: string) => list.find((l) => l.vibe === vibe);

describe("likelyVibes (issue 25: priors from a venue's own facts)", () => {
  it("a wine bar is likely Romantic, Relaxed and Cozy, because it is a wine bar", () => {
    const list = likelyVibes({ category: "Bar", name: "Ruby", osmTags: { amenity: "bar", bar: "wine_bar" } });
    expect(find(list, "Romantic")).toEqual({ vibe: "Romantic", weight: 3, reasons: ["wine bar"] });
    expect(vibesOf(list)).toEqual(["Romantic", "Cozy", "Relaxed"]);
  });

  it("adds the reasons of every rule that holds, heaviest first", () => {
    const list = likelyVibes({
      category: "Bar",
      name: "Bodega Wine Bar",
      osmTags: { cocktails: "yes", "drink:wine": "yes" },
    });
    expect(find(list, "Romantic")).toEqual({
      vibe: "Romantic",
      weight: 4,
      reasons: ["wine bar", "wine and cocktails"],
    });
  });

  it("a hint alone (cocktails, serves wine, a patio) makes no vibe likely", () => {
    expect(likelyVibes({ category: "Bar", name: "Corner", osmTags: { cocktails: "yes" } })).toEqual([]);
    expect(likelyVibes({ category: "Restaurant", name: "Corner", osmTags: { outdoor_seating: "patio" } })).toEqual([]);
    // wine and cocktails are one hint: what a full bar pours (issue 25: The Rumpus Room, Churchill)
    const both = likelyVibes({ category: "Bar", name: "Corner", osmTags: { cocktails: "yes", "drink:wine": "yes" } });
    expect(find(both, "Romantic")).toBeUndefined();
    // two different facts are enough: a rooftop and cocktails
    const rooftop = likelyVibes({ category: "Bar", name: "Charmaine's Rooftop", osmTags: { cocktails: "yes" } });
    expect(find(rooftop, "Romantic")?.weight).toBe(LIKELY_MIN_WEIGHT);
  });

  it("leaves out what the venue's own facts cannot defend (issue 25)", () => {
    const romantic = (category: "Bar" | "Restaurant", name: string, osmTags: Record<string, string> = {}) =>
      find(likelyVibes({ category, name, osmTags }), "Romantic");
    // a wine shop that pours a glass is a shop (California Wine Merchant: amenity=bar and shop=wine)
    const merchant = { amenity: "bar", shop: "wine" };
    expect(romantic("Bar", "California Wine Merchant", merchant)).toBeUndefined();
    expect(likelyVibes({ category: "Bar", name: "California Wine Merchant", osmTags: merchant })).toEqual([]);
    expect(romantic("Bar", "Ruby Wine", { amenity: "bar", shop: "wine", cocktails: "yes" })).toBeUndefined();
    expect(romantic("Bar", "Corner Wines")).toBeUndefined();
    expect(
      find(likelyVibes({ category: "Bar", name: "Dragon Lounge", osmTags: { shop: "mobile_phone" } }), "Chill"),
    ).toBe(undefined);
    // "speakeasy" as a name word is no fact (Speakeasy Ales & Lagers is a brewery) ...
    const brewery = likelyVibes({ category: "Bar", name: "Speakeasy Ales & Lagers" });
    expect(brewery.map((l) => l.vibe)).not.toContain("Romantic");
    expect(brewery.map((l) => l.vibe)).not.toContain("Whiskey");
    // ... its own description is (The Library), and it is a cocktail bar: Whiskey only a hint
    const library = { description: "A speakeasy-themed bar that requires a password to get in", cocktails: "yes" };
    expect(romantic("Bar", "The Library", library)?.reasons).toEqual(["speakeasy", "cocktails"]);
    expect(find(likelyVibes({ category: "Bar", name: "The Library", osmTags: library }), "Whiskey")).toBeUndefined();
    // a bistro by name is a hint: Dim Sum Bistro is not likely Romantic; a French bistro is
    expect(romantic("Restaurant", "Dim Sum Bistro", { cuisine: "chinese;dumpling" })).toBeUndefined();
    expect(romantic("Restaurant", "Bistro La Chaumière", { cuisine: "crepe;french" })?.reasons).toEqual([
      "bistro",
      "French restaurant",
    ]);
  });

  it("reads permits in words: a Place of Entertainment is likely Live Music", () => {
    const list = likelyVibes({ category: "Bar", name: "The Saloon", permits: ["POE"] });
    expect(find(list, "Live Music")).toEqual({
      vibe: "Live Music",
      weight: 3,
      reasons: ["Licensed for live entertainment"],
    });
    // extended hours alone say nothing
    expect(likelyVibes({ category: "Bar", name: "Late", permits: ["EHP"] })).toEqual([]);
    const pool = likelyVibes({ category: "Bar", name: "Corner", permits: ["BP"] });
    expect(find(pool, "Social")?.reasons).toEqual(["pool tables and games"]);
  });

  it("a tiki bar is likely Adventurous; a rare cuisine too, a common one not", () => {
    expect(
      find(likelyVibes({ category: "Bar", name: "Zombie Village", osmTags: { theme: "tiki" } }), "Adventurous"),
    ).toMatchObject({ reasons: ["tiki bar"] });
    expect(
      find(likelyVibes({ category: "Restaurant", name: "Aicha", osmTags: { cuisine: "moroccan" } }), "Adventurous"),
    ).toMatchObject({ reasons: ["Moroccan food"] });
    expect(likelyVibes({ category: "Restaurant", name: "Taqueria", osmTags: { cuisine: "mexican" } })).toEqual([]);
  });

  it("Whiskey from a whisky tag, a name word, an Irish pub, a saloon or a speakeasy", () => {
    const w = (name: string, osmTags: Record<string, string> = {}) =>
      find(likelyVibes({ category: "Bar", name, osmTags }), "Whiskey")?.reasons;
    expect(w("Corner", { "drink:whisky": "yes" })).toEqual(["whisky"]);
    expect(w("Bourbon and Branch")).toEqual(["bourbon in its name"]);
    expect(w("Kell's", { theme: "irish" })).toEqual(["Irish pub"]);
    expect(w("Dogpatch Saloon")).toEqual(["saloon"]);
    // a speakeasy is a cocktail bar: a hint of whisky, which alone makes nothing likely
    expect(w("Corner", { theme: "speakeasy" })).toBeUndefined();
    expect(w("Corner", { theme: "speakeasy", "drink:whisky": "yes" })).toEqual(["whisky", "speakeasy"]);
    expect(w("Corner")).toBeUndefined();
  });

  it("Country Music only from what says so (a country tag, a honky-tonk name), never a saloon or barbecue", () => {
    const cm = (category: "Bar" | "Restaurant", name: string, osmTags: Record<string, string> = {}) =>
      find(likelyVibes({ category, name, osmTags }), "Country Music");
    expect(cm("Bar", "The Saloon")).toBeUndefined();
    expect(cm("Restaurant", "Smokehouse BBQ", { cuisine: "barbecue" })).toBeUndefined();
    expect(cm("Bar", "Corner", { music_genre: "country;bluegrass" })?.reasons).toEqual(["country music"]);
    expect(cm("Bar", "Cowboy Honky Tonk")?.reasons).toEqual(["honky tonk in its name"]);
  });

  it("leaves out confirmed vibes, vibes contradicting a confirmed one, and voted-down vibes", () => {
    const facts = { category: "Bar" as const, name: "Tea House Bar", osmTags: { karaoke: "yes" } };
    const all = vibesOf(likelyVibes(facts));
    expect(all).toEqual(expect.arrayContaining(["Quiet", "Loud", "Social"]));
    // Loud confirmed: Quiet (contradicting) and Loud itself are not likely
    const loud = vibesOf(likelyVibes(facts, ["Loud"]));
    expect(loud).not.toContain("Loud");
    expect(loud).not.toContain("Quiet");
    expect(loud).toContain("Social");
    expect(vibesOf(likelyVibes(facts, [], ["Social"]))).not.toContain("Social");
  });

  it("every rule names only vibes the product knows, with weights 1 to 3", () => {
    for (const rule of LIKELY_RULES)
      for (const [vibe, w] of Object.entries(rule.vibes)) {
        expect(ALL_VIBES, rule.id).toContain(vibe);
        expect([1, 2, 3], rule.id).toContain(w);
      }
  });

  it("no reason is a raw key=value tag", () => {
    const tags: Record<string, string> = {
      amenity: "nightclub",
      bar: "wine_bar",
      cuisine: "wine;ethiopian;tea;tiki_bar;french",
      cocktails: "yes",
      "drink:wine": "yes",
      "drink:whisky": "yes",
      live_music: "yes",
      karaoke: "yes",
      music_genre: "country;techno",
      sport: "billiards;soccer",
      outdoor_seating: "garden",
      theme: "tiki;speakeasy;irish;pirate",
      microbrewery: "yes",
      internet_access: "wlan",
    };
    for (const category of ["Bar", "Cafe", "Restaurant", "Club"] as const) {
      const list = likelyVibes({
        category,
        name: "Jazz Gallery Rooftop Lounge",
        osmTags: tags,
        permits: ["POE", "LLP", "BP", "EHP"],
      });
      expect(list.length).toBeGreaterThan(3);
      for (const l of list)
        for (const r of l.reasons) {
          expect(r, `${l.vibe}: ${r}`).not.toMatch(/[=_:;]/);
          expect(r.length).toBeGreaterThan(2);
        }
    }
  });

  it("the blend stores them: a wine bar is not confirmed Romantic but likely; a Yes vote confirms it", () => {
    // a wine bar by its name: the blend's name prior makes a Yes enough (blend.ts VOTE_LOGIT)
    const facts = { category: "Bar" as const, name: "Bodega Wine Bar" };
    const before = blendVibes(facts);
    expect(before.detectedVibes).not.toContain("Romantic");
    expect(find(before.likely, "Romantic")?.reasons).toEqual(["wine bar"]);
    const now = new Date("2026-11-26T20:00:00Z");
    const yes = blendVibes({ ...facts, now, votes: [{ vibe: "Romantic", yes: true, time: now.toISOString() }] });
    expect(yes.detectedVibes).toContain("Romantic");
    expect(find(yes.likely, "Romantic")).toBeUndefined();
    const no = blendVibes({ ...facts, now, votes: [{ vibe: "Romantic", yes: false, time: now.toISOString() }] });
    expect(no.detectedVibes).not.toContain("Romantic");
    expect(find(no.likely, "Romantic")).toBeUndefined();
  });
});
