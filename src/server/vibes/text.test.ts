import { describe, expect, it } from "vitest";
import { ALL_VIBES } from "@shared/vocabulary";
import { contradicts } from "@shared/vibe-tags";
import { analyzeText, LEXICON, suppressContradictions, TEXT_METHOD, TEXT_RULES } from "./text";

const conf = (text: string, vibe: string) => analyzeText(text).vibes.find((r) => r.vibe === vibe)?.confidence ?? 0;
const vibesOf = (text: string) => analyzeText(text).vibes.map((r) => r.vibe);

describe("analyzeText: shape", () => {
  it("names its method and returns readings strongest first, within 0..1, rounded", () => {
    const a = analyzeText("A cozy, candlelit wine bar with a live jazz trio on Fridays.");
    expect(a.method).toBe(TEXT_METHOD);
    expect(a.method).toBe("lexicon-v1");
    expect(a.vibes.length).toBeGreaterThan(2);
    for (const r of a.vibes) {
      expect(ALL_VIBES).toContain(r.vibe);
      expect(r.confidence).toBeGreaterThanOrEqual(TEXT_RULES.minConfidence);
      expect(r.confidence).toBeLessThanOrEqual(1);
      expect(Math.round(r.confidence * 100) / 100).toBe(r.confidence);
    }
    const sorted = [...a.vibes].sort((x, y) => y.confidence - x.confidence || x.vibe.localeCompare(y.vibe));
    expect(a.vibes).toEqual(sorted);
  });

  it("quotes the text as written, modifiers included, at most two per vibe", () => {
    const a = analyzeText("Such a COZY room. The Fireplace is lovely, the blankets too, and there are candles.");
    expect(a.evidence?.Cozy?.length).toBeLessThanOrEqual(TEXT_RULES.maxQuotes);
    expect(a.evidence?.Cozy).toContain("Such a COZY");
    expect(a.evidence?.Cozy).toContain("Fireplace");
    expect(analyzeText("Not loud at all.").evidence?.Quiet).toEqual(["Not loud at all"]);
  });

  it("has evidence only for vibes it returns", () => {
    const a = analyzeText("Loud but cozy, with a great bourbon list.");
    expect(Object.keys(a.evidence ?? {}).sort()).toEqual(a.vibes.map((r) => r.vibe).sort());
  });
});

