import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { ALL_VIBES } from "@shared/vocabulary";
import { readText, VIBE_INDEX, type ReadText, type SegmentEvidence } from "./model-reader";
import { logit, sigmoid } from "./model-train";
import type { VibeAnalysis, VibeReading } from "./types";

/**
 * Text vibe analyzer `vibe-model-v3`: a linear model over words and phrases trained on real labelled
 * restaurant reviews (CEBaB, bench/train-vibe-model.ts), calibrated so that a confidence is a
 * probability, and read at the level of a venue: many reviews aggregate instead of the loudest
 * sentence winning. Method, data, figures and limits: docs/vibe-analysis.md.
 *
 *   analyzeText("Quiet enough to talk, candles on every table.")     // one text (may hold many reviews)
 *   analyzeVenueTexts([description, ...reviews])                    // a venue's texts, pooled
 *
 * How a result is made:
 * 1. Each text is read in segments of about one short review (model-features.ts); each segment gives
 *    word and phrase features (unigrams, bigrams, negation marked) and lexicon-v1's evidence per vibe.
 * 2. Heads with labels (trained on CEBaB): `noise` gives Loud, and Quiet = 1 - Loud (Quiet means "not
 *    loud: you can talk"); `romantic` gives Romantic; `cozy` gives Cozy. A segment's score is
 *    d = bias + sum of its feature weights - center, where center is the mean score of a training review,
 *    so an ordinary review that says nothing about the vibe moves nothing.
 * 3. Aggregation over the n segments of a venue: S = n^(gamma - 1) x sum d. gamma (fitted on training
 *    restaurants with many reviews) is below 1: agreeing reviews add up, but less than if they were
 *    independent, and one sentence among many cannot saturate the result.
 * 4. Calibration: p = sigmoid(a S + b), Platt scaling fitted on the authors' dev split (by restaurant).
 *    With no evidence (S = 0) a head answers its base rate, not 0 or 1. Romantic and Cozy, whose labels
 *    are proxies, add their explicit lexicon evidence as in step 5: p = sigmoid(a S + b + slope x E).
 * 5. Vibes without labels (Live Music, Energetic, Social, Whiskey, Country Music, Creative, Adventurous,
 *    Focused, Chill, Relaxed, Upbeat): lexicon-v1's evidence, aggregated the same way, tempered into
 *    p = sigmoid(logit(prior) + slope x E), with the slope lexicon evidence was found to be worth where it
 *    could be checked and a stated prior per vibe. A vibe no text speaks of is left out (unknown).
 * 6. Evidence: per vibe, the phrases of the text that moved its score most, quoted as written.
 */
export const MODEL_METHOD = "vibe-model-v3";
/** At most this many quotes of evidence per vibe. */
export const MODEL_MAX_QUOTES = 3;
const MAX_QUOTE_CHARS = 60;

export interface ModelHead {
  /** noise | romantic | cozy */
  name: string;
  /** The vibe the head gives. */
  vibe: string;
  /** A vibe given as 1 - p (Quiet for the noise head). */
  complement?: string;
  /** Add the vibe's own lexicon evidence after calibration (heads trained on proxies, without it). */
  explicit?: boolean;
  bias: number;
  center: number;
  gamma: number;
  platt: { a: number; b: number };
  /** lexicon-v1 evidence weights per vibe, and weights of "lexicon-v1 says the vibe is denied". */
  lex: Record<string, number>;
  lexNeg: Record<string, number>;
  /** Feature (unigram or bigram, negation-marked) -> weight. */
  weights: Record<string, number>;
}

export interface LexiconTemper {
  /** Logits per unit of aggregated lexicon evidence. */
  slope: number;
  /** Aggregation over the m segments that speak of a vibe: E = m^(gamma - 1) x sum of their evidence. */
  gamma: number;
  /** A denied vibe counts as this much negative evidence. */
  negation: number;
  /** Assumed share of venues with the vibe when nothing is known (see docs). */
  priors: Record<string, number>;
}

export interface VibeModelData {
  method: string;
  attribution: string;
  segmentWords: number;
  heads: ModelHead[];
  lexicon: LexiconTemper;
  training?: unknown;
}

export const MODEL_FILE = fileURLToPath(new URL("../../../data/models/vibe-model-v3.json", import.meta.url));

interface CompiledHead extends ModelHead {
  index: number;
  lexW: Float64Array;
  lexNegW: Float64Array;
}

