import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { VIBE_TAG_MIN_SCORE } from "@shared/vocabulary";
import {
  BLEND_METHOD,
  baseRate,
  blendVibes,
  neutralBase,
  PHOTO_LOGIT,
  REVIEW_HALF_LIFE_DAYS,
  textWeight,
  type VenueText,
} from "./blend";
import { analyzeVenueTexts } from "./model";
import { analyzeImageBuffer } from "./image";
import { DETECTED_VIBE_THRESHOLD } from "./prior";

const solid = (r: number, g: number, b: number) =>
  sharp({ create: { width: 64, height: 64, channels: 3, background: { r, g, b } } })
    .png()
    .toBuffer();

describe("blendVibes (blend-v2)", () => {
  it("is named, and a venue known only by its category keeps the category's prior and nothing else", () => {
    const r = blendVibes({ category: "Cafe", name: "Example" });
    expect(r.method).toBe(BLEND_METHOD);
    expect(r.method).toBe("blend-v2");
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
    expect(r.evidence.Chill).toEqual([{ source: "category", detail: "Category: Cafe" }]);
  });

  it("reads a name as weak evidence: '...Saloon' is a hint of Country Music, not a verdict", () => {
    const r = blendVibes({ category: "Bar", name: "Silver Spur Saloon" });
    const p = r.vibeScores["Country Music"];
    expect(p).toBeGreaterThan(neutralBase("Country Music"));
    expect(p).toBeLessThan(VIBE_TAG_MIN_SCORE);
    expect(r.detectedVibes).not.toContain("Country Music");
    expect(r.evidence["Country Music"]).toEqual([{ source: "name", detail: 'Name: "saloon"' }]);
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

  it("reads the texts together with vibe-model-v2 and adds only how far they moved each vibe", () => {
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
    expect(why.detail).toMatch(/^Reviews \(2\): "/);

    const romantic = blendVibes({
      category: "Restaurant",
      name: "Example",
      texts: [{ text: "Perfect for date night: candlelit and cozy, not loud at all.", source: "description" }],
    });
    expect(romantic.vibeScores.Romantic).toBeGreaterThan(0.5);
    expect(romantic.detectedVibes).toContain("Romantic");
    expect(romantic.evidence.Romantic[0]).toMatchObject({ source: "text" });
    expect(romantic.evidence.Romantic[0].detail).toMatch(/^Description: .*date night/);
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

  it("is deterministic", () => {
    const s = {
      category: "Bar" as const,
      name: "The Wine Cellar",
      osmTags: { outdoor_seating: "yes" },
      texts: [{ text: "Cozy, quiet enough to talk." }],
    };
    expect(blendVibes(s)).toEqual(blendVibes(s));
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

describe("baseRate", () => {
  it("uses what was measured on restaurants, and the stated profile elsewhere", () => {
    expect(baseRate("Restaurant", "Romantic")).toBeCloseTo(neutralBase("Romantic"), 5);
    expect(baseRate("Restaurant", "Romantic")).toBeLessThan(0.1);
    expect(baseRate("Restaurant", "Social")).toBe(0.45);
    expect(baseRate("Cafe", "Cozy")).toBe(0.55);
    expect(baseRate("Bar", "Live Music")).toBeCloseTo(0.1, 5);
  });
});