describe("analyzeText: phrases", () => {
  it("reads date night as strongly romantic", () => {
    expect(conf("Perfect for date night.", "Romantic")).toBeGreaterThanOrEqual(0.8);
    expect(vibesOf("Perfect for date night.")[0]).toBe("Romantic");
  });

  it("matches phrases before their words (longest match wins)", () => {
    // "dance floor" is Energetic/Upbeat/Loud; "dance" alone is not Loud at all
    expect(conf("The dance floor never stopped.", "Loud")).toBeGreaterThan(0.3);
    expect(conf("They dance here.", "Loud")).toBe(0);
    // "live band" is Live Music, "live" alone means nothing
    expect(conf("They had a live band.", "Live Music")).toBeGreaterThan(0.7);
    expect(vibesOf("I live nearby.")).toEqual([]);
    // "hidden gem" beats "gem"
    expect(conf("A hidden gem.", "Adventurous")).toBeGreaterThan(conf("A gem.", "Adventurous"));
    // "laptop friendly" beats "laptop"
    expect(conf("Very laptop friendly, with outlets everywhere.", "Focused")).toBeGreaterThan(0.85);
  });

  it("reads multi-word phrases across hyphens and case", () => {
    expect(conf("LAID-BACK spot", "Chill")).toBeGreaterThan(0.6);
    expect(conf("a real Honky-Tonk", "Country Music")).toBeGreaterThan(0.7);
    expect(conf("Wi-Fi is fast", "Focused")).toBeGreaterThan(0.5);
  });

  it("strips accents, handles curly apostrophes, plurals and stretched words", () => {
    expect(conf("Très cosy café", "Cozy")).toBeGreaterThan(0.6);
    expect(conf("It’s sooooo looooud", "Loud")).toBeGreaterThan(0.7);
    expect(conf("Murals on every wall", "Creative")).toBeGreaterThan(0.6);
    expect(conf("They have amazing whiskeys", "Whiskey")).toBeGreaterThan(0.6);
  });

  it("uses the context of ambiguous words: warm light is cozy, warm beer is not", () => {
    expect(conf("What a warm atmosphere.", "Cozy")).toBeGreaterThan(0.4);
    expect(conf("The warm beer didn't help.", "Cozy")).toBe(0);
    expect(conf("The soup was lukewarm.", "Cozy")).toBe(0);
    expect(conf("It was packed with flavor.", "Loud")).toBe(0);
    expect(conf("It was packed on Saturday night.", "Loud")).toBeGreaterThan(0.3);
    expect(conf("The bourbon glaze on the ribs was sweet.", "Whiskey")).toBe(0);
    expect(conf("Great bourbon list.", "Whiskey")).toBeGreaterThan(0.7);
    expect(vibesOf("We had dim sum.")).toEqual([]);
    expect(conf("We were the only customers, only 3 other tables were taken", "Quiet")).toBeGreaterThan(0.5);
  });

  it("reaches every vibe of the product from at least one phrase", () => {
    const examples: Record<string, string> = {
      Chill: "a laid-back spot",
      Energetic: "high energy all night",
      Romantic: "perfect for date night",
      Adventurous: "a real hidden gem off the beaten path",
      Cozy: "cozy corner by the fireplace",
      Loud: "deafening music",
      Quiet: "quiet enough to hear yourself think",
      Whiskey: "a huge whiskey selection",
      "Country Music": "line dancing and country music",
      Upbeat: "such an upbeat, cheerful place",
      Relaxed: "so relaxing",
      "Live Music": "live music every night",
      Social: "great for groups, easy to mingle",
      Creative: "murals, local artists and an open mic",
      Focused: "laptop friendly with fast wifi, great to study",
    };
    expect(Object.keys(examples).sort()).toEqual([...ALL_VIBES].sort());
    for (const [vibe, text] of Object.entries(examples)) {
      const top = analyzeText(text).vibes[0];
      expect(top?.vibe, text).toBe(vibe);
      expect(top.confidence, text).toBeGreaterThan(0.5);
    }
  });

  it("has a lexicon of at least 150 entries covering every vibe with known vibe names only", () => {
    expect(LEXICON.length).toBeGreaterThanOrEqual(150);
    const covered = new Set<string>();
    for (const e of LEXICON) {
      for (const [vibe, w] of Object.entries(e.weights)) {
        expect(ALL_VIBES, `${e.phrase}: ${vibe}`).toContain(vibe);
        expect(w).toBeGreaterThan(0);
        expect(w).toBeLessThanOrEqual(1.5);
        if (w >= 0.5) covered.add(vibe);
      }
      for (const vibe of Object.keys(e.neg ?? {})) expect(ALL_VIBES).toContain(vibe);
    }
    expect([...covered].sort()).toEqual([...ALL_VIBES].sort());
  });

  it("defines every phrase once", () => {
    const seen = new Map<string, number>();
    for (const e of LEXICON) seen.set(e.phrase, (seen.get(e.phrase) ?? 0) + 1);
    expect([...seen].filter(([, n]) => n > 1).map(([p]) => p)).toEqual([]);
  });
});

describe("analyzeText: negation", () => {
  it("'not loud at all' denies Loud and reads a little quiet", () => {
    const a = analyzeText("It's not loud at all.");
    expect(a.vibes.map((r) => r.vibe)).not.toContain("Loud");
    expect(a.negated).toContain("Loud");
    const quiet = a.vibes.find((r) => r.vibe === "Quiet")?.confidence ?? 0;
    expect(quiet).toBeGreaterThan(0.1);
    expect(quiet).toBeLessThan(conf("It's quiet.", "Quiet"));
  });

  it("'no music' denies the music and reads quiet", () => {
    const a = analyzeText("There was no music.");
    expect(a.negated).toContain("Upbeat");
    expect(a.vibes.map((r) => r.vibe)).toContain("Quiet");
  });

  it("reads -n't words as negators: wasn't cozy", () => {
    const a = analyzeText("It wasn't cozy.");
    expect(a.vibes.find((r) => r.vibe === "Cozy")).toBeUndefined();
    expect(a.negated).toContain("Cozy");
    expect(analyzeText("It wasnt cozy").negated).toContain("Cozy");
    expect(analyzeText("It isn’t romantic").negated).toContain("Romantic");
  });

  it("negates only the next few words", () => {
    // "never" is four words before "romantic"
    expect(conf("We never expected it to be romantic", "Romantic")).toBeGreaterThan(0.5);
    expect(conf("Never romantic", "Romantic")).toBe(0);
  });

  it("stops the negation at a clause boundary", () => {
    const a = analyzeText("It's not loud, but the dance floor was packed.");
    const names = a.vibes.map((r) => r.vibe);
    expect(names).toContain("Loud");
    expect(names).toContain("Energetic");
    expect(conf("Not fancy, cozy.", "Cozy")).toBeGreaterThan(0.5);
  });

  it("reads 'not busy' and 'not crowded' as quiet", () => {
    expect(conf("It wasn't busy at all.", "Quiet")).toBeGreaterThan(0.4);
    expect(conf("Never crowded.", "Quiet")).toBeGreaterThan(0.4);
    expect(conf("Nothing fancy, just a no-frills bar.", "Chill")).toBeGreaterThan(0.4);
  });

  it("is not fooled by pseudo-negations", () => {
    expect(conf("Not only cozy but also romantic.", "Cozy")).toBeGreaterThan(0.5);
    expect(conf("Not only cozy but also romantic.", "Romantic")).toBeGreaterThan(0.5);
    expect(conf("Not for the faint of heart.", "Adventurous")).toBeGreaterThan(0.6);
    expect(conf("No doubt the coziest bar in town.", "Cozy")).toBeGreaterThan(0.6);
  });

  it("keeps a vibe that is both denied and asserted out of negated", () => {
    const a = analyzeText("Not loud on Monday. On Friday it is so loud!");
    expect(a.vibes.map((r) => r.vibe)).toContain("Loud");
    expect(a.negated ?? []).not.toContain("Loud");
  });
});