/** A model ready to score: weights per feature for every head in one lookup. */
export class VibeModel {
  readonly data: VibeModelData;
  readonly heads: CompiledHead[];
  private readonly table = new Map<string, Float64Array>();
  /** Features that may be quoted as evidence (not only function words). */
  private readonly shown = new Set<string>();
  private readonly lexOnly: string[];

  constructor(data: VibeModelData) {
    this.data = data;
    this.heads = data.heads.map((h, index) => ({
      ...h,
      index,
      lexW: Float64Array.from(ALL_VIBES, (v) => h.lex[v] ?? 0),
      lexNegW: Float64Array.from(ALL_VIBES, (v) => h.lexNeg[v] ?? 0),
    }));
    for (const h of this.heads) {
      for (const [f, w] of Object.entries(h.weights)) {
        const row = this.table.get(f) ?? this.table.set(f, new Float64Array(this.heads.length)).get(f)!;
        row[h.index] = w;
      }
    }
    for (const f of this.table.keys()) if (!allFunctionWords(f)) this.shown.add(f);
    const covered = new Set(this.heads.flatMap((h) => [h.vibe, h.complement].filter((v): v is string => !!v)));
    this.lexOnly = ALL_VIBES.filter((v) => !covered.has(v));
  }

  /** Raw score of one segment for every head: bias + features, minus the head's center. */
  segmentDeltas(seg: SegmentEvidence): Float64Array {
    const out = new Float64Array(this.heads.length);
    for (const h of this.heads) out[h.index] = h.bias - h.center;
    for (const hit of seg.hits) {
      const row = this.table.get(hit.feature);
      if (row) for (let k = 0; k < row.length; k++) out[k] += row[k];
    }
    for (const h of this.heads) {
      let s = 0;
      for (let v = 0; v < seg.lex.length; v++) s += h.lexW[v] * seg.lex[v] + h.lexNegW[v] * seg.lexNeg[v];
      out[h.index] += s;
    }
    return out;
  }

  /** Aggregated, uncalibrated score S per head over all segments (step 3). */
  aggregate(segments: readonly SegmentEvidence[], weights?: readonly number[]): Float64Array {
    const n = totalWeight(segments.length, weights);
    const sum = new Float64Array(this.heads.length);
    segments.forEach((seg, i) => {
      const w = weights ? weights[i] : 1;
      const d = this.segmentDeltas(seg);
      for (let k = 0; k < d.length; k++) sum[k] += w * d[k];
    });
    if (n === 0) return sum;
    for (const h of this.heads) sum[h.index] *= Math.max(1, n) ** (h.gamma - 1);
    return sum;
  }

  /**
   * Explicit lexicon evidence for one vibe over the segments that speak of it (step 5): each segment
   * gives its lexicon-v1 evidence minus `negation` if it denies the vibe; E = m^(gamma - 1) x their sum
   * over the m segments that say anything. Silence neither adds nor dilutes.
   */
  lexiconEvidence(
    segments: readonly SegmentEvidence[],
    vibe: string,
    weights?: readonly number[],
  ): { E: number; m: number } {
    const v = VIBE_INDEX.get(vibe);
    if (v === undefined) return { E: 0, m: 0 };
    const t = this.data.lexicon;
    let sum = 0;
    let m = 0;
    segments.forEach((seg, i) => {
      const s = seg.lex[v] - t.negation * seg.lexNeg[v];
      if (s === 0) return;
      const w = weights ? weights[i] : 1;
      sum += w * s;
      m += w;
    });
    return { E: m ? sum * Math.max(1, m) ** (t.gamma - 1) : 0, m };
  }

