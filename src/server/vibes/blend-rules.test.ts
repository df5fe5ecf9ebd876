/**
 * What each stated fact of a map source says in "Why these vibes?" (docs/vibe-analysis.md, "The
 * blend": every reason a sentence with its source, never a raw tag, and only for the vibes the fact
 * speaks to), and which way it moves them. The facts are OpenStreetMap's tags (values as the San
 * Francisco files hold them) and Google Places' fields. Written out here, not read from blend.ts's
 * tables: each row fails when its rule's test, words or vibes change (bench/results/mutation.txt,
 * issue 29).
 */
import { describe, expect, it } from "vitest";
import type { GooglePlaceAttributes } from "./types";
import { baseRate, blendVibes } from "./blend";

const now = new Date("2026-06-01T12:00:00Z");
const bar = { category: "Bar" as const, name: "Example", now };

/** Per vibe, the reasons of one source, as shown. */
function reasons(result: ReturnType<typeof blendVibes>, source: "osm" | "google") {
  const out: Record<string, string[]> = {};
  for (const [vibe, list] of Object.entries(result.evidence))
    for (const e of list) if (e.source === source) (out[vibe] ??= []).push(e.detail);
  return out;
}

/** A vibe's score, or the bar's starting rate when nothing made it known. */
const scoreOf = (result: ReturnType<typeof blendVibes>, vibe: string) =>
  result.vibeScores[vibe] ?? baseRate("Bar", vibe);

const OSM = " (OpenStreetMap)";
/** Each vibe of `vibes` with the one reason `words` (OpenStreetMap's). */
const each = (vibes: string[], words: string) => Object.fromEntries(vibes.map((v) => [v, [`${words}${OSM}`]]));

describe("OpenStreetMap's tags, in words, for the vibes each speaks to", () => {
  const rows: [Record<string, string>, Record<string, string[]>][] = [
    [{ live_music: "yes" }, each(["Live Music"], "Has live music")],
    [{ live_music: " Yes " }, each(["Live Music"], "Has live music")],
    [{ live_music: "no" }, {}],
    [{ live_music: "Sa, Su" }, {}],
    [{ music_genre: "country;bluegrass" }, each(["Country Music"], "Music: country, bluegrass")],
    [{ music_genre: "blues" }, each(["Live Music"], "Music: blues")],
    [{ music_genre: "hiphop" }, each(["Energetic", "Loud", "Upbeat"], "Dance music: hiphop")],
    [{ music_genre: "hip_hop" }, each(["Energetic", "Loud", "Upbeat"], "Dance music: hip hop")],
    [{ music_genre: "classical" }, {}],
    [{ karaoke: "yes" }, each(["Loud", "Social", "Upbeat"], "Has karaoke")],
    [{ outdoor_seating: "yes" }, each(["Relaxed"], "Outdoor seating")],
    [{ outdoor_seating: "patio" }, each(["Relaxed"], "A patio")],
    [{ outdoor_seating: "parklet" }, each(["Relaxed"], "A parklet")],
    [{ outdoor_seating: "roof" }, each(["Relaxed"], "Rooftop seating")],
    [{ outdoor_seating: "sidewalk" }, each(["Relaxed"], "Sidewalk seating")],
    [{ outdoor_seating: "no" }, {}],
    [{ internet_access: "wlan" }, each(["Focused"], "Has wifi")],
    [{ internet_access: "yes" }, each(["Focused"], "Has wifi")],
    [{ internet_access: "no" }, {}],
    [{ cuisine: "coffee_shop;wine" }, each(["Romantic"], "A wine bar")],
    [{ cuisine: "winery_tours" }, {}],
    [{ cocktails: "yes" }, each(["Romantic"], "Serves cocktails")],
    [{ "drink:wine": "served" }, each(["Romantic"], "Serves wine")],
    [{ "drink:wine": "no" }, {}],
    [{ "drink:whisky": "yes" }, each(["Whiskey"], "Serves whisky")],
    [{ "drink:whiskey": "served" }, each(["Whiskey"], "Serves whiskey")],
    [{ microbrewery: "yes" }, each(["Social"], "Brews its own beer")],
    [{ theme: "speakeasy" }, each(["Adventurous"], "A speakeasy")],
    [{ theme: "tiki" }, each(["Adventurous"], "A tiki bar")],
    [{ theme: "irish" }, {}],
    // a screen for a sport is loud; a game played there is company, not noise
    [
      { sport: "soccer;billiards" },
      {
        ...each(["Energetic", "Loud"], "Shows sports: soccer"),
        Social: [`Shows sports: soccer${OSM}`, `Games to play: billiards${OSM}`],
      },
    ],
    [{ sport: "billiards;shuffleboard" }, each(["Social"], "Games to play: billiards, shuffleboard")],
    [{ sport: "table_tennis" }, each(["Social"], "Games to play: table tennis")],
    [{ sport: "boxing" }, each(["Energetic", "Loud", "Social"], "Shows sports: boxing")],
    [{ amenity: "pub" }, each(["Cozy", "Social"], "A pub")],
    [{ amenity: "biergarten" }, each(["Loud", "Relaxed", "Social"], "A beer garden")],
    [{ amenity: "music_venue" }, each(["Live Music", "Loud"], "A music venue")],
    [{ amenity: "bar" }, {}],
  ];
  it.each(rows)("%j", (tags, want) => {
    const result = blendVibes({ ...bar, osmTags: tags });
    expect(reasons(result, "osm")).toEqual(want);
    // and each vibe it names is raised
    const without = blendVibes(bar);
    for (const vibe of Object.keys(want)) expect(scoreOf(result, vibe)).toBeGreaterThan(scoreOf(without, vibe));
  });

  it("no seats inside lowers Cozy, Focused, Romantic, Chill and Relaxed, not the noise, with no reason", () => {
    const seats = blendVibes({ ...bar, osmTags: { indoor_seating: "yes" } });
    const none = blendVibes({ ...bar, osmTags: { indoor_seating: "no" } });
    expect(seats).toEqual(blendVibes(bar));
    for (const vibe of ["Cozy", "Focused", "Romantic", "Chill", "Relaxed"])
      expect(scoreOf(none, vibe), vibe).toBeLessThan(scoreOf(seats, vibe));
    expect(none.vibeScores.Loud).toBe(seats.vibeScores.Loud);
    expect(none.vibeScores.Quiet).toBe(seats.vibeScores.Quiet);
    expect(reasons(none, "osm")).toEqual({});
  });
});