describe("analyzeText: intensity and contrast", () => {
  it("orders very cozy > cozy > a bit cozy", () => {
    const very = conf("very cozy", "Cozy");
    const plain = conf("cozy", "Cozy");
    const bit = conf("a bit cozy", "Cozy");
    expect(very).toBeGreaterThan(plain);
    expect(plain).toBeGreaterThan(bit);
    expect(bit).toBeGreaterThan(0);
    expect(conf("really really loud", "Loud")).toBeGreaterThan(conf("really loud", "Loud"));
    expect(conf("slightly noisy", "Loud")).toBeLessThan(conf("noisy", "Loud"));
  });

  it("lets an intensifier reach over one word only", () => {
    expect(conf("so very cozy", "Cozy")).toBeGreaterThan(conf("cozy", "Cozy"));
    expect(conf("so much good food and a cozy room", "Cozy")).toBe(conf("a cozy room", "Cozy"));
  });

  it("weighs the clause after 'but' more", () => {
    expect(conf("cozy but loud", "Loud")).toBeGreaterThan(conf("loud but cozy", "Loud"));
    expect(conf("loud but cozy", "Cozy")).toBeGreaterThan(conf("cozy but loud", "Cozy"));
    expect(conf("Cozy, however very loud.", "Loud")).toBeGreaterThan(conf("Cozy and very loud.", "Loud"));
  });

  it("weighs the main clause over a concession", () => {
    expect(conf("Although it was loud, the fireplace made it cozy.", "Cozy")).toBeGreaterThan(
      conf("Although it was loud, the fireplace made it cozy.", "Loud"),
    );
    expect(conf("Although cozy, it was loud.", "Loud")).toBeGreaterThan(conf("Although cozy, it was loud.", "Cozy"));
  });

  it("pivots across sentences that open with But", () => {
    expect(conf("The room is cozy. But the music is loud.", "Loud")).toBeGreaterThan(
      conf("The room is cozy. The music is loud.", "Loud"),
    );
  });

  it("ignores a trailing 'though'", () => {
    expect(conf("Very cozy, though!", "Cozy")).toBe(conf("Very cozy!", "Cozy"));
  });

  it("damps conditional clauses and questions", () => {
    expect(conf("If you want romantic, go elsewhere.", "Romantic")).toBeLessThan(conf("Romantic.", "Romantic"));
    expect(conf("Is it romantic?", "Romantic")).toBeLessThan(conf("It is romantic.", "Romantic"));
  });

  it("damps repeats of the same phrase", () => {
    const once = conf("cozy", "Cozy");
    const many = conf("cozy cozy cozy cozy cozy cozy", "Cozy");
    expect(many).toBeGreaterThan(once);
    expect(many).toBeLessThan(0.95);
  });
});

