import { statSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ALL_VIBES } from "@shared/vocabulary";
import { analyzeText, analyzeVenueTexts, MODEL_FILE, MODEL_METHOD, vibeModel } from "./model";
import { segmentFeatures, segmentText, wordForm } from "./model-features";
import { readText } from "./model-reader";
import { auc, csrFromRows, fitPlatt, lbfgs, prf, reliability, sigmoid, trainLogistic } from "./model-train";

const conf = (text: string, vibe: string) => analyzeText(text).vibes.find((r) => r.vibe === vibe)?.confidence ?? 0;
const venueConf = (texts: string[], vibe: string) =>
  analyzeVenueTexts(texts).vibes.find((r) => r.vibe === vibe)?.confidence ?? 0;
/** What the model answers when a text says nothing about a vibe. */
const base = (vibe: string) => conf("The pasta was good.", vibe);

const LOUD_REVIEW = "We went on a Friday night. It was so loud we couldn't hear each other. The food was fine.";
const PLAIN_REVIEW = "The burger was juicy and the fries were crispy. Service was quick and friendly. Prices are fair.";

describe("vibe-model-v3: the model file", () => {
  it("loads once, names its method and its data's attribution, and stays small", () => {
    const m = vibeModel();
    expect(vibeModel()).toBe(m);
    expect(m.data.method).toBe(MODEL_METHOD);
    expect(m.data.attribution).toMatch(/CEBaB, Abraham et al\..*NeurIPS 2022 \(CC BY 4\.0\)/);
    expect(m.heads.map((h) => h.name)).toEqual(["noise", "romantic", "cozy"]);
    expect(statSync(MODEL_FILE).size).toBeLessThanOrEqual(2 * 1024 * 1024);
    for (const h of m.heads) {
      expect(h.platt.a).toBeGreaterThan(0); // calibration keeps the order of the scores
      expect(Object.keys(h.weights).length).toBeGreaterThan(1000);
      expect(h.gamma).toBeGreaterThanOrEqual(0);
      expect(h.gamma).toBeLessThanOrEqual(1);
    }
  });
});

describe("vibe-model-v3: phrases each way", () => {
  it("Quiet and Loud", () => {
    expect(conf("quiet enough to talk", "Quiet")).toBeGreaterThan(base("Quiet") + 0.05);
    expect(conf("quiet enough to talk", "Loud")).toBeLessThan(base("Loud") - 0.05);
    expect(conf("so loud we couldn't hear each other", "Loud")).toBeGreaterThan(0.6);
    expect(conf("so loud we couldn't hear each other", "Quiet")).toBeLessThan(base("Quiet") - 0.2);
    expect(conf("Way too noisy, we had to shout.", "Loud")).toBeGreaterThan(base("Loud") + 0.2);
  });

  it("Romantic", () => {
    expect(conf("Perfect for date night, candlelit and intimate.", "Romantic")).toBeGreaterThan(0.5);
    expect(conf("A loud sports bar with TVs everywhere.", "Romantic")).toBeLessThan(base("Romantic"));
  });

  it("Cozy", () => {
    expect(conf("A cozy little spot with a fireplace.", "Cozy")).toBeGreaterThan(0.6);
    expect(conf("Loud and noisy, a cavernous hall.", "Cozy")).toBeLessThan(base("Cozy"));
  });

  it("vibes without labels come from lexicon-v1's phrases, tempered, and only when spoken of", () => {
    expect(conf("A great live band every Friday.", "Live Music")).toBeGreaterThanOrEqual(0.2);
    expect(conf("The pasta was good.", "Live Music")).toBe(0);
    expect(conf("A packed dance floor and a DJ until 2am.", "Energetic")).toBeGreaterThanOrEqual(0.2);
    expect(conf("The pasta was good.", "Energetic")).toBe(0);
    expect(conf("A huge bourbon list.", "Whiskey")).toBeGreaterThan(conf("The pasta was good.", "Whiskey"));
    // tempered: one mention is not a certainty
    expect(conf("A great live band every Friday.", "Live Music")).toBeLessThan(0.9);
  });

  it("negation: 'not loud at all' reads Quiet up and Loud down", () => {
    const a = analyzeText("Not loud at all.");
    const c = Object.fromEntries(a.vibes.map((r) => [r.vibe, r.confidence]));
    expect(c.Quiet).toBeGreaterThan(base("Quiet") + 0.05);
    expect(c.Loud).toBeLessThan(base("Loud") - 0.05);
    expect(a.negated).toContain("Loud");
    expect(conf("There was no live music.", "Live Music")).toBeLessThan(0.1);
  });

  it("evidence quotes the phrases that moved the score, as written", () => {
    const a = analyzeText("It was SO LOUD we couldn't hear each other.");
    expect(a.evidence?.Loud?.[0]).toBe("SO LOUD");
    expect(a.evidence?.Loud?.length).toBeLessThanOrEqual(3);
    expect(analyzeText("Not loud at all.").evidence?.Quiet?.join(" | ")).toMatch(/not loud/i);
    for (const [vibe, quotes] of Object.entries(
      analyzeText("Perfect for date night, candlelit and cozy.").evidence ?? {},
    )) {
      expect(ALL_VIBES).toContain(vibe);
      for (const q of quotes) expect("Perfect for date night, candlelit and cozy.").toContain(q);
    }
  });
});

