/**
 * CEBaB (Abraham et al., NeurIPS 2022, CC BY 4.0; ../shared/data/SOURCES.md): reading the gzipped
 * JSON splits and turning each record into the labels the vibe model learns and is evaluated on.
 * Used by bench/train-vibe-model.ts and bench/text-eval.ts. The mapping and its limits are in
 * docs/vibe-analysis.md ("Data and labels").
 *
 * Scales, as read from the data (train originals, 1,755 reviews):
 * - rating_noise: the reviewer's own OpenTable noise rating, 1..3 only (1: 18%, 2: 47%, 3: 35%).
 *   3 is the loud end: 60 of the 63 originals that say "loud" and 148 of the 161 whose noise aspect
 *   is Negative rate it 3. OpenTable's scale reads Quiet / Moderate / Energetic.
 * - rating_ambiance: 1..5, how much the reviewer liked the room (not a kind of room).
 * - *_aspect_majority: crowd workers' reading of the text: Positive, Negative, unknown (the text does
 *   not say), "no majority", or "" (no label). A Negative noise aspect is a noise complaint (too loud);
 *   a Positive one praises the calm.
 * - Originals (is_original) are real reviews; the rest are crowd edits of an original that change one
 *   aspect (edit_type, edit_goal) and copy the original's opentable_metadata unchanged.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { gunzipSync } from "node:zlib";

export const CEBAB_DIR = process.env.CEBAB_DIR ?? fileURLToPath(new URL("../../shared/data/", import.meta.url));
export const CEBAB_ATTRIBUTION =
  "Reviews: CEBaB, Abraham et al., CEBaB: Estimating the Causal Effects of Real-World Concepts on NLP Model " +
  "Behavior, NeurIPS 2022 (CC BY 4.0).";

export type CebabSplit = "train_exclusive" | "train_inclusive" | "train_observational" | "dev" | "test";

export interface CebabRecord {
  id: string;
  original_id: string;
  is_original: boolean;
  edit_type: string | null;
  edit_goal: string | null;
  description: string;
  noise_aspect_majority: string;
  ambiance_aspect_majority: string;
  opentable_metadata: {
    restaurant_id: number;
    restaurant_name: string;
    cuisine: string;
    price_tier: string;
    dining_style: string;
    rating_ambiance: number;
    rating_noise: number;
  };
}

export function readCebab(split: CebabSplit, dir = CEBAB_DIR): CebabRecord[] {
  const path = `${dir.replace(/\/?$/, "/")}cebab_v1.1_${split}.json.gz`;
  const rows = JSON.parse(gunzipSync(readFileSync(path)).toString("utf8")) as CebabRecord[];
  if (!Array.isArray(rows)) throw new Error(`${path}: not a JSON array`);
  return rows;
}

/** The vibes CEBaB can teach, as read from one record. */
export interface VibeLabels {
  Loud: 0 | 1;
  Quiet: 0 | 1;
  Romantic: 0 | 1;
  Cozy: 0 | 1;
}

export interface Ratings {
  noise: number;
  ambiance: number;
  style: string;
}

/**
 * The ratings a record's TEXT stands for. An original: its reviewer's own ratings. An edit copies the
 * original's ratings although its text was changed, so an edit whose text now complains of noise
 * (noise aspect Negative) stands for noise 3, one that praises the calm (Positive) for noise at most
 * 2; an ambiance edit made Negative stands for ambiance at most 2, Positive for at least 4. Edits of
 * food or service leave noise and ambiance as the original had them.
 */
export function ratingsOf(r: CebabRecord): Ratings {
  const m = r.opentable_metadata;
  let noise = m.rating_noise;
  let ambiance = m.rating_ambiance;
  if (!r.is_original) {
    const noiseSays = aspect(r.noise_aspect_majority) ?? (r.edit_type === "noise" ? aspect(r.edit_goal ?? "") : null);
    const ambianceSays =
      aspect(r.ambiance_aspect_majority) ?? (r.edit_type === "ambiance" ? aspect(r.edit_goal ?? "") : null);
    if (r.edit_type === "noise" && noiseSays === "Negative") noise = 3;
    if (r.edit_type === "noise" && noiseSays === "Positive") noise = Math.min(noise, 2);
    if (r.edit_type === "ambiance" && ambianceSays === "Negative") ambiance = Math.min(ambiance, 2);
    if (r.edit_type === "ambiance" && ambianceSays === "Positive") ambiance = Math.max(ambiance, 4);
  }
  return { noise, ambiance, style: m.dining_style };
}

const aspect = (s: string): "Positive" | "Negative" | null => (s === "Positive" || s === "Negative" ? s : null);

/**
 * Ground truth per vibe (docs/vibe-analysis.md, "Data and labels"):
 * - Loud: noise 3 (the loud end of OpenTable's three-point scale).
 * - Quiet: noise 1 or 2, i.e. not loud: a place where you can talk. The product pairs Quiet against
 *   Loud (spec 9), and the product's own measurement in issue 16 counts Quiet and Loud on the same
 *   venues as complements (82 + 39 of 121), so "quiet or conversational" is what Quiet is taken to mean.
 * - Romantic (a proxy; CEBaB has no romance label): ambiance 5, noise 1-2, and a Fine Dining or Casual
 *   Elegant restaurant: a room its guest loved, calm enough to talk, dressed for an evening out.
 * - Cozy (a proxy): ambiance 4-5 and noise 1-2 at a place that is not Fine Dining: a room its guest
 *   liked, calm, informal.
 */
export function labelsOf(r: Ratings): VibeLabels {
  const loud = r.noise >= 3 ? 1 : 0;
  return {
    Loud: loud,
    Quiet: loud ? 0 : 1,
    Romantic: r.ambiance >= 5 && r.noise <= 2 && (r.style === "Fine Dining" || r.style === "Casual Elegant") ? 1 : 0,
    Cozy: r.ambiance >= 4 && r.noise <= 2 && r.style !== "Fine Dining" ? 1 : 0,
  };
}

/** A restaurant's truth from its reviewers: the mean of their ratings, then the same rules. */
export function restaurantLabels(reviews: readonly CebabRecord[]): VibeLabels {
  const ratings = reviews.map(ratingsOf);
  const mean = (f: (r: Ratings) => number) => ratings.reduce((s, r) => s + f(r), 0) / ratings.length;
  // Majority of the reviewers' own labels; a tie counts as positive for Loud (2 of 4 said loud: it can be).
  const share = (v: keyof VibeLabels) => ratings.reduce((s, r) => s + labelsOf(r)[v], 0) / ratings.length;
  const loud = mean((r) => r.noise) >= 2.5 ? 1 : 0;
  return {
    Loud: loud,
    Quiet: loud ? 0 : 1,
    Romantic: share("Romantic") > 0.5 ? 1 : 0,
    Cozy: share("Cozy") > 0.5 ? 1 : 0,
  };
}
