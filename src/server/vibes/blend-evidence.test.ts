/**
 * What the blend leaves out, and which reasons it gives (docs/vibe-analysis.md, "The blend"): checks
 * that survived mutation testing of blend.ts with blend.test.ts alone (bench/results/mutation.txt,
 * issue 29). A text analyzer of our own (`textAnalyzer`) makes each text's effect exact.
 */
import { describe, expect, it, vi } from "vitest";
import type { VenueTextAnalyzer } from "./blend";
import { blendVibes } from "./blend";
import type { VibeAnalysis } from "./types";

const now = new Date("2026-06-01T12:00:00Z");
const restaurant = { category: "Restaurant" as const, name: "Example", now };

/** Loud 0.3 with no text; with texts, Loud at `loud` (quoting the first text). */
const analyzerSaying = (loud: number) =>
  vi.fn<VenueTextAnalyzer>((texts) =>
    texts.length
      ? { method: "fake", vibes: [{ vibe: "Loud", confidence: loud }], evidence: { Loud: [texts[0]] } }
      : { method: "fake", vibes: [{ vibe: "Loud", confidence: 0.3 }] },
  );

describe("blendVibes: what it leaves out", () => {
  it("reads no blank text and no VIBE review past two years: the venue is blended as without them", () => {
    const analyzer = analyzerSaying(0.9);
    const without = blendVibes({ ...restaurant, textAnalyzer: analyzer });
    const old = new Date(now.getTime() - 800 * 86_400_000).toISOString();
    const left = blendVibes({
      ...restaurant,
      textAnalyzer: analyzer,
      texts: [{ text: "   " }, { text: "" }, { text: "So loud!", member: true, time: old }],
    });
    expect(left).toEqual(without);
    // the analyzer was only ever asked for its no-text answer
    for (const [texts] of analyzer.mock.calls) expect(texts).toEqual([]);
    // a text that is read does move the vibe (the analyzer is not ignored)
    expect(blendVibes({ ...restaurant, textAnalyzer: analyzer, texts: [{ text: "So loud!" }] })).not.toEqual(without);
  });

  it("applies a Google attribute only when its test passes: liveMusic false is not live music", () => {
    const bar = { category: "Bar" as const, name: "Example", now };
    expect(blendVibes({ ...bar, google: { liveMusic: false } })).toEqual(blendVibes(bar));
    expect(blendVibes({ ...bar, google: { liveMusic: true } }).vibeScores["Live Music"]).toBeGreaterThan(
      blendVibes(bar).vibeScores["Live Music"] ?? 0,
    );
  });
});

describe("blendVibes: the reasons it gives", () => {
  it("never gives a text that lowered a vibe as a reason for it", () => {
    const lowered = blendVibes({ ...restaurant, textAnalyzer: analyzerSaying(0.1), texts: [{ text: "Hushed." }] });
    expect(lowered.vibeScores.Loud).toBeLessThan(0.3);
    expect((lowered.evidence.Loud ?? []).map((e) => e.source)).not.toContain("text");
    const raised = blendVibes({ ...restaurant, textAnalyzer: analyzerSaying(0.9), texts: [{ text: "So loud!" }] });
    expect(raised.evidence.Loud.map((e) => e.source)).toContain("text");
  });

  it("never gives an attribute that lowered a vibe as a reason for it (Google: good for children, Romantic)", () => {
    const kids = blendVibes({ ...restaurant, google: { goodForChildren: true } });
    expect(kids.vibeScores.Romantic).toBeLessThan(blendVibes(restaurant).vibeScores.Romantic);
    expect(kids.evidence.Romantic ?? []).not.toContainEqual({ source: "google", detail: "Google: good for children" });
    expect(kids.evidence.Social).toContainEqual({ source: "google", detail: "Google: good for children" });
  });

  it("never gives a name word that lowered a vibe as a reason for it ('... Wine Bar': Loud -0.1)", () => {
    const bar = { category: "Bar" as const, now };
    const wine = blendVibes({ ...bar, name: "Vesper Wine Bar" });
    expect(wine.vibeScores.Loud).toBeLessThan(blendVibes({ ...bar, name: "Vesper Bar" }).vibeScores.Loud);
    expect((wine.evidence.Loud ?? []).map((e) => e.source)).not.toContain("name");
    expect(wine.evidence.Romantic).toContainEqual({ source: "name", detail: 'Its name says "wine"' });
  });

  it("says why a photo suggests a vibe from the photo that suggests it most; 'Photo' when it says nothing", () => {
    const photo = (confidence: number, why?: string): VibeAnalysis => ({
      method: "image-stats-v1",
      vibes: [{ vibe: "Cozy", confidence }],
      ...(why ? { evidence: { Cozy: [why] } } : {}),
    });
    const cafe = { category: "Cafe" as const, name: "Example", now };
    const two = blendVibes({ ...cafe, photos: [photo(0.8, "warm light"), photo(0.3, "some wood")] });
    expect(two.evidence.Cozy).toContainEqual({ source: "photo", detail: "Photo: warm light" });
    const bare = blendVibes({ ...cafe, photos: [photo(0.8)] });
    expect(bare.evidence.Cozy).toContainEqual({ source: "photo", detail: "Photo" });
  });
});