describe("vibe-model-v3: calibration", () => {
  it("answers probabilities in [0, 1], strongest first, rounded, known vibes only", () => {
    for (const t of [
      "",
      "   ",
      "cozy",
      LOUD_REVIEW,
      "🎉🥳",
      "Очень уютно. とても静か。",
      "x".repeat(5000),
      `${"loud ".repeat(3000)}`,
    ]) {
      const a = analyzeText(t);
      expect(a.method).toBe(MODEL_METHOD);
      for (const r of a.vibes) {
        expect(ALL_VIBES).toContain(r.vibe);
        expect(r.confidence).toBeGreaterThan(0);
        expect(r.confidence).toBeLessThanOrEqual(1);
        expect(Math.round(r.confidence * 100) / 100).toBe(r.confidence);
      }
      expect(a.vibes).toEqual([...a.vibes].sort((x, y) => y.confidence - x.confidence || x.vibe.localeCompare(y.vibe)));
    }
    expect(analyzeText(undefined as unknown as string).method).toBe(MODEL_METHOD);
  });

  it("Quiet is the complement of Loud", () => {
    for (const t of ["", LOUD_REVIEW, "quiet enough to talk", PLAIN_REVIEW]) {
      const a = analyzeText(t);
      const c = Object.fromEntries(a.vibes.map((r) => [r.vibe, r.confidence]));
      expect((c.Loud ?? 0) + (c.Quiet ?? 0)).toBeCloseTo(1, 1);
    }
  });

  it("is monotone in evidence: each more loud review raises Loud, each more quiet one lowers it", () => {
    let prev = -1;
    for (let k = 0; k <= 6; k++) {
      const p = venueConf([...Array(k).fill(LOUD_REVIEW), PLAIN_REVIEW, PLAIN_REVIEW], "Loud");
      expect(p).toBeGreaterThanOrEqual(prev);
      prev = p;
    }
    expect(prev).toBeGreaterThan(0.6);
    let prevQ = 2;
    for (let k = 0; k <= 6; k++) {
      const p = venueConf([...Array(k).fill("Nice and quiet, easy to have a conversation."), PLAIN_REVIEW], "Loud");
      expect(p).toBeLessThanOrEqual(prevQ);
      prevQ = p;
    }
  });

  it("an intensified cue weighs more than a plain one, a diminished one less", () => {
    expect(conf("It was very loud.", "Loud")).toBeGreaterThan(conf("It was a bit loud.", "Loud"));
  });
});

