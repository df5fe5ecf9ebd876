import { ALL_VIBES } from "@shared/vocabulary";
import { segmentFeatures, segmentText, type FeatureHit, type Segment } from "./model-features";
import { analyzeText, TEXT_RULES } from "./text";

/**
 * What the vibe model reads in a text, segment by segment (model-features.ts): the word and phrase
 * features, and lexicon-v1's evidence for every vibe (text.ts: its phrases, negation, intensity and
 * contrast rules). Shared by training (bench/train-vibe-model.ts) and scoring (model.ts).
 */

export interface SegmentEvidence {
  segment: Segment;
  hits: FeatureHit[];
  /** lexicon-v1 evidence per vibe of ALL_VIBES (same order), in the lexicon's units (1 = one plain cue). */
  lex: Float64Array;
  /** 1 where lexicon-v1 says the vibe is denied ("not loud"), per vibe of ALL_VIBES. */
  lexNeg: Uint8Array;
  /** lexicon-v1's quotes per vibe. */
  lexQuotes: Record<string, string[]>;
}

export interface ReadText {
  source: string;
  segments: SegmentEvidence[];
}

export const VIBE_INDEX: ReadonlyMap<string, number> = new Map(ALL_VIBES.map((v, i) => [v, i]));

/**
 * lexicon-v1 answers confidence = 1 - exp(-saturation x evidence), rounded to hundredths; this turns
 * it back into evidence (capped at confidence 0.99, about 3.8 units).
 */
export const lexiconEvidence = (confidence: number) =>
  -Math.log(1 - Math.min(0.99, Math.max(0, confidence))) / TEXT_RULES.saturation;

export function readSegment(source: string, segment: Segment): SegmentEvidence {
  const lex = new Float64Array(ALL_VIBES.length);
  const lexNeg = new Uint8Array(ALL_VIBES.length);
  const a = analyzeText(source.slice(segment.start, segment.end));
  for (const r of a.vibes) {
    const i = VIBE_INDEX.get(r.vibe);
    if (i !== undefined) lex[i] = lexiconEvidence(r.confidence);
  }
  for (const v of a.negated ?? []) {
    const i = VIBE_INDEX.get(v);
    if (i !== undefined) lexNeg[i] = 1;
  }
  return { segment, hits: segmentFeatures(segment), lex, lexNeg, lexQuotes: a.evidence ?? {} };
}

export function readText(text: string): ReadText {
  const { source, segments } = segmentText(text);
  return { source, segments: segments.map((s) => readSegment(source, s)) };
}
