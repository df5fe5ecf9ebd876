/**
 * What each stated fact of a map source says in "Why these vibes?" (docs/vibe-analysis.md, "The
 * blend": every reason a sentence with its source, never a raw tag, and only for the vibes the fact
 * speaks to), and which way it moves them. The facts are OpenStreetMap's tags (values as the San
 * Francisco files hold them) and Google Places' fields. Written out here, not read from blend.ts's
 * tables: each row fails when its rule's test, words or vibes change (bench/results/mutation.txt,
 * issue 29).
 */
import { describe, expect, it } from "vitest";
import type { GooglePlaceAttributes, VibeAnalysis } from "./types";
import {
  baseRate,
  blendVibes,
  memberReviewEvidence,
  memberWeight,
  neutralBase,
  strongestFirst,
  type VenueTextAnalyzer,
  type VibeVote,
  voteEvidence,
} from "./blend";

const now = new Date("2026-06-01T12:00:00Z");
const bar = { category: "Bar" as const, name: "Example", now };

/** Per vibe, the reasons of one source, as shown. */
function reasons(result: ReturnType<typeof blendVibes>, source: "osm" | "permit" | "google") {
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
    [{ music_genre: "jazz; " }, each(["Live Music"], "Music: jazz")],
    [{ music_genre: "country; bluegrass" }, each(["Country Music"], "Music: country, bluegrass")],
    [{ music_genre: "hiphop" }, each(["Energetic", "Loud", "Upbeat"], "Dance music: hiphop")],
    [{ music_genre: "hip_hop" }, each(["Energetic", "Loud", "Upbeat"], "Dance music: hip hop")],
    [{ music_genre: "classical" }, {}],
    [{ karaoke: "yes" }, each(["Loud", "Social", "Upbeat"], "Has karaoke")],
    [{ karaoke: "no" }, {}],
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
    [{ cuisine: "wine" }, each(["Romantic"], "A wine bar")],
    [{ cuisine: "winery_tours" }, {}],
    [{ cocktails: "yes" }, each(["Romantic"], "Serves cocktails")],
    [{ cocktails: "no" }, {}],
    [{ "drink:wine": "served" }, each(["Romantic"], "Serves wine")],
    [{ "drink:wine": "no" }, {}],
    [{ "drink:whisky": "yes" }, each(["Whiskey"], "Serves whisky")],
    [{ "drink:whiskey": "served" }, each(["Whiskey"], "Serves whiskey")],
    [{ microbrewery: "yes" }, each(["Social"], "Brews its own beer")],
    [{ microbrewery: "no" }, {}],
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
    [
      { sport: "soccer; billiards" },
      {
        ...each(["Energetic", "Loud"], "Shows sports: soccer"),
        Social: [`Shows sports: soccer${OSM}`, `Games to play: billiards${OSM}`],
      },
    ],
    [{ sport: "soccer;boxing" }, each(["Energetic", "Loud", "Social"], "Shows sports: soccer, boxing")],
    [{ sport: "" }, {}],
    [{ sport: "billiards;shuffleboard" }, each(["Social"], "Games to play: billiards, shuffleboard")],
    [{ sport: "billiards; shuffleboard" }, each(["Social"], "Games to play: billiards, shuffleboard")],
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
    // a vibe listed has a reason: no empty list
    for (const list of Object.values(result.evidence)) expect(list.length).toBeGreaterThan(0);
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

describe("San Francisco's entertainment permits, in words, for the vibes each speaks to", () => {
  const SOURCE = " — SF Entertainment Commission";
  const club = { ...bar, category: "Club" as const };
  it.each([
    ["a bar, live entertainment", bar, ["POE"], { "Live Music": [`Licensed for live entertainment${SOURCE}`] }],
    [
      "a bar, small live performances",
      bar,
      ["LLP"],
      { "Live Music": [`Licensed for small live performances${SOURCE}`] },
    ],
    // both: the larger licence speaks, once
    ["a bar, both", bar, ["POE", "LLP"], { "Live Music": [`Licensed for live entertainment${SOURCE}`] }],
    [
      "a club, live entertainment: energy too",
      club,
      ["POE"],
      {
        "Live Music": [`Licensed for live entertainment${SOURCE}`],
        Energetic: [`Licensed for live entertainment${SOURCE}`],
      },
    ],
    [
      "a bar, live entertainment past 2 AM: energy too",
      bar,
      ["POE", "EHP"],
      {
        "Live Music": [`Licensed for live entertainment${SOURCE}`],
        Energetic: [`Licensed for live entertainment until 6 AM${SOURCE}`],
      },
    ],
    ["a bar, pool tables", bar, ["BP"], { Social: [`Licensed for pool tables${SOURCE}`] }],
    // late hours, arcade machines and amplified sound alone are no vibe
    ["a bar, the rest", bar, ["EHP", "MAD", "FPAS"], {}],
  ] as const)("%s", (_, venue, permits, want) => {
    expect(reasons(blendVibes({ ...venue, permits }), "permit")).toEqual(want);
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

describe("the words of VIBE's own people, texts and photos", () => {
  const restaurant = { category: "Restaurant" as const, name: "Example", now };
  const daysAgo = (d: number) => new Date(now.getTime() - d * 86_400_000).toISOString();
  /** Loud 0.3 with no text, 0.9 when a text says "loud" (quoting it). */
  const loudReader: VenueTextAnalyzer = (texts) => {
    const loud = texts.filter((t) => /loud/i.test(t));
    return loud.length
      ? { method: "fake", vibes: [{ vibe: "Loud", confidence: 0.9 }], evidence: { Loud: loud } }
      : { method: "fake", vibes: [{ vibe: "Loud", confidence: 0.3 }] };
  };
  const sources = (r: ReturnType<typeof blendVibes>, vibe: string) => (r.evidence[vibe] ?? []).map((e) => e.source);

  it("counts the VIBE reviews that speak of a vibe, and says none when none does", () => {
    expect(memberReviewEvidence(1, "Live Music")).toBe("1 review on VIBE mentions live music");
    expect(memberReviewEvidence(3, "Loud")).toBe("3 reviews on VIBE mention loud");
    const member = (text: string) => ({ text, source: "review" as const, member: true, time: daysAgo(1) });
    // a description says loud, the VIBE review does not: the texts' reason only
    const quiet = blendVibes({
      ...restaurant,
      textAnalyzer: loudReader,
      texts: [{ text: "So loud in here", source: "description" }, member("Nice staff")],
    });
    expect(sources(quiet, "Loud")).toContain("text");
    expect(sources(quiet, "Loud")).not.toContain("review");
    const loud = blendVibes({ ...restaurant, textAnalyzer: loudReader, texts: [member("Too loud"), member("Loud!")] });
    expect(loud.evidence.Loud).toContainEqual({ source: "review", detail: "2 reviews on VIBE mention loud" });
  });

  it("outside restaurants a text moves a vibe its words name or contradict: 'loud' speaks of Romantic", () => {
    // the model's Romantic falls whenever there is text; a bar's texts move it only when their words
    // name Romantic or a vibe against it (Loud: docs/vibe-analysis.md, "The blend")
    const romanticFalls: VenueTextAnalyzer = (texts) => ({
      method: "fake",
      vibes: [{ vibe: "Romantic", confidence: texts.length ? 0.02 : 0.06 }],
    });
    const read = (text: string) => blendVibes({ ...bar, textAnalyzer: romanticFalls, texts: [{ text }] });
    expect(read("So loud in here").vibeScores.Romantic).toBeLessThan(0.06);
    expect(read("Nice staff").vibeScores.Romantic).toBeUndefined();
  });

  it("says which texts a reason comes from", () => {
    const texts = [
      { text: "A loud room", source: "description" as const },
      { text: "Loud music", source: "review" as const },
      { text: "Very loud", source: "review" as const },
    ];
    const detail = (t: typeof texts) =>
      blendVibes({ ...restaurant, textAnalyzer: loudReader, texts: t }).evidence.Loud.find((e) => e.source === "text")
        ?.detail;
    expect(detail(texts)).toMatch(/^From the description and 2 reviews: /);
    expect(detail(texts.slice(1, 2))).toMatch(/^From 1 review: /);
    expect(detail(texts.slice(0, 1))).toMatch(/^From the description: /);
  });

  it("a photo's reason is the words of the photo that says it most, the first of equals, or none", () => {
    const photo = (cozy: number, words?: Record<string, string[]>): VibeAnalysis => ({
      method: "image-stats-v1",
      vibes: [{ vibe: "Cozy", confidence: cozy }],
      ...(words && { evidence: words }),
    });
    const reason = (photos: VibeAnalysis[]) =>
      blendVibes({ ...bar, photos }).evidence.Cozy.find((e) => e.source === "photo")?.detail;
    expect(reason([photo(0.5, { Cozy: ["dim"] }), photo(0.8, { Cozy: ["warm"] })])).toBe("Photo: warm");
    expect(reason([photo(0.8, { Cozy: ["dim"] }), photo(0.8, { Cozy: ["warm"] })])).toBe("Photo: dim");
    // words about another vibe only: the reason is the photo itself
    expect(reason([photo(0.8, { Chill: ["green"] })])).toBe("Photo");
  });

  it("a vote's reason says how long ago, at each boundary; a VIBE word counts until exactly two years", () => {
    expect(voteEvidence(1, 0, "Chill", 90)).toBe("1 person on VIBE said Chill in the last 90 days");
    expect(voteEvidence(2, 0, "Chill", 91)).toBe("2 people on VIBE said Chill in the last year");
    expect(voteEvidence(0, 1, "Chill", 365)).toBe("1 person on VIBE said not Chill in the last year");
    expect(voteEvidence(3, 1, "Chill", 366)).toBe("3 people on VIBE said Chill, 1 said not, in the last 2 years");
    expect(memberWeight(daysAgo(730), now)).toBeCloseTo(0.5 ** (730 / 90), 6);
    expect(memberWeight(daysAgo(730.01), now)).toBe(0);
  });

  it("votes lift only the vibe voted on; as many No as Yes leave a likely vibe out of the likely ones", () => {
    const rooftop = { category: "Bar" as const, name: "Charmaine's Rooftop", osmTags: { cocktails: "yes" }, now };
    const votes = (vibe: string, yes: number, no: number): VibeVote[] => [
      ...Array.from({ length: yes }, () => ({ vibe, yes: true, time: daysAgo(0) })),
      ...Array.from({ length: no }, () => ({ vibe, yes: false, time: daysAgo(0) })),
    ];
    const before = blendVibes(rooftop);
    expect(before.vibeScores.Romantic).toBe(0.1);
    expect(before.likely.map((l) => l.vibe)).toContain("Romantic");
    // votes on Social do not lift Romantic, likely as it is, to where a Yes on it would start
    expect(blendVibes({ ...rooftop, votes: votes("Social", 1, 0) }).vibeScores.Romantic).toBe(0.1);
    // a tie on Romantic: voted down, so not offered as likely; more Yes: still likely (not a match yet)
    const tie = blendVibes({ ...rooftop, votes: votes("Romantic", 1, 1) });
    expect(tie.detectedVibes).not.toContain("Romantic");
    expect(tie.likely.map((l) => l.vibe)).not.toContain("Romantic");
    const more = blendVibes({ ...rooftop, votes: votes("Romantic", 2, 1) });
    expect(more.detectedVibes).not.toContain("Romantic");
    expect(more.likely.map((l) => l.vibe)).toContain("Romantic");
  });
});

describe("the text model's own starting rates, as docs/vibe-analysis.md gives them", () => {
  it.each([
    ["Loud", 0.32],
    ["Quiet", 0.68],
    ["Romantic", 0.06],
    ["Cozy", 0.26],
    ["Social", 0.75],
    ["Live Music", 0.1],
    ["Whiskey", 0.05],
    ["Country Music", 0.03],
  ])("%s %d", (vibe, rate) => {
    expect(neutralBase(vibe)).toBeCloseTo(rate, 2);
  });

  it("strongestFirst: highest confidence first, equal ones by name", () => {
    const list = [
      { vibe: "Quiet", confidence: 0.4 },
      { vibe: "Cozy", confidence: 0.9 },
      { vibe: "Chill", confidence: 0.4 },
    ];
    expect(strongestFirst(list).map((r) => r.vibe)).toEqual(["Cozy", "Chill", "Quiet"]);
    expect(list[0].vibe).toBe("Quiet");
  });
});
