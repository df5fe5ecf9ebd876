/**
 * The plain baseline the text vibe model is measured against (bench/text-eval.ts): TF-IDF over words
 * and two-word phrases and an L2 logistic regression, its strength chosen by cross-validation, trained
 * on one CEBaB label alone (Loud from the noise ratings; Romantic and Cozy from their proxies). Nothing
 * else: no lexicon, no negation marking, no covariates, no calibration beyond the regression's own.
 *
 * - Tokens: the text normalised as the model's (accents dropped, lower case), words of two or more
 *   letters or digits, and every pair of neighbouring words.
 * - TF-IDF: raw counts times idf = ln((1 + N) / (1 + df)) + 1, each document scaled to unit length;
 *   the vocabulary is every token of the training documents.
 * - Lambda: among LAMBDAS, the one with the best out-of-fold venue AUC over 5 folds of restaurants
 *   (the criterion the model's settings are chosen by: bench/train-vibe-model.ts).
 * - A venue: its texts joined into one document.
 * Deterministic (model-train.ts).
 */
import { normalizeText } from "../src/server/vibes/model-features";
import { auc, csrFromRows, sigmoid, trainLogistic } from "../src/server/vibes/model-train";
import { labelsOf, ratingsOf, restaurantLabels, type CebabRecord, type VibeLabels } from "./cebab";
import { foldOf } from "./train-vibe-model";

export const TFIDF_NAME = "tfidf-logreg";
export const TFIDF_LAMBDAS = [1e-4, 3e-4, 1e-3, 3e-3];

export function tfidfTokens(text: string): string[] {
  const w = normalizeText(text).match(/[\p{L}\p{N}_]{2,}/gu) ?? [];
  const out = [...w];
  for (let i = 0; i + 1 < w.length; i++) out.push(`${w[i]} ${w[i + 1]}`);
  return out;
}

export interface TfidfModel {
  lambda: number;
  /** Probability of the label for a venue whose texts are `texts` (joined into one document). */
  predict(texts: readonly string[]): number;
}

function fitTfidf(docs: string[][], y: Float64Array, lambda: number): (tokens: string[]) => number {
  const df = new Map<string, number>();
  for (const d of docs) for (const f of new Set(d)) df.set(f, (df.get(f) ?? 0) + 1);
  const vocab = new Map([...df.keys()].sort().map((f, i) => [f, i]));
  const idf = new Float64Array(vocab.size);
  for (const [f, i] of vocab) idf[i] = Math.log((1 + docs.length) / (1 + df.get(f)!)) + 1;
  const vec = (tokens: string[]) => {
    const tf = new Map<number, number>();
    for (const f of tokens) {
      const i = vocab.get(f);
      if (i !== undefined) tf.set(i, (tf.get(i) ?? 0) + 1);
    }
    const row = [...tf].sort((a, b) => a[0] - b[0]).map(([i, c]) => [i, c * idf[i]] as [number, number]);
    const norm = Math.sqrt(row.reduce((s, [, v]) => s + v * v, 0)) || 1;
    return row.map(([i, v]) => [i, v / norm] as [number, number]);
  };
  const m = trainLogistic(csrFromRows(docs.map(vec), vocab.size), y, { lambda });
  return (tokens) => vec(tokens).reduce((z, [i, v]) => z + m.weights[i] * v, m.bias);
}

/**
 * Trains on every record (originals and edits, edits labelled by what their text now says:
 * cebab.ts ratingsOf). `lambdas` of one value skips the cross-validation.
 */
export function trainTfidf(
  records: readonly CebabRecord[],
  label: keyof VibeLabels,
  lambdas: readonly number[] = TFIDF_LAMBDAS,
  log: (s: string) => void = () => {},
): TfidfModel {
  const docs = records.map((r) => tfidfTokens(r.description));
  const y = Float64Array.from(records, (r) => labelsOf(ratingsOf(r))[label]);
  const restaurants = new Map<number, number[]>();
  records.forEach((r, i) => {
    if (!r.is_original) return;
    const id = r.opentable_metadata.restaurant_id;
    (restaurants.get(id) ?? restaurants.set(id, []).get(id)!).push(i);
  });
  const venues = [...restaurants.entries()].sort(([a], [b]) => a - b);
  let lambda = lambdas[0];
  if (lambdas.length > 1) {
    let best = -1;
    const line: string[] = [];
    for (const l of lambdas) {
      const scores = new Map<number, number>();
      for (let f = 0; f < 5; f++) {
        const idx = records.map((_, i) => i).filter((i) => foldOf(records[i].opentable_metadata.restaurant_id) !== f);
        const score = fitTfidf(
          idx.map((i) => docs[i]),
          Float64Array.from(idx, (i) => y[i]),
          l,
        );
        for (const [id, rows] of venues)
          if (foldOf(id) === f) scores.set(id, score(tfidfTokens(rows.map((i) => records[i].description).join("\n"))));
      }
      const a = auc(
        venues.map(([id]) => scores.get(id)!),
        venues.map(([, rows]) => restaurantLabels(rows.map((i) => records[i]))[label]),
      )!;
      line.push(`${l}: ${a.toFixed(3)}`);
      if (a > best + 1e-9) {
        best = a;
        lambda = l;
      }
    }
    log(`${TFIDF_NAME} ${label}: venue AUC (CV) by lambda ${line.join(", ")} -> ${lambda}`);
  }
  const score = fitTfidf(docs, y, lambda);
  return { lambda, predict: (texts) => sigmoid(score(tfidfTokens(texts.join("\n")))) };
}