describe("vibe-model-v3: venue level", () => {
  it("more agreeing reviews make a more confident venue, without saturating on one sentence", () => {
    const one = venueConf([LOUD_REVIEW, ...Array(5).fill(PLAIN_REVIEW)], "Loud");
    const three = venueConf([LOUD_REVIEW, LOUD_REVIEW, LOUD_REVIEW, ...Array(3).fill(PLAIN_REVIEW)], "Loud");
    expect(three).toBeGreaterThan(one);
    // one loud sentence among many reviews is weaker evidence than that sentence alone
    expect(one).toBeLessThan(conf(LOUD_REVIEW, "Loud"));
    const romantic = "Perfect for date night, candlelit and intimate.";
    expect(venueConf([romantic, romantic, romantic], "Romantic")).toBeGreaterThan(venueConf([romantic], "Romantic"));
  });

  it("silence makes no confident claim: heads stay near their base rates, unlabelled vibes are left out", () => {
    const a = analyzeVenueTexts(Array(10).fill(PLAIN_REVIEW));
    const c = Object.fromEntries(a.vibes.map((r) => [r.vibe, r.confidence]));
    for (const v of ["Loud", "Quiet", "Romantic", "Cozy"]) {
      expect(Math.abs(c[v] - base(v)), v).toBeLessThan(0.15);
      expect(c[v]).toBeGreaterThan(0.02);
      expect(c[v]).toBeLessThan(0.9);
    }
    for (const v of ["Live Music", "Energetic", "Whiskey", "Country Music", "Creative", "Focused"])
      expect(c[v], v).toBeUndefined();
    expect(
      analyzeVenueTexts([])
        .vibes.map((r) => r.vibe)
        .sort(),
    ).toEqual(
      analyzeText("")
        .vibes.map((r) => r.vibe)
        .sort(),
    );
  });

  it("one text of many reviews reads like the same reviews given apart", () => {
    const reviews = [LOUD_REVIEW, PLAIN_REVIEW, "Cozy booths and a fireplace. Great for a date."];
    expect(analyzeText(reviews.join("\n\n")).vibes).toEqual(analyzeVenueTexts(reviews).vibes);
  });

  it("is deterministic", () => {
    const t = `${LOUD_REVIEW}\n\n${PLAIN_REVIEW}`;
    const first = JSON.stringify(analyzeText(t));
    for (let i = 0; i < 3; i++) expect(JSON.stringify(analyzeText(t))).toBe(first);
  });
});

describe("model-features", () => {
  it("normalises words: possessives, stretched letters, plurals, n't", () => {
    expect(["friend's", "loooud", "candles", "parties", "glass", "wasn't", "dont", "2010"].map(wordForm)).toEqual([
      "friend",
      "loud",
      "candle",
      "party",
      "glass",
      "not",
      "not",
      "0",
    ]);
  });

  it("marks negation until the clause ends", () => {
    const [seg] = segmentText("Not loud at all, but busy.").segments;
    expect(seg.tokens.map((t) => t.marked)).toEqual(["not", "not_loud", "not_at", "not_all", "but", "busy"]);
    const feats = segmentFeatures(seg).map((h) => h.feature);
    expect(feats).toContain("not not_loud");
    expect(feats).not.toContain("not_all but"); // no bigram across a clause
  });

  it("cuts long texts into review-sized segments at sentence ends and at blank lines", () => {
    const sentence = "The room was warm and the staff were kind to us all night long. ";
    const { segments } = segmentText(sentence.repeat(10));
    expect(segments.length).toBeGreaterThan(1);
    for (const s of segments) expect(s.tokens.length).toBeLessThanOrEqual(45);
    expect(segmentText("Loud.\n\nQuiet.").segments).toHaveLength(2);
    expect(segmentText("Loud. Quiet.").segments).toHaveLength(1);
    expect(segmentText("").segments).toEqual([]);
    expect(readText("a ".repeat(200)).segments.length).toBe(5);
  });
});