  /** Analyses already-read texts as one venue (all their segments pooled). */
  analyzeRead(reads: readonly ReadText[], textWeights?: readonly number[]): VibeAnalysis {
    const segs: { seg: SegmentEvidence; source: string; w: number }[] = [];
    reads.forEach((r, i) => {
      const w = textWeights ? Math.max(0, textWeights[i] ?? 1) : 1;
      if (w > 0) for (const seg of r.segments) segs.push({ seg, source: r.source, w });
    });
    const segments = segs.map((s) => s.seg);
    /** Per segment, its text's weight (undefined: all 1, the unweighted reading). */
    const weights = textWeights ? segs.map((s) => s.w) : undefined;
    const n = totalWeight(segs.length, weights);
    const t = this.data.lexicon;
    const probs = new Map<string, number>();
    /** What each vibe would be with no text: evidence is shown only for a vibe the text moved up. */
    const prior = new Map<string, number>();
    const ev = new Evidence();

    // 1-4. heads with labels
    const S = this.aggregate(segments, weights);
    for (const h of this.heads) {
      let z = h.platt.a * S[h.index] + h.platt.b;
      if (h.explicit) z += t.slope * this.lexiconEvidence(segments, h.vibe, weights).E;
      const p = sigmoid(z);
      probs.set(h.vibe, p);
      prior.set(h.vibe, sigmoid(h.platt.b));
      if (h.complement) {
        probs.set(h.complement, 1 - p);
        prior.set(h.complement, 1 - sigmoid(h.platt.b));
      }
    }
    if (n > 0) {
      // evidence: each phrase's contribution to the calibrated logit (signed: + toward the vibe, - toward its
      // complement)
      for (const h of this.heads) {
        const base = h.platt.a * Math.max(1, n) ** (h.gamma - 1);
        for (const { seg, source, w } of segs) {
          const scale = base * w;
          for (const hit of seg.hits) {
            const row = this.table.get(hit.feature);
            const w = row ? row[h.index] : 0;
            if (w && Math.abs(w * scale) >= EVIDENCE_MIN / 4 && this.shown.has(hit.feature))
              ev.add(h, featureKey(hit.feature), w * scale, () => quote(source, seg, hit.from, hit.to));
          }
          for (let v = 0; v < seg.lex.length; v++) {
            const c = (h.lexW[v] * seg.lex[v] + h.lexNegW[v] * seg.lexNeg[v]) * scale;
            const q = c ? seg.lexQuotes[ALL_VIBES[v]]?.[0] : undefined;
            if (q) ev.add(h, q.toLowerCase(), c, () => q);
          }
          if (h.explicit) {
            const v = VIBE_INDEX.get(h.vibe)!;
            for (const q of seg.lexQuotes[h.vibe] ?? []) ev.add(h, q.toLowerCase(), t.slope * w * seg.lex[v], () => q);
          }
        }
      }
    }

    // 5. vibes without labels: tempered lexicon evidence
    const denied = new Set<string>();
    for (const vibe of this.lexOnly) {
      const { E, m } = this.lexiconEvidence(segments, vibe, weights);
      const p0 = t.priors[vibe] ?? 0.1;
      // a vibe no text speaks of is unknown: left out, unless most venues have it (then its prior stands)
      if (m === 0 && p0 < 0.5) continue;
      probs.set(vibe, sigmoid(logit(p0) + t.slope * E));
      prior.set(vibe, p0);
      const v = VIBE_INDEX.get(vibe)!;
      for (const { seg, w } of segs)
        for (const q of seg.lexQuotes[vibe] ?? []) ev.addTo(vibe, q.toLowerCase(), t.slope * w * seg.lex[v], () => q);
    }
    for (const seg of segments)
      for (let v = 0; v < seg.lexNeg.length; v++) if (seg.lexNeg[v] && !seg.lex[v]) denied.add(ALL_VIBES[v]);

    const vibes: VibeReading[] = [];
    for (const [vibe, p] of probs) {
      const confidence = Math.round(p * 100) / 100;
      if (confidence > 0) vibes.push({ vibe, confidence });
    }
    vibes.sort((a, b) => b.confidence - a.confidence || a.vibe.localeCompare(b.vibe));
    const result: VibeAnalysis = { method: MODEL_METHOD, vibes };
    // denied somewhere and asserted nowhere (lexicon-v1's reading of the words)
    const asserted = new Set<string>();
    for (const seg of segments) for (let v = 0; v < seg.lex.length; v++) if (seg.lex[v] > 0) asserted.add(ALL_VIBES[v]);
    const negated = [...denied].filter((v) => !asserted.has(v)).sort();
    if (negated.length) result.negated = negated;
    const evidence = ev.quotes(
      vibes.filter((r) => r.confidence - (prior.get(r.vibe) ?? 0) >= EVIDENCE_MIN).map((r) => r.vibe),
    );
    if (Object.keys(evidence).length) result.evidence = evidence;
    return result;
  }

  analyzeText(text: string): VibeAnalysis {
    return this.analyzeRead([readText(typeof text === "string" ? text : "")]);
  }

  /**
   * `weights` (one per text, default 1): how much each text counts, e.g. a review's age decay. A text
   * of weight w adds w times its segments' evidence and counts as w segments in the aggregation's
   * n^(gamma - 1), which applies only beyond one segment's worth (so a lone text of weight 0.5 moves
   * half as far as the same text fresh). Weight 0 leaves the text out.
   */
  analyzeVenueTexts(texts: readonly string[], weights?: readonly number[]): VibeAnalysis {
    const list = Array.isArray(texts) ? texts : [];
    const kept = list.map((t, i) => ({ t, w: weights?.[i] ?? 1 })).filter((x) => typeof x.t === "string");
    return this.analyzeRead(
      kept.map((x) => readText(x.t)),
      weights ? kept.map((x) => x.w) : undefined,
    );
  }
}