describe("analyzeText: contradictory vibes", () => {
  it("lets the stronger of a contradictory pair suppress the weaker", () => {
    const text = "Usually quiet and peaceful, but tonight a DJ was blasting music and it was packed.";
    const quiet = conf(text, "Quiet");
    expect(conf(text, "Loud")).toBeGreaterThan(0.8);
    expect(conf(text, "Energetic")).toBeGreaterThan(0.7);
    expect(quiet).toBeLessThan(0.2);
    expect(quiet).toBeLessThan(conf("Usually quiet and peaceful.", "Quiet") / 3);
  });

  it("never leaves both vibes of a pair strong", () => {
    for (const text of [
      "cozy and loud",
      "quiet but energetic",
      "chill, loud, cozy, romantic and noisy",
      "loud but quiet",
    ]) {
      const a = analyzeText(text);
      for (const x of a.vibes)
        for (const y of a.vibes)
          if (x !== y && contradicts(x.vibe, y.vibe))
            expect(Math.min(x.confidence, y.confidence), text).toBeLessThan(0.5);
    }
  });

  it("suppressContradictions halves ties and shrinks the weaker by its share", () => {
    const out = suppressContradictions(
      new Map([
        ["Loud", 2],
        ["Quiet", 1],
        ["Whiskey", 1],
      ]),
    );
    expect(out.get("Loud")).toBe(2);
    expect(out.get("Quiet")).toBeCloseTo(1 / 3);
    expect(out.get("Whiskey")).toBe(1);
    const tie = suppressContradictions(
      new Map([
        ["Loud", 1],
        ["Quiet", 1],
      ]),
    );
    expect(tie.get("Loud")).toBe(0.5);
    expect(tie.get("Quiet")).toBe(0.5);
  });
});

describe("analyzeText: real review sentences (Kotzias et al., KDD 2015, UCI, CC BY 4.0)", () => {
  it("reads atmosphere sentences", () => {
    expect(conf("The atmosphere is modern and hip, while maintaining a touch of coziness.", "Cozy")).toBeGreaterThan(
      0.2,
    );
    expect(conf("The live music on Fridays totally blows.", "Live Music")).toBeGreaterThan(0.6);
    expect(conf("Server did a great job handling our large rowdy table.", "Loud")).toBeGreaterThan(0.5);
  });

  it("finds nothing in food-only sentences", () => {
    for (const s of [
      "Crust is not good.",
      "The fries were great too.",
      "Service was very prompt.",
      "The burger is good beef, cooked just right.",
    ]) {
      expect(analyzeText(s).vibes, s).toEqual([]);
    }
  });
});

describe("analyzeText: robustness", () => {
  it("answers empty, blank and emoji-only input", () => {
    for (const s of ["", "   ", "\n\t", "!!!", "🎉🎉", "👍", "\u200b", "\ufe0f"]) {
      const a = analyzeText(s);
      expect(a.method).toBe(TEXT_METHOD);
      expect(Array.isArray(a.vibes)).toBe(true);
    }
    expect(analyzeText("").vibes).toEqual([]);
    expect(analyzeText("🎉🥳").vibes.map((r) => r.vibe)).toContain("Upbeat");
    expect(analyzeText(undefined as unknown as string).vibes).toEqual([]);
  });

  it("reads other scripts without crashing", () => {
    expect(() => analyzeText("Очень уютно. とても静か。 مكان هادئ جدا")).not.toThrow();
  });

  it("handles 50 KB of text quickly", () => {
    const chunk =
      "The room was cozy but the bar got loud later, with a live band and great bourbon. Service was slow; " +
      "food was fine. ";
    const big = chunk.repeat(Math.ceil(50_000 / chunk.length));
    expect(big.length).toBeGreaterThanOrEqual(50_000);
    const t0 = performance.now();
    const a = analyzeText(big);
    const ms = performance.now() - t0;
    expect(ms).toBeLessThan(1000);
    expect(a.vibes.length).toBeGreaterThan(0);
    for (const r of a.vibes) expect(r.confidence).toBeLessThanOrEqual(1);
    const noise = Array.from({ length: 50_000 }, (_, i) => String.fromCharCode(33 + ((i * 7919) % 90))).join("");
    expect(() => analyzeText(noise)).not.toThrow();
  });

  it("reads only the first maxChars characters", () => {
    const pad = "x ".repeat(TEXT_RULES.maxChars / 2);
    expect(analyzeText(`${pad} cozy`).vibes).toEqual([]);
  });

  it("is deterministic", () => {
    const text = "Dim, warm light and a fireplace; not loud at all, but the jazz trio was lively. Great for groups!";
    const first = JSON.stringify(analyzeText(text));
    for (let i = 0; i < 5; i++) expect(JSON.stringify(analyzeText(text))).toBe(first);
  });
});