describe("model-train: logistic regression and calibration", () => {
  // a small fixture: two informative features, one noise feature, deterministic labels
  const rows: [number, number][][] = [];
  const y: number[] = [];
  for (let i = 0; i < 60; i++) {
    const a = i % 3 === 0 ? 1 : 0;
    const b = i % 5 === 0 ? 1 : 0;
    const noise = (i * 7) % 11 < 5 ? 1 : 0;
    const row: [number, number][] = [];
    if (a) row.push([0, 1]);
    if (b) row.push([1, 1]);
    if (noise) row.push([2, 1]);
    rows.push(row);
    y.push(a && !(i % 4 === 0) ? 1 : b && i % 2 === 0 ? 1 : 0);
  }
  const X = csrFromRows(rows, 3);

  it("training twice gives the same weights, bit for bit", () => {
    const f1 = trainLogistic(X, y, { lambda: 0.01 });
    const f2 = trainLogistic(X, y, { lambda: 0.01 });
    expect(Array.from(f2.weights)).toEqual(Array.from(f1.weights));
    expect(f2.bias).toBe(f1.bias);
    expect(f1.weights[0]).toBeGreaterThan(1); // the informative feature is found
    expect(Math.abs(f1.weights[2])).toBeLessThan(f1.weights[0] / 2);
  });

  it("reaches the optimum: the gradient vanishes", () => {
    const lambda = 0.01;
    const f = trainLogistic(X, y, { lambda, tolerance: 1e-10, maxIterations: 1000 });
    const grad = [0, 0, 0, 0];
    rows.forEach((row, i) => {
      const z = f.bias + row.reduce((s, [c, v]) => s + v * f.weights[c], 0);
      const g = (sigmoid(z) - y[i]) / rows.length;
      for (const [c, v] of row) grad[c] += g * v;
      grad[3] += g;
    });
    for (let j = 0; j < 3; j++) grad[j] += lambda * f.weights[j];
    for (const g of grad) expect(Math.abs(g)).toBeLessThan(1e-5);
  });

  it("L-BFGS minimises a quadratic", () => {
    const { x } = lbfgs(
      (v, g) => {
        g[0] = 2 * (v[0] - 3);
        g[1] = 4 * (v[1] + 1);
        return (v[0] - 3) ** 2 + 2 * (v[1] + 1) ** 2;
      },
      new Float64Array(2),
      100,
      1e-10,
    );
    expect(x[0]).toBeCloseTo(3, 6);
    expect(x[1]).toBeCloseTo(-1, 6);
  });

  it("Platt scaling recovers a known sigmoid", () => {
    const scores: number[] = [];
    const labels: number[] = [];
    for (let i = 0; i < 400; i++) {
      const s = -4 + (8 * i) / 399;
      const p = sigmoid(0.5 * s - 1);
      // expected labels as soft targets: the fit must return (0.5, -1)
      scores.push(s);
      labels.push(p);
    }
    const { a, b } = fitPlatt(scores, labels);
    expect(a).toBeCloseTo(0.5, 2);
    expect(b).toBeCloseTo(-1, 2);
  });

  it("AUC, precision/recall and reliability on known cases", () => {
    expect(auc([0.1, 0.2, 0.3, 0.4], [0, 0, 1, 1])).toBe(1);
    expect(auc([0.4, 0.3, 0.2, 0.1], [0, 0, 1, 1])).toBe(0);
    expect(auc([0.5, 0.5, 0.5, 0.5], [0, 1, 0, 1])).toBe(0.5);
    expect(auc([0.5, 0.5], [1, 1])).toBeNull();
    expect(prf([0.9, 0.3, 0.1, 0.25], [1, 0, 1, 1], 0.2)).toMatchObject({ tp: 2, fp: 1, fn: 1 });
    const bins = reliability([0.05, 0.15, 0.95, 1], [0, 1, 1, 1], [0, 0.1, 0.2, 1]);
    expect(bins.map((b) => b.count)).toEqual([1, 1, 2]);
    expect(bins[2].observed).toBe(1);
  });
});