describe("Google Places' fields, in words, for the vibes each speaks to", () => {
  const rows: [GooglePlaceAttributes, Record<string, string[]>][] = [
    [{ liveMusic: true }, { "Live Music": ["Google: live music"], Upbeat: ["Google: live music"] }],
    [{ goodForGroups: true }, { Social: ["Google: good for groups"] }],
    [
      { goodForWatchingSports: true },
      { Energetic: ["Google: good for watching sports"], Loud: ["Google: good for watching sports"] },
    ],
    [
      { servesCocktails: true },
      {
        Creative: ["Google: serves cocktails"],
        Romantic: ["Google: serves cocktails"],
        Social: ["Google: serves cocktails"],
      },
    ],
    [{ servesWine: true }, { Relaxed: ["Google: serves wine"], Romantic: ["Google: serves wine"] }],
    [{ servesBeer: true }, { Social: ["Google: serves beer"] }],
    [{ servesCoffee: true }, { Cozy: ["Google: serves coffee"], Focused: ["Google: serves coffee"] }],
    [{ outdoorSeating: true }, { Chill: ["Google: outdoor seating"], Relaxed: ["Google: outdoor seating"] }],
    [{ reservable: true }, { Quiet: ["Google: takes reservations"], Romantic: ["Google: takes reservations"] }],
    [{ allowsDogs: true }, { Chill: ["Google: dogs allowed"], Relaxed: ["Google: dogs allowed"] }],
    // children lower Romantic (no reason shown for a lowered vibe) and raise Social
    [{ goodForChildren: true }, { Social: ["Google: good for children"] }],
    // upscale: quieter, so less loud, on the one noise scale (one reason on Quiet)
    [{ priceLevel: "PRICE_LEVEL_EXPENSIVE" }, { Quiet: ["Google: upscale"], Romantic: ["Google: upscale"] }],
    [{ priceLevel: "PRICE_LEVEL_VERY_EXPENSIVE" }, { Quiet: ["Google: upscale"], Romantic: ["Google: upscale"] }],
    [{ priceLevel: "PRICE_LEVEL_INEXPENSIVE" }, { Chill: ["Google: inexpensive"], Social: ["Google: inexpensive"] }],
    [{ priceLevel: "PRICE_LEVEL_MODERATE" }, {}],
    [
      {
        liveMusic: false,
        goodForGroups: false,
        goodForWatchingSports: false,
        servesCocktails: false,
        servesWine: false,
        servesBeer: false,
        servesCoffee: false,
        outdoorSeating: false,
        reservable: false,
        allowsDogs: false,
        goodForChildren: false,
      },
      {},
    ],
  ];
  it.each(rows)("%j", (google, want) => {
    const result = blendVibes({ ...bar, google });
    expect(reasons(result, "google")).toEqual(want);
    const without = blendVibes(bar);
    for (const vibe of Object.keys(want)) expect(scoreOf(result, vibe)).toBeGreaterThan(scoreOf(without, vibe));
  });

  it("good for children lowers Romantic; upscale lowers Loud", () => {
    const without = blendVibes(bar);
    expect(scoreOf(blendVibes({ ...bar, google: { goodForChildren: true } }), "Romantic")).toBeLessThan(
      scoreOf(without, "Romantic"),
    );
    expect(scoreOf(blendVibes({ ...bar, google: { priceLevel: "PRICE_LEVEL_EXPENSIVE" } }), "Loud")).toBeLessThan(
      scoreOf(without, "Loud"),
    );
  });
});
