import sharp from "sharp";
import { describe, expect, it, vi } from "vitest";
import { VIBE_TAG_MIN_SCORE } from "@shared/vocabulary";
import {
  BLEND_METHOD,
  baseRate,
  LIKELY_PLAUSIBLE,
  blendVibes,
  neutralBase,
  PHOTO_LOGIT,
  REVIEW_HALF_LIFE_DAYS,
  textWeight,
  type VenueText,
  type VibeVote,
  VOTE_LOGIT,
  voteEvidence,
} from "./blend";
import { analyzeVenueTexts } from "./model";
import { analyzeImageBuffer } from "./image";
import { DETECTED_VIBE_THRESHOLD } from "./prior";

const solid = (r: number, g: number, b: number) =>
  sharp({ create: { width: 64, height: 64, channels: 3, background: { r, g, b } } })
    .png()
    .toBuffer();

describe("blendVibes (blend-v6)", () => {
  // Issue 25's hand check of the top ten: All Star Cafe (osm:node/2895323815, indoor_seating=no,
  // outdoor_seating=no, a 24-hour counter) was the first Chill, Cozy, Focused and Relaxed card at 10 PM
  it("a cafe with no seats inside is not Chill, Cozy, Focused or Relaxed by its kind, and says why", () => {
    const counter = blendVibes({
      category: "Cafe",
      name: "All Star Cafe",
      osmTags: { indoor_seating: "no", outdoor_seating: "no" },
    });
    for (const vibe of ["Chill", "Cozy", "Focused", "Relaxed"]) {
      expect(counter.vibeScores[vibe], vibe).toBeLessThan(0.4);
      expect(counter.detectedVibes).not.toContain(vibe);
    }
    expect(counter.evidence.Chill ?? []).not.toContainEqual(expect.objectContaining({ detail: "No seats inside" }));
    // nothing said of noise: Quiet and Loud are where the kind puts them
    expect(counter.vibeScores.Quiet).toBe(0.45);
    expect(counter.vibeScores).not.toHaveProperty("Loud");
    // seats outside make up a little of it
    const terrace = blendVibes({
      category: "Cafe",
      name: "Corner",
      osmTags: { indoor_seating: "no", outdoor_seating: "yes" },
    });
    expect(terrace.vibeScores.Relaxed).toBeLessThan(
      blendVibes({ category: "Cafe", name: "Corner" }).vibeScores.Relaxed,
    );
  });

  it("is named, and a venue known only by its category keeps the category's prior and nothing else", () => {
    const r = blendVibes({ category: "Cafe", name: "Example" });
    expect(r.method).toBe(BLEND_METHOD);
    expect(r.method).toBe("blend-v6");
    expect(r.vibeScores).toEqual({
      Chill: 0.6,
      Cozy: 0.55,
      Creative: 0.25,
      Focused: 0.4,
      Quiet: 0.45,
      Relaxed: 0.5,
      Social: 0.3,
    });
    // vibes nothing speaks to are unknown, not 0
    expect(r.vibeScores).not.toHaveProperty("Loud");
    expect(r.vibeScores).not.toHaveProperty("Live Music");
    expect(r.evidence.Chill).toEqual([{ source: "category", detail: "It is a cafe" }]);
  });

  it("reads a name as weak evidence: '...Saloon' is a hint of Country Music, not a verdict", () => {
    const r = blendVibes({ category: "Bar", name: "Silver Spur Saloon" });
    const p = r.vibeScores["Country Music"];
    expect(p).toBeGreaterThan(neutralBase("Country Music"));
    expect(p).toBeLessThan(VIBE_TAG_MIN_SCORE);
    expect(r.detectedVibes).not.toContain("Country Music");
    expect(r.evidence["Country Music"]).toEqual([{ source: "name", detail: 'Its name says "saloon"' }]);
  });

  it("counts a stated fact more than a name, and two agreeing sources more than one", () => {
    const name = blendVibes({ category: "Bar", name: "Jazz Corner" }).vibeScores["Live Music"];
    const osm = blendVibes({ category: "Bar", name: "Corner", osmTags: { live_music: "yes" } }).vibeScores[
      "Live Music"
    ];
    const both = blendVibes({
      category: "Bar",
      name: "Jazz Corner",
      osmTags: { live_music: "yes" },
      google: { liveMusic: true },
    });
    expect(osm).toBeGreaterThan(name);
    expect(both.vibeScores["Live Music"]).toBeGreaterThan(osm);
    expect(both.vibeScores["Live Music"]).toBeLessThan(1);
    expect(both.evidence["Live Music"].map((e) => e.source)).toEqual(["osm", "google", "name"]);
  });

  it("reads the texts together with vibe-model-v3 and adds only how far they moved each vibe", () => {
    const silent = blendVibes({
      category: "Restaurant",
      name: "Example",
      texts: [{ text: "The pasta was good.", source: "review" }],
    });
    // a text that says nothing of noise leaves Loud and Quiet unknown
    expect(silent.vibeScores).not.toHaveProperty("Loud");
    expect(silent.vibeScores).not.toHaveProperty("Quiet");

    const loud = blendVibes({
      category: "Restaurant",
      name: "Example",
      texts: [
        { text: "So loud we couldn't hear each other.", source: "review", time: "2024-04-20T21:15:00Z" },
        { text: "Way too noisy, the music was blasting.", source: "review" },
      ],
    });
    expect(loud.vibeScores.Loud).toBeGreaterThan(neutralBase("Loud"));
    expect(loud.vibeScores.Quiet).toBeLessThan(neutralBase("Quiet"));
    const why = loud.evidence.Loud.find((e) => e.source === "text")!;
    // quoted with the words around the cue, never a lone word
    expect(why.detail).toBe('From 2 reviews: "Way too noisy", "So loud we couldn\'t hear each other"');

    const romantic = blendVibes({
      category: "Restaurant",
      name: "Example",
      texts: [{ text: "Perfect for date night: candlelit and cozy, not loud at all.", source: "description" }],
    });
    expect(romantic.vibeScores.Romantic).toBeGreaterThan(0.5);
    expect(romantic.detectedVibes).toContain("Romantic");
    expect(romantic.evidence.Romantic[0]).toMatchObject({ source: "text" });
    expect(romantic.evidence.Romantic[0].detail).toMatch(/^From the description: "Perfect for date night"/);
  });

  it("lets a text move a vibe only when its words speak of it (issue 25: Elixir is not Quiet)", () => {
    // Elixir's OpenStreetMap description: the model reads "whiskey bar" as quieter than a restaurant,
    // but nothing in it speaks of noise
    const elixir = blendVibes({
      category: "Bar",
      name: "Elixir",
      osmTags: { amenity: "pub" },
      texts: [{ text: "A historic saloon and whiskey bar", source: "description" }],
    });
    expect(elixir.vibeScores).not.toHaveProperty("Quiet");
    expect(elixir.detectedVibes).not.toContain("Quiet");
    expect(elixir.detectedVibes).toContain("Whiskey");
    expect(elixir.evidence.Whiskey[0].detail).toBe('From the description: "A historic saloon and whiskey bar"');
    // "spot" and "close" are not proof of Loud: outside restaurants, where the model learned, they do
    // not move it; in a restaurant the model's reading stands, but no lone word is shown as its reason
    const text = "Great spot, close to home.";
    expect(blendVibes({ category: "Bar", name: "Example", texts: [{ text }] }).vibeScores).toEqual(
      blendVibes({ category: "Bar", name: "Example" }).vibeScores,
    );
    const spot = blendVibes({ category: "Restaurant", name: "Example", texts: [{ text }] });
    for (const list of Object.values(spot.evidence))
      for (const e of list) expect(e.detail).not.toMatch(/"(spot|close|Great)"/);
    expect(spot.evidence.Loud?.find((e) => e.source === "text")?.detail).toBe("From 1 review, read together");
    // "so loud" speaks of it, and only it is quoted, with the words around it
    const loud = blendVibes({
      category: "Bar",
      name: "Example",
      texts: [{ text: "Great spot, close to home. So loud we could not hear a word." }],
    });
    expect(loud.vibeScores.Loud).toBeGreaterThan(0.35);
    const quoted = loud.evidence.Loud.find((e) => e.source === "text")!.detail;
    expect(quoted).toBe('From 1 review: "So loud we could not hear a word"');
    // a denial speaks of the vibe too: "not loud at all" is evidence of Quiet
    const calm = blendVibes({ category: "Bar", name: "Example", texts: [{ text: "Not loud at all." }] });
    expect(calm.vibeScores.Quiet).toBeGreaterThan(baseRate("Bar", "Quiet"));
    expect(calm.vibeScores.Loud).toBeLessThan(baseRate("Bar", "Loud"));
  });

  it("keeps Loud and Quiet on one scale: a karaoke bar is Loud and not Quiet (issue 25: Pagoda)", () => {
    // Pagoda's OpenStreetMap tags and description (seed, osm:node/9579873173)
    const pagoda = blendVibes({
      category: "Bar",
      name: "Pagoda",
      osmTags: { amenity: "bar", karaoke: "yes", description: "Karaoke bar" },
      texts: [{ text: "Karaoke bar", source: "description" }],
    });
    expect(pagoda.detectedVibes).toContain("Loud");
    expect(pagoda.detectedVibes).not.toContain("Quiet");
    expect(pagoda.vibeScores.Quiet).toBeLessThan(0.1);
    // the same facts raise Loud and lower Quiet by as much, in log-odds from each one's base
    const { logit } = { logit: (p: number) => Math.log(p / (1 - p)) };
    const up = logit(pagoda.vibeScores.Loud) - logit(baseRate("Bar", "Loud"));
    const down = logit(baseRate("Bar", "Quiet")) - logit(pagoda.vibeScores.Quiet);
    expect(Math.abs(up - down)).toBeLessThan(0.1);
    // karaoke alone, with no text: Quiet becomes known, and low
    const karaoke = blendVibes({ category: "Bar", name: "Example", osmTags: { karaoke: "yes" } });
    expect(karaoke.vibeScores.Quiet).toBeLessThan(baseRate("Bar", "Quiet"));
    expect(karaoke.detectedVibes).not.toContain("Quiet");
    // a sports screen in a cafe (Park Gym: sport=boxing) lowers the cafe's Quiet
    const gym = blendVibes({ category: "Cafe", name: "Park Gym", osmTags: { amenity: "cafe", sport: "boxing" } });
    expect(gym.vibeScores.Quiet).toBeLessThan(0.4);
    expect(gym.detectedVibes).not.toContain("Quiet");
    // and the other way: a name that says quieter ("wine") makes a bar's Quiet known, with the name as its reason
    const wine = blendVibes({ category: "Bar", name: "Vesper Wine Bar" });
    expect(wine.vibeScores.Quiet).toBeGreaterThan(baseRate("Bar", "Quiet"));
    expect(wine.evidence.Quiet).toEqual([{ source: "name", detail: 'Its name says "wine"' }]);
    // a Yes on Quiet is a No on Loud
    const voted = blendVibes({
      category: "Bar",
      name: "Example",
      votes: [{ vibe: "Quiet", yes: true, time: "2026-01-01T00:00:00Z" }],
      now: new Date("2026-01-01T00:00:00Z"),
    });
    expect(voted.vibeScores.Loud).toBeLessThan(baseRate("Bar", "Loud"));
  });

  it("gives a bar kind its own Quiet base, never a restaurant's (issue 25)", () => {
    expect(baseRate("Bar", "Quiet")).toBe(0.2);
    expect(baseRate("Club", "Quiet")).toBe(0.2);
    // a beer hall by name: a hint of Loud, and so not Quiet (under the restaurant's 0.68 it was Quiet 0.58)
    const hall = blendVibes({ category: "Bar", name: "The Beer Hall" });
    expect(hall.detectedVibes).toContain("Loud");
    expect(hall.detectedVibes).not.toContain("Quiet");
    expect(hall.vibeScores.Quiet).toBeLessThan(0.2);
    expect(baseRate("Bar", "Quiet")).not.toBe(neutralBase("Quiet"));
    // a restaurant's stays the rate measured on restaurants
    expect(baseRate("Restaurant", "Quiet")).toBe(neutralBase("Quiet"));
    // a bar nothing says anything of noise about has no Quiet at all
    expect(blendVibes({ category: "Bar", name: "Example" }).vibeScores).not.toHaveProperty("Quiet");
  });

  it("does not make a bar Energetic for its kind or its late hours (issue 25: Bourbon and Branch)", () => {
    // Bourbon and Branch's OpenStreetMap tags
    const r = blendVibes({
      category: "Bar",
      name: "Bourbon and Branch",
      osmTags: {
        amenity: "bar",
        cocktails: "yes",
        reservation: "required",
        opening_hours: "Su,Mo-We 18:00-24:00; Th-Sa 18:00-26:00",
      },
    });
    expect(r.detectedVibes).not.toContain("Energetic");
    expect(r.vibeScores.Energetic).toBeLessThan(DETECTED_VIBE_THRESHOLD);
    expect(r.evidence.Energetic).toEqual([{ source: "category", detail: "It is a bar" }]);
    expect(r.detectedVibes).toContain("Whiskey"); // its name says bourbon
    // a club, or a sports screen, says so
    expect(blendVibes({ category: "Club", name: "Example" }).detectedVibes).toContain("Energetic");
  });

  it("reads entertainment permits as evidence, in words, with their source", () => {
    const none = blendVibes({ category: "Bar", name: "Example" });
    const poe = blendVibes({ category: "Bar", name: "Example", permits: ["POE"] });
    expect(poe.vibeScores["Live Music"]).toBeGreaterThan(neutralBase("Live Music"));
    // a licence is a hint, not a verdict: under the match threshold alone
    expect(poe.detectedVibes).not.toContain("Live Music");
    expect(poe.evidence["Live Music"]).toEqual([
      { source: "permit", detail: "Licensed for live entertainment — SF Entertainment Commission" },
    ]);
    // with live_music=yes it is a match
    const both = blendVibes({ category: "Bar", name: "Example", permits: ["POE"], osmTags: { live_music: "yes" } });
    expect(both.detectedVibes).toContain("Live Music");
    // Energetic for a club or a place entertaining past 2 AM, not for a bar with a licence
    expect(poe.vibeScores.Energetic).toBe(none.vibeScores.Energetic);
    const late = blendVibes({ category: "Bar", name: "Example", permits: ["POE", "EHP"] });
    expect(late.vibeScores.Energetic).toBeGreaterThan(none.vibeScores.Energetic);
    expect(late.evidence.Energetic[0].detail).toBe(
      "Licensed for live entertainment until 6 AM — SF Entertainment Commission",
    );
    // pool tables: company; extended hours alone, arcade machines and amplified sound: no vibe
    const pool = blendVibes({ category: "Restaurant", name: "Example", permits: ["BP"] });
    expect(pool.vibeScores.Social).toBeGreaterThan(
      blendVibes({ category: "Restaurant", name: "Example" }).vibeScores.Social,
    );
    expect(blendVibes({ category: "Cafe", name: "Example", permits: ["EHP", "MAD", "FPAS"] })).toEqual(
      blendVibes({ category: "Cafe", name: "Example" }),
    );
  });

  it("blends photos as weak evidence, bounded however many there are", async () => {
    const candle = await analyzeImageBuffer(await solid(60, 25, 5));
    expect(candle.vibes.map((v) => v.vibe)).toContain("Romantic");
    // a Cafe's Cozy (0.55) sits where hundredths are precise enough to check the log-odds
    const base = blendVibes({ category: "Cafe", name: "Example" });
    const one = blendVibes({ category: "Cafe", name: "Example", photos: [candle] });
    const four = blendVibes({ category: "Cafe", name: "Example", photos: [candle, candle, candle, candle] });
    expect(one.vibeScores.Cozy).toBeGreaterThan(base.vibeScores.Cozy);
    expect(four.vibeScores.Cozy).toBeGreaterThan(one.vibeScores.Cozy);
    expect(four.vibeScores.Cozy).toBeLessThan(1);
    // four agreeing photos move the log-odds twice as far as one (n^0.5), not four times
    const logit = (p: number) => Math.log(p / (1 - p));
    const c = candle.vibes.find((v) => v.vibe === "Cozy")!.confidence;
    expect(logit(one.vibeScores.Cozy) - logit(base.vibeScores.Cozy)).toBeCloseTo(PHOTO_LOGIT * c, 1);
    expect(logit(four.vibeScores.Cozy) - logit(base.vibeScores.Cozy)).toBeCloseTo(2 * PHOTO_LOGIT * c, 1);
    // a photo alone does not make a Romantic restaurant: weak evidence from a 0.06 base rate
    const dinner = blendVibes({ category: "Restaurant", name: "Example", photos: [candle] });
    expect(dinner.vibeScores.Romantic).toBeLessThan(0.2);
    expect(dinner.evidence.Romantic.find((e) => e.source === "photo")?.detail).toMatch(/^Photo: dim, warm light/);
  });

  it("keeps every score a probability strictly inside 0..1 and detected vibes at the threshold", () => {
    const r = blendVibes({
      category: "Club",
      name: "Karaoke Dance Sports Bar",
      osmTags: { karaoke: "yes", sport: "soccer", music_genre: "techno" },
      google: { goodForWatchingSports: true, liveMusic: true },
      texts: [{ text: "Loud, packed, the DJ was blasting and the dance floor was wild." }],
    });
    for (const p of Object.values(r.vibeScores)) {
      expect(p).toBeGreaterThan(0);
      expect(p).toBeLessThan(1);
    }
    for (const v of r.detectedVibes) expect(r.vibeScores[v]).toBeGreaterThanOrEqual(DETECTED_VIBE_THRESHOLD);
  });

  it("is deterministic: the same signals, `now` included, give the same scores whatever the clock says", () => {
    const frozen = <T>(o: T): T => {
      for (const v of Object.values(o as object)) if (v && typeof v === "object") frozen(v);
      return Object.freeze(o);
    };
    // frozen: a blend that changed its input would throw here
    const s = frozen({
      category: "Bar" as const,
      name: "The Wine Cellar",
      osmTags: { outdoor_seating: "yes" },
      texts: [
        // a VIBE review three months before `now`: it counts about half (0.5^(92 / 90))
        { text: "Cozy, quiet enough to talk.", source: "review" as const, time: "2026-03-01T12:00:00Z", member: true },
        { text: "Live jazz on Fridays.", source: "review" as const },
      ],
      now: new Date("2026-06-01T12:00:00Z"),
    });
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(new Date("2026-06-01T12:00:00Z"));
      const first = structuredClone(blendVibes(s));
      expect(first.vibeScores.Cozy).toBeGreaterThan(0);
      // five years on, and after another venue's blend: a review counted to the clock would be gone
      vi.setSystemTime(new Date("2031-06-01T12:00:00Z"));
      blendVibes({ category: "Club", name: "Loud Dance Club", texts: [{ text: "Packed, loud and wild." }] });
      expect(blendVibes(s)).toEqual(first);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("VIBE's people's reviews in the blend", () => {
  const now = new Date("2026-06-01T12:00:00Z");
  const daysAgo = (d: number) => new Date(now.getTime() - d * 86_400_000).toISOString();
  const band = "Amazing live music and a live band every night";
  const member = (text: string, days = 0): VenueText => ({ text, source: "review", time: daysAgo(days), member: true });
  const liveMusic = (texts: VenueText[]) =>
    blendVibes({ category: "Bar", name: "Example", texts, now }).vibeScores["Live Music"] ?? 0;

  it("weighs a VIBE review 0.5^(age / 90 days), none past two years; other texts count alike", () => {
    expect(textWeight({ time: daysAgo(0), member: true }, now)).toBe(1);
    expect(textWeight({ time: daysAgo(REVIEW_HALF_LIFE_DAYS), member: true }, now)).toBeCloseTo(0.5, 6);
    expect(textWeight({ time: daysAgo(180), member: true }, now)).toBeCloseTo(0.25, 6);
    expect(textWeight({ time: daysAgo(731), member: true }, now)).toBe(0);
    expect(textWeight({ time: daysAgo(731) }, now)).toBe(1); // a provider's review
    expect(textWeight({ time: null, member: true }, now)).toBe(1);
  });

  it("a fresh review counts fully, an old one less, one past two years not at all", () => {
    const fresh = liveMusic([member(band)]);
    const old = liveMusic([member(band, 180)]);
    const none = liveMusic([]);
    // a fresh review counts as a provider's review of the same words
    expect(fresh).toBe(liveMusic([{ text: band, source: "review" }]));
    expect(fresh).toBeGreaterThan(old);
    expect(old).toBeGreaterThan(none);
    expect(liveMusic([member(band, 800)])).toBe(none);
  });

  it("is one blend with the description and the providers' reviews: they add up", () => {
    const provider: VenueText = { text: "Great live band on Fridays.", source: "review", time: null };
    const both = liveMusic([provider, member(band)]);
    expect(both).toBeGreaterThan(liveMusic([provider]));
    expect(both).toBeGreaterThan(liveMusic([member(band)]));
  });

  it("says how many reviews on VIBE mention a vibe the texts raised, first among its reasons", () => {
    const r = blendVibes({
      category: "Bar",
      name: "Example",
      texts: [member(band), member(band, 10), member(band, 30), member("The fries were fine.")],
      now,
    });
    expect(r.evidence["Live Music"][0]).toEqual({ source: "review", detail: "3 reviews on VIBE mention live music" });
    expect(r.evidence["Live Music"][1].source).toBe("text");
    // only VIBE's reviews are counted so
    const p = blendVibes({ category: "Bar", name: "Example", texts: [{ text: band, source: "review" }], now });
    expect(p.evidence["Live Music"].some((e) => e.source === "review")).toBe(false);
  });

  it("weights in the text model: all 1 reads as unweighted, 0 as left out", () => {
    const texts = ["So loud we couldn't hear each other.", "Quiet enough to talk, candlelit."];
    expect(analyzeVenueTexts(texts, [1, 1])).toEqual(analyzeVenueTexts(texts));
    expect(analyzeVenueTexts(texts, [1, 0])).toEqual(analyzeVenueTexts([texts[0]]));
  });
});

describe("votes of VIBE's people in the blend", () => {
  const now = new Date("2026-06-01T12:00:00Z");
  const daysAgo = (d: number) => new Date(now.getTime() - d * 86_400_000).toISOString();
  const votes = (vibe: string, yes: number, no: number, days = 0): VibeVote[] => [
    ...Array.from({ length: yes }, () => ({ vibe, yes: true, time: daysAgo(days) })),
    ...Array.from({ length: no }, () => ({ vibe, yes: false, time: daysAgo(days) })),
  ];
  const wineBar = { category: "Bar" as const, name: "Vesper Wine Bar", now };
  const restaurant = { category: "Restaurant" as const, name: "Example", now };
  // Expected figures worked out by hand from the documented constants: Romantic's base rate is the
  // model's sigmoid(-2.760) = 0.0595; "wine" adds 3 x 0.25 = 0.75; a Yes adds 1.7 log-odds.

  it("one Yes confirms a vibe the facts make plausible: a wine bar's Romantic 0.12 becomes a match", () => {
    expect(blendVibes(wineBar).vibeScores.Romantic).toBe(0.12); // sigmoid(-2.010)
    const voted = blendVibes({ ...wineBar, votes: votes("Romantic", 1, 0) });
    // a likely vibe's Yes counts from at least LIKELY_PLAUSIBLE (0.12, logit -1.992)
    expect(voted.vibeScores.Romantic).toBe(0.43); // sigmoid(-1.992 + 1.7)
    expect(voted.detectedVibes).toContain("Romantic");
    expect(voted.vibeScores.Romantic).toBeGreaterThanOrEqual(DETECTED_VIBE_THRESHOLD);
  });

  it("one Yes confirms every likely vibe, also one a tag lifts only a little (issue 25: a rooftop bar)", () => {
    // "Rooftop" in a bar's name and cocktails=yes make Romantic likely (weight 2), at 0.10 in the blend
    const rooftop = { category: "Bar" as const, name: "Charmaine's Rooftop", osmTags: { cocktails: "yes" }, now };
    const before = blendVibes(rooftop);
    expect(before.vibeScores.Romantic).toBe(0.1);
    expect(before.likely.map((l) => l.vibe)).toContain("Romantic");
    const voted = blendVibes({ ...rooftop, votes: votes("Romantic", 1, 0) });
    expect(LIKELY_PLAUSIBLE).toBe(0.12);
    expect(voted.vibeScores.Romantic).toBe(0.43); // sigmoid(logit 0.12 + 1.7)
    expect(voted.detectedVibes).toContain("Romantic");
    expect(voted.likely.map((l) => l.vibe)).not.toContain("Romantic");
    // still confirmed a week later (weight 0.95), not a month later (0.79)
    expect(blendVibes({ ...rooftop, votes: votes("Romantic", 1, 0, 7) }).detectedVibes).toContain("Romantic");
    expect(blendVibes({ ...rooftop, votes: votes("Romantic", 1, 0, 30) }).detectedVibes).not.toContain("Romantic");
    // a No is not lifted first: it lowers the blend's own 0.10
    expect(blendVibes({ ...rooftop, votes: votes("Romantic", 0, 1) }).vibeScores.Romantic).toBeLessThan(0.1);
    // a cocktail bar with no other fact is not likely Romantic (weight 1): one Yes is a guess there
    const cocktails = { category: "Bar" as const, name: "Example", osmTags: { cocktails: "yes" }, now };
    expect(blendVibes(cocktails).likely.map((l) => l.vibe)).not.toContain("Romantic");
    expect(blendVibes({ ...cocktails, votes: votes("Romantic", 1, 0) }).detectedVibes).not.toContain("Romantic");
  });

  it("one Yes where the facts say nothing is a guess, not a match; a few agreeing people make one", () => {
    const one = blendVibes({ ...restaurant, votes: votes("Romantic", 1, 0) });
    expect(one.vibeScores.Romantic).toBe(0.26); // sigmoid(-2.760 + 1.7)
    expect(one.detectedVibes).not.toContain("Romantic");
    // a rare vibe at its stated base rate (Live Music 0.10): 0.38, still under the threshold
    const band = blendVibes({ category: "Bar", name: "Example", now, votes: votes("Live Music", 1, 0) });
    expect(band.vibeScores["Live Music"]).toBe(0.38); // sigmoid(-2.197 + 1.7)
    expect(band.detectedVibes).not.toContain("Live Music");
    // 7 Yes and 1 No: 1.7 x 6 / sqrt(8) = 3.606 log-odds
    const crowd = blendVibes({ ...restaurant, votes: votes("Romantic", 7, 1) });
    expect(crowd.vibeScores.Romantic).toBe(0.7);
    expect(crowd.evidence.Romantic[0]).toEqual({
      source: "vote",
      detail: "7 people on VIBE said Romantic, 1 said not, in the last 90 days",
    });
  });

  it("a No majority lowers a vibe; a split crowd moves it little", () => {
    const bar = { category: "Bar" as const, name: "Example", now };
    expect(blendVibes(bar).vibeScores.Social).toBe(0.6);
    expect(blendVibes(bar).detectedVibes).toContain("Social");
    const lowered = blendVibes({ ...bar, votes: votes("Social", 1, 2) });
    expect(lowered.vibeScores.Social).toBe(0.36); // sigmoid(logit 0.6 - 1.7 / sqrt 3)
    expect(lowered.detectedVibes).not.toContain("Social");
    expect(blendVibes({ ...bar, votes: votes("Social", 2, 2) }).vibeScores.Social).toBe(0.6);
    // 50 against 45: 1.7 x 5 / sqrt(95) = 0.87 log-odds, not 5 votes' worth
    expect(blendVibes({ ...restaurant, votes: votes("Romantic", 50, 45) }).vibeScores.Romantic).toBe(0.13);
  });

  it("decays a vote as a VIBE review: half its weight at 90 days, nothing past two years", () => {
    const old = blendVibes({ ...wineBar, votes: votes("Romantic", 1, 0, REVIEW_HALF_LIFE_DAYS) });
    expect(old.vibeScores.Romantic).toBe(0.24); // sigmoid(-1.992 + 0.85)
    expect(old.detectedVibes).not.toContain("Romantic");
    expect(blendVibes({ ...wineBar, votes: votes("Romantic", 1, 0, 731) })).toEqual(blendVibes(wineBar));
    expect(blendVibes({ ...wineBar, votes: votes("Romantic", 1, 0, 200) }).evidence.Romantic).toContainEqual({
      source: "vote",
      detail: "1 person on VIBE said Romantic in the last year",
    });
  });

  it("says what people said, in words", () => {
    expect(voteEvidence(1, 0, "Cozy", 3)).toBe("1 person on VIBE said Cozy in the last 90 days");
    expect(voteEvidence(0, 2, "Loud", 100)).toBe("2 people on VIBE said not Loud in the last year");
    expect(voteEvidence(3, 1, "Chill", 400)).toBe("3 people on VIBE said Chill, 1 said not, in the last 2 years");
    expect(VOTE_LOGIT).toBe(1.7);
  });

  it("ignores votes on vibes the product does not know, and leaves the other vibes as they were", () => {
    const voted = blendVibes({ ...wineBar, votes: [...votes("Romantic", 1, 0), ...votes("Spooky", 5, 0)] });
    expect(voted.vibeScores.Spooky).toBeUndefined();
    const { Romantic: _a, ...rest } = voted.vibeScores;
    const { Romantic: _b, ...before } = blendVibes(wineBar).vibeScores;
    expect(rest).toEqual(before);
  });
});

describe("baseRate", () => {
  it("uses what was measured on restaurants, and the stated profile elsewhere", () => {
    expect(baseRate("Restaurant", "Romantic")).toBeCloseTo(neutralBase("Romantic"), 5);
    expect(baseRate("Restaurant", "Romantic")).toBeLessThan(0.1);
    expect(baseRate("Restaurant", "Social")).toBe(0.45);
    expect(baseRate("Cafe", "Cozy")).toBe(0.55);
    expect(baseRate("Bar", "Live Music")).toBeCloseTo(0.1, 5);
  });
});