/**
 * A phrase is shown as evidence when it moved its vibe's logit by at least this much, and only for a
 * vibe the text moved at least this much above what no text would give.
 */
const EVIDENCE_MIN = 0.05;
/** Words that are never evidence on their own ("with", "the", "was"). */
const FUNCTION_WORDS = new Set(
  (
    "a|an|the|and|or|of|to|in|on|at|for|with|by|from|as|is|was|were|are|be|been|it|its|this|that|we|i|my|our|" +
    "you|he|she|they|them|their|me|us|had|has|have|did|do|so|but|if|then|there|here|just|all|very|too|not|no"
  ).split("|"),
);
const allFunctionWords = (feature: string) =>
  feature.split(" ").every((w) => FUNCTION_WORDS.has(w.replace(/^not_/, "")));

/** Evidence per vibe: candidates keyed by feature (or lexicon quote), contributions summed, quoted at the end. */
class Evidence {
  private readonly byVibe = new Map<string, Map<string, { w: number; make: () => string }>>();

  /** A signed contribution to a head: positive goes to its vibe, negative to its complement. */
  add(h: { vibe: string; complement?: string }, key: string, c: number, make: () => string) {
    // a phrase counts for the side it pushed toward and against the other, so one that moved a vibe
    // both ways (a lexicon cue and a word weight) shows only on the side it moved it on balance
    this.addTo(h.vibe, key, c, make);
    if (h.complement) this.addTo(h.complement, key, -c, make);
  }

  addTo(vibe: string, key: string, w: number, make: () => string) {
    if (!w) return;
    const m = this.byVibe.get(vibe) ?? this.byVibe.set(vibe, new Map()).get(vibe)!;
    const prev = m.get(key);
    if (prev) prev.w += w;
    else m.set(key, { w, make });
  }

  quotes(vibes: readonly string[]): Record<string, string[]> {
    const out: Record<string, string[]> = {};
    for (const vibe of vibes) {
      const list = [...(this.byVibe.get(vibe)?.values() ?? [])]
        .filter((x) => x.w >= EVIDENCE_MIN)
        .sort((a, b) => b.w - a.w);
      const picked: string[] = [];
      for (const x of list) {
        if (picked.length >= MODEL_MAX_QUOTES) break;
        const q = x.make();
        const k = q.toLowerCase();
        // a quote inside one already picked ("not loud" inside "not loud at all") adds nothing
        if (!q || picked.some((p) => p.toLowerCase().includes(k) || k.includes(p.toLowerCase()))) continue;
        picked.push(q);
      }
      if (picked.length) out[vibe] = picked;
    }
    return out;
  }
}

/** The key under which a word feature's evidence is summed: its words without negation marks. */
const featureKey = (feature: string) => feature.replace(/\bnot_/g, "not ");

/** The text of tokens [from, to] of a segment as written, with its negator when negated. */
function quote(source: string, seg: SegmentEvidence, from: number, to: number): string {
  const toks = seg.segment.tokens;
  const start = toks[from].negFrom >= 0 ? toks[from].negFrom : toks[from].start;
  let q = source.slice(start, toks[to].end).replace(/\s+/g, " ").trim();
  if (q.length > MAX_QUOTE_CHARS) q = `${q.slice(0, MAX_QUOTE_CHARS).replace(/\s+\S*$/, "")}…`;
  return q;
}

let loaded: VibeModel | null = null;

/** The committed model (data/models/vibe-model-v3.json), read once on first use. */
export function vibeModel(): VibeModel {
  loaded ??= new VibeModel(JSON.parse(readFileSync(MODEL_FILE, "utf8")) as VibeModelData);
  return loaded;
}

/** Scores every vibe in one text, which may hold many reviews. Pure and deterministic. */
export const analyzeText = (text: string): VibeAnalysis => vibeModel().analyzeText(text);

/** Scores every vibe from a venue's texts (description and reviews) pooled, each text weighted (default 1). */
export const analyzeVenueTexts = (texts: readonly string[], weights?: readonly number[]): VibeAnalysis =>
  vibeModel().analyzeVenueTexts(texts, weights);

/** Total weight of `count` segments (their number when unweighted). */
function totalWeight(count: number, weights?: readonly number[]): number {
  if (!weights) return count;
  let n = 0;
  for (const w of weights) n += w;
  return n;
}
