/**
 * Trains the text vibe model vibe-model-v3 (src/server/vibes/model.ts) on CEBaB and writes
 * data/models/vibe-model-v3.json. Deterministic: running it twice writes the same bytes, and
 * tests/bench/model-reproducible.test.ts rebuilds it from ../shared/data and compares the hash.
 *
 *   npx tsx bench/train-vibe-model.ts            # fit with the settings in CHOSEN, write the model
 *   npx tsx bench/train-vibe-model.ts --select   # choose the settings again by cross-validation first
 *   npx tsx bench/train-vibe-model.ts --dry-run  # everything but the write
 *   npx tsx bench/train-vibe-model.ts --out /tmp/m.json   # write elsewhere
 *
 * Data (../shared/data/SOURCES.md, CC BY 4.0; labels: bench/cebab.ts and docs/vibe-analysis.md):
 * the authors' train_inclusive split (1,755 original reviews, 9,973 crowd edits) and their dev split
 * (272 originals, 1,401 edits). The test split is never read here (bench/text-eval.ts reads it).
 *
 * vibe-model-v3 is vibe-model-v2 with a new noise head. The noise head learns from train and dev
 * pooled, and every choice about it is made by 5-fold cross-validation over restaurants (a
 * restaurant's reviews and their edits are all in one fold), scored on the venue-level truth: each
 * held-out restaurant's original reviews read together, against the mean of its reviewers' ratings
 * (cebab.ts restaurantLabels), so every figure that chooses is about venues the model has not read.
 * Romantic and Cozy, and the lexicon temper, are built as v2 built them (v2Head: train only, gamma by
 * cross-validation over train restaurants, Platt on the dev restaurants), which rebuilds v2's very
 * weights: the crowd votes' weight rests on Romantic's level (docs/vibe-analysis.md, "Calibration").
 * Without `proxyDev` (bench/text-eval.ts --cv) every head is built the noise head's way.
 *
 * Steps:
 * 1. Every record is read as the server reads a text (model-reader.ts): segments, unigram and bigram
 *    features with negation marked, lexicon-v1 evidence per vibe. Words of a restaurant's name that are
 *    rare elsewhere (seen at fewer than NAME_WORD_MIN_RESTAURANTS restaurants) are dropped from its
 *    reviews so the model cannot learn restaurants by name.
 * 2. Vocabulary: features in at least MIN_DF training records and in reviews of at least
 *    MIN_RESTAURANTS restaurants.
 * 3. Per head (noise -> Loud/Quiet, romantic, cozy) an L2 logistic regression on the words, phrases and
 *    lexicon evidence (of every vibe, or of the head's own vibes only), optionally with the reviewer's
 *    own overall, food and service ratings and the review's star label as covariates during training
 *    only (when scoring, their average effect goes into the bias). Lexicon features are penalised
 *    LEX_PENALTY times less than words. Originals weigh 1 and edits editWeight.
 *    Settings (CHOSEN; `--select` searches GRID again): the cross-validated venue AUC, less how far the
 *    head's score tells praise from complaint in the UCI Yelp sentences (|AUC - 0.5|, sentiment labels
 *    only): praise is not a vibe, and a head that reads it as one quotes "amazing" as evidence.
 * 4. gamma (aggregation over segments, model.ts) and the calibration (Platt) from the same
 *    cross-validation: the out-of-fold scores of each restaurant's reviews aggregated with each gamma
 *    in GAMMAS, the gamma with the lowest restaurant-level log loss kept, and Platt fitted on those
 *    out-of-fold restaurant scores (1,000+ restaurants rather than the 247 of dev alone, where v2's
 *    noise head ranked worst and its calibration shrank every Loud score toward the base rate).
 * 5. Lexicon temper for vibes without labels (and the explicit part of Romantic and Cozy): on the
 *    training restaurants, what one unit of lexicon-v1 evidence for Loud is worth in logits, and its gamma.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { dirname } from "node:path";
import { ALL_VIBES } from "../src/shared/vocabulary";
import { MODEL_FILE, MODEL_METHOD, VibeModel, type ModelHead, type VibeModelData } from "../src/server/vibes/model";
import { printHeader } from "./header";
import { SEGMENT_WORDS, normalizeText, wordForm } from "../src/server/vibes/model-features";
import { readText, VIBE_INDEX, type ReadText } from "../src/server/vibes/model-reader";
import { auc, csrFromRows, fitPlatt, logLoss, sigmoid, trainLogistic, type Csr } from "../src/server/vibes/model-train";
import {
  CEBAB_ATTRIBUTION,
  labelsOf,
  ratingsOf,
  readCebab,
  restaurantLabels,
  type CebabRecord,
  type VibeLabels,
} from "./cebab";

const YELP_TSV =
  process.env.YELP_TSV ?? fileURLToPath(new URL("../../shared/data/uci_yelp_labelled_sentences.tsv", import.meta.url));

export const SETTINGS = {
  MIN_DF: 3,
  /** A feature must also be used in reviews of at least this many restaurants (no memorising places). */
  MIN_RESTAURANTS: 5,
  NAME_WORD_MIN_RESTAURANTS: 8,
  LEX_PENALTY: 0.1,
  GAMMAS: [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1],
  FOLDS: 5,
  /** Weights smaller than this are dropped from the file (after rounding to 4 decimals). */
  MIN_WEIGHT: 0.001,
  LEXICON_NEGATION: 0.5,
} as const;

/** One head's settings: L2 strength, weight of an edit, training-only covariates, which lexicon vibes it reads. */
export interface HeadSettings {
  lambda: number;
  editWeight: number;
  covariates: boolean;
  /** "all": lexicon-v1's evidence for every vibe; "own": only for the head's own vibes (Loud and Quiet for noise). */
  lexicon: "all" | "own";
}

/** The settings `--select` searches, per head. */
export const GRID: Record<string, HeadSettings[]> = {
  noise: grid([0.001, 0.003, 0.01, 0.03, 0.1], [1], [true, false], ["all", "own"]),
  romantic: grid([0.003, 0.01, 0.03], [0.3, 1], [true], ["all"]),
  cozy: grid([0.001, 0.003, 0.01], [0.3, 1], [true], ["all"]),
};

/**
 * What `--select` chose (bench/results/vibe-model-selection.txt has its table); the default run fits
 * with these, so the model rebuilds in well under a minute.
 */
export const CHOSEN: Record<string, HeadSettings> = {
  noise: { lambda: 0.003, editWeight: 1, covariates: true, lexicon: "all" },
  romantic: { lambda: 0.01, editWeight: 0.3, covariates: true, lexicon: "all" },
  cozy: { lambda: 0.001, editWeight: 1, covariates: true, lexicon: "all" },
};

function grid(lambdas: number[], edits: number[], covs: boolean[], lexs: HeadSettings["lexicon"][]): HeadSettings[] {
  const out: HeadSettings[] = [];
  for (const lexicon of lexs)
    for (const covariates of covs)
      for (const editWeight of edits)
        for (const lambda of lambdas) out.push({ lambda, editWeight, covariates, lexicon });
  return out;
}

/**
 * The heads. Romantic and Cozy learn from proxies (bench/cebab.ts), which say little about what an
 * explicit "romantic" or "cozy" is worth, so their own lexicon evidence is left out of the head and
 * added after calibration as explicit evidence (model.ts step 4), worth what explicit noise cues proved
 * to be worth on real labels.
 */
export interface HeadSpec {
  name: string;
  label: keyof VibeLabels;
  vibe: string;
  complement?: string;
  explicit?: boolean;
}
export const HEADS: HeadSpec[] = [
  { name: "noise", label: "Loud", vibe: "Loud", complement: "Quiet" },
  { name: "romantic", label: "Romantic", vibe: "Romantic", explicit: true },
  { name: "cozy", label: "Cozy", vibe: "Cozy", explicit: true },
];

/**
 * Priors of the vibes without labels: the share of venues assumed to have the vibe when a text speaks
 * of it only weakly. Assumptions, not measurements (docs/vibe-analysis.md says why each).
 */
const LEXICON_PRIORS: Record<string, number> = {
  "Live Music": 0.1,
  Energetic: 0.1,
  Social: 0.75,
  Whiskey: 0.05,
  "Country Music": 0.03,
  Creative: 0.1,
  Adventurous: 0.1,
  Focused: 0.1,
  Chill: 0.3,
  Relaxed: 0.3,
  Upbeat: 0.2,
};

export interface Doc {
  rec: CebabRecord;
  read: ReadText;
  feats: string[];
  lex: Float64Array;
  lexNeg: Uint8Array;
  cov: string[];
  y: VibeLabels;
  restaurant: number;
}

const round = (x: number, d = 4) => {
  const r = Math.round(x * 10 ** d) / 10 ** d;
  return Object.is(r, -0) ? 0 : r;
};

function covariates(r: CebabRecord): string[] {
  const m = r.opentable_metadata as CebabRecord["opentable_metadata"] & {
    rating_overall?: number;
    rating_food?: number;
    rating_service?: number;
  };
  const stars = (r as unknown as { review_majority?: string }).review_majority ?? "";
  return [`overall:${m.rating_overall}`, `food:${m.rating_food}`, `service:${m.rating_service}`, `stars:${stars}`];
}

const words = (s: string) => (normalizeText(s).match(/[\p{L}\p{N}']+/gu) ?? []).map(wordForm);

/** Reads records as the server reads texts, with each restaurant's rare name words dropped. */
export function toDocs(records: CebabRecord[]): Doc[] {
  const restaurantsOf = new Map<string, Set<number>>();
  for (const r of records)
    for (const w of new Set(words(r.description)))
      (restaurantsOf.get(w) ?? restaurantsOf.set(w, new Set()).get(w)!).add(r.opentable_metadata.restaurant_id);
  const rareNameWords = (r: CebabRecord) =>
    new Set(
      words(r.opentable_metadata.restaurant_name).filter(
        (w) => (restaurantsOf.get(w)?.size ?? 0) < SETTINGS.NAME_WORD_MIN_RESTAURANTS,
      ),
    );
  return records.map((rec) => {
    const read = readText(rec.description);
    const names = rareNameWords(rec);
    const lex = new Float64Array(ALL_VIBES.length);
    const lexNeg = new Uint8Array(ALL_VIBES.length);
    // name words are dropped from the segments the model scores too (the cross-validation reads them)
    if (names.size)
      for (const s of read.segments)
        s.hits = s.hits.filter((h) => !s.segment.tokens.slice(h.from, h.to + 1).some((t) => names.has(t.form)));
    const feats = new Set<string>();
    for (const s of read.segments) {
      for (const h of s.hits) feats.add(h.feature);
      for (let v = 0; v < lex.length; v++) {
        lex[v] += s.lex[v];
        lexNeg[v] |= s.lexNeg[v];
      }
    }
    return {
      rec,
      read,
      feats: [...feats].sort(),
      lex,
      lexNeg,
      cov: covariates(rec),
      y: labelsOf(ratingsOf(rec)),
      restaurant: rec.opentable_metadata.restaurant_id,
    };
  });
}

interface Design {
  vocab: string[];
  index: Map<string, number>;
  covIndex: Map<string, number>;
  cols: number;
  lexStart: number;
  covStart: number;
}

const designs = new WeakMap<Doc[], Design>();

/** The vocabulary and columns of a training set (memoised per array: every head and setting share it). */
function design(train: Doc[]): Design {
  const known = designs.get(train);
  if (known) return known;
  const D = makeDesign(train);
  designs.set(train, D);
  return D;
}

function makeDesign(train: Doc[]): Design {
  const df = new Map<string, number>();
  const places = new Map<string, Set<number>>();
  for (const d of train)
    for (const f of d.feats) {
      df.set(f, (df.get(f) ?? 0) + 1);
      (places.get(f) ?? places.set(f, new Set()).get(f)!).add(d.restaurant);
    }
  const vocab = [...df]
    .filter(([f, n]) => n >= SETTINGS.MIN_DF && places.get(f)!.size >= SETTINGS.MIN_RESTAURANTS)
    .map(([f]) => f)
    .sort();
  const covs = [...new Set(train.flatMap((d) => d.cov))].sort();
  const lexStart = vocab.length;
  const covStart = lexStart + 2 * ALL_VIBES.length;
  return {
    vocab,
    index: new Map(vocab.map((f, i) => [f, i])),
    covIndex: new Map(covs.map((c, i) => [c, i])),
    cols: covStart + covs.length,
    lexStart,
    covStart,
  };
}

/** The lexicon vibes a head reads: all but its own when explicit, or only its own vibes. */
function lexiconVibes(h: HeadSpec, s: HeadSettings): Set<string> {
  if (s.lexicon === "own") return new Set([h.vibe, h.complement].filter((v): v is string => !!v));
  return new Set(ALL_VIBES.filter((v) => !(h.explicit && v === h.vibe)));
}

function matrix(docs: Doc[], D: Design, lexVibes: ReadonlySet<string>, withCovariates: boolean): Csr {
  const L = ALL_VIBES.length;
  return csrFromRows(
    docs.map((d) => {
      const row: [number, number][] = [];
      for (const f of d.feats) {
        const i = D.index.get(f);
        if (i !== undefined) row.push([i, 1]);
      }
      for (let v = 0; v < L; v++) {
        if (!lexVibes.has(ALL_VIBES[v])) continue;
        if (d.lex[v]) row.push([D.lexStart + v, d.lex[v]]);
        if (d.lexNeg[v]) row.push([D.lexStart + L + v, 1]);
      }
      if (withCovariates)
        for (const c of d.cov) {
          const i = D.covIndex.get(c);
          if (i !== undefined) row.push([D.covStart + i, 1]);
        }
      return row;
    }),
    D.cols,
  );
}

function penalties(D: Design): Float64Array {
  const p = new Float64Array(D.cols).fill(1);
  for (let j = D.lexStart; j < D.covStart; j++) p[j] = SETTINGS.LEX_PENALTY;
  return p;
}

interface Fitted {
  bias: number;
  weights: Record<string, number>;
  lex: Record<string, number>;
  lexNeg: Record<string, number>;
}

/** Fits one head on `train` and folds the covariates' mean effect over its originals into the bias. */
function fitHead(train: Doc[], h: HeadSpec, s: HeadSettings, D: Design = design(train)): Fitted {
  const X = matrix(train, D, lexiconVibes(h, s), s.covariates);
  const y = Float64Array.from(train, (d) => d.y[h.label]);
  const sw = Float64Array.from(train, (d) => (d.rec.is_original ? 1 : s.editWeight));
  const fit = trainLogistic(X, y, { lambda: s.lambda, sampleWeight: sw, penalty: penalties(D) });
  let covMean = 0;
  if (s.covariates) {
    const originals = train.filter((d) => d.rec.is_original);
    for (const d of originals) for (const c of d.cov) covMean += fit.weights[D.covStart + D.covIndex.get(c)!];
    covMean /= originals.length;
  }
  const weights: Record<string, number> = {};
  D.vocab.forEach((f, i) => {
    const w = round(fit.weights[i]);
    if (Math.abs(w) >= SETTINGS.MIN_WEIGHT) weights[f] = w;
  });
  const lex: Record<string, number> = {};
  const lexNeg: Record<string, number> = {};
  ALL_VIBES.forEach((v, k) => {
    const a = round(fit.weights[D.lexStart + k]);
    const b = round(fit.weights[D.lexStart + ALL_VIBES.length + k]);
    if (a) lex[v] = a;
    if (b) lexNeg[v] = b;
  });
  return { bias: round(fit.bias + covMean), weights, lex, lexNeg };
}

const headOf = (h: HeadSpec, f: Fitted, rest: Partial<ModelHead> = {}): ModelHead => ({
  name: h.name,
  vibe: h.vibe,
  ...(h.complement ? { complement: h.complement } : {}),
  ...(h.explicit ? { explicit: true } : {}),
  bias: f.bias,
  center: 0,
  gamma: 1,
  platt: { a: 1, b: 0 },
  lex: f.lex,
  lexNeg: f.lexNeg,
  weights: f.weights,
  ...rest,
});

const emptyModel = (heads: ModelHead[]): VibeModelData => ({
  method: MODEL_METHOD,
  attribution: CEBAB_ATTRIBUTION,
  segmentWords: SEGMENT_WORDS,
  heads,
  lexicon: { slope: 0, gamma: 1, negation: SETTINGS.LEXICON_NEGATION, priors: {} },
});

const groupBy = <T>(xs: T[], key: (x: T) => number) => {
  const m = new Map<number, T[]>();
  for (const x of xs) (m.get(key(x)) ?? m.set(key(x), []).get(key(x))!).push(x);
  return [...m.entries()].sort(([a], [b]) => a - b).map(([, v]) => v);
};

/** Restaurant-level aggregated score for a gamma, from per-review segment delta sums and counts. */
function aggregated(groups: { sum: number; n: number }[][], gamma: number): number[] {
  return groups.map((g) => {
    const n = g.reduce((s, r) => s + r.n, 0);
    const sum = g.reduce((s, r) => s + r.sum, 0);
    return n ? sum * Math.max(1, n) ** (gamma - 1) : 0;
  });
}

function bestGamma(
  groups: { sum: number; n: number }[][],
  labels: number[],
): { gamma: number; loss: number; table: string } {
  let best = { gamma: 1, loss: Infinity };
  const table: string[] = [];
  for (const gamma of SETTINGS.GAMMAS) {
    const S = aggregated(groups, gamma);
    const pl = fitPlatt(S, labels);
    const loss = logLoss(
      S.map((s) => sigmoid(pl.a * s + pl.b)),
      labels,
    );
    table.push(`${gamma}:${loss.toFixed(4)}`);
    if (loss < best.loss - 1e-9) best = { gamma, loss };
  }
  return { ...best, table: table.join(" ") };
}

/** The fold of a restaurant: every review of a restaurant and every edit of them in one fold. */
export const foldOf = (restaurant: number, folds: number = SETTINGS.FOLDS) =>
  (Math.imul(restaurant, 2654435761) >>> 0) % folds;

/** Mean segment score of the training originals under a fitted head (its zero point). */
function centerOf(h: HeadSpec, f: Fitted, docs: Doc[]): number {
  const model = new VibeModel(emptyModel([headOf(h, f)]));
  let sum = 0;
  let n = 0;
  for (const d of docs)
    if (d.rec.is_original)
      for (const s of d.read.segments) {
        sum += model.segmentDeltas(s)[0];
        n++;
      }
  return round(sum / n);
}

interface OutOfFold {
  /** Per restaurant (ordered by id), per original review: its segments' summed deltas and their count. */
  groups: { sum: number; n: number }[][];
  truth: VibeLabels[];
}

/** Out-of-fold segment scores of every original review, per restaurant, for one head and setting. */
const foldSets = new WeakMap<Doc[], Doc[][]>();
/** The training part of each fold (memoised per array, so its design is computed once). */
function trainingFolds(docs: Doc[]): Doc[][] {
  let sets = foldSets.get(docs);
  if (!sets) {
    sets = Array.from({ length: SETTINGS.FOLDS }, (_, f) => docs.filter((d) => foldOf(d.restaurant) !== f));
    foldSets.set(docs, sets);
  }
  return sets;
}

/**
 * `fixed`: the vocabulary and center of the head fitted on all of `docs` for every fold (how
 * vibe-model-v2 fitted gamma); by default each fold has its own, as a venue the model has not read.
 */
function outOfFold(docs: Doc[], h: HeadSpec, s: HeadSettings, fixed?: { D: Design; center: number }): OutOfFold {
  const perReview = new Map<Doc, { sum: number; n: number }>();
  for (let f = 0; f < SETTINGS.FOLDS; f++) {
    const inFold = trainingFolds(docs)[f];
    const fitted = fixed ? fitHead(inFold, h, s, fixed.D) : fitHead(inFold, h, s);
    const center = fixed ? fixed.center : centerOf(h, fitted, inFold);
    const model = new VibeModel(emptyModel([headOf(h, fitted, { center })]));
    for (const d of docs)
      if (d.rec.is_original && foldOf(d.restaurant) === f) {
        let sum = 0;
        for (const seg of d.read.segments) sum += model.segmentDeltas(seg)[0];
        perReview.set(d, { sum, n: d.read.segments.length });
      }
  }
  const restaurants = groupBy(
    docs.filter((d) => d.rec.is_original),
    (d) => d.restaurant,
  );
  return {
    groups: restaurants.map((g) => g.map((d) => perReview.get(d)!)),
    truth: restaurants.map((g) => restaurantLabels(g.map((d) => d.rec))),
  };
}

const describeSettings = (s: HeadSettings) =>
  `lambda ${s.lambda}, edits ${s.editWeight}, covariates ${s.covariates ? "yes" : "no"}, lexicon ${s.lexicon}`;

function readYelp(): { read: ReadText; label: number }[] | null {
  if (!existsSync(YELP_TSV)) return null;
  return readFileSync(YELP_TSV, "utf8")
    .split(/\r?\n/)
    .slice(1)
    .filter(Boolean)
    .map((l) => l.split("\t"))
    .map(([sentence, label]) => ({ read: readText(sentence), label: Number(label) }));
}

/**
 * Chooses a head's settings among `grid` by cross-validation over restaurants: the out-of-fold venue
 * AUC (aggregated with gamma 0.5; the ranking hardly depends on it), less the praise check.
 */
function select(
  docs: Doc[],
  h: HeadSpec,
  options: HeadSettings[],
  yelp: { read: ReadText; label: number }[] | null,
  log: (s: string) => void,
): HeadSettings {
  let best: { s: HeadSettings; crit: number } | null = null;
  for (const s of options) {
    const oof = outOfFold(docs, h, s);
    const venueAuc = auc(
      aggregated(oof.groups, 0.5),
      oof.truth.map((t) => t[h.label]),
    )!;
    let praise = 0.5;
    if (yelp) {
      const f = fitHead(docs, h, s);
      const model = new VibeModel(emptyModel([headOf(h, f)]));
      praise = auc(
        yelp.map((y) => model.aggregate(y.read.segments)[0]),
        yelp.map((y) => y.label),
      )!;
    }
    const crit = venueAuc - Math.abs(praise - 0.5);
    log(
      `  ${h.name} ${describeSettings(s)}: venue AUC (CV) ${venueAuc.toFixed(3)}, praise AUC ${praise.toFixed(3)}` +
        ` -> ${crit.toFixed(3)}`,
    );
    if (!best || crit > best.crit + 1e-9) best = { s, crit };
  }
  log(`  -> ${h.name}: ${describeSettings(best!.s)}`);
  return best!.s;
}

/**
 * A head built as vibe-model-v2 built Romantic and Cozy: fitted on `train`, gamma by cross-validation
 * over its restaurants with the full fit's vocabulary and center, Platt on the `dev` restaurants.
 */
function v2Head(train: Doc[], dev: Doc[], h: HeadSpec, s: HeadSettings, log: (s: string) => void): ModelHead {
  const D = design(train);
  const fitted = fitHead(train, h, s, D);
  const center = centerOf(h, fitted, train);
  const oof = outOfFold(train, h, s, { D, center });
  const g = bestGamma(
    oof.groups,
    oof.truth.map((t) => t[h.label]),
  );
  const devRestaurants = groupBy(
    dev.filter((d) => d.rec.is_original),
    (d) => d.restaurant,
  );
  const model = new VibeModel(emptyModel([headOf(h, fitted, { center, gamma: g.gamma })]));
  const S = devRestaurants.map((r) => model.aggregate(r.flatMap((d) => d.read.segments))[0]);
  const labels = devRestaurants.map((r) => restaurantLabels(r.map((d) => d.rec))[h.label]);
  const pl = fitPlatt(S, labels);
  const platt = { a: round(pl.a), b: round(pl.b) };
  log(`  ${h.name} (as vibe-model-v2): ${describeSettings(s)}; ${Object.keys(fitted.weights).length} weights`);
  log(`    gamma ${g.table} -> ${g.gamma}`);
  log(
    `    platt a ${platt.a} b ${platt.b} on ${devRestaurants.length} dev restaurants ` +
      `(at S = 0: ${sigmoid(platt.b).toFixed(3)})`,
  );
  return headOf(h, fitted, { center, gamma: g.gamma, platt });
}

export interface BuildOptions {
  /** Choose the settings by cross-validation (GRID) instead of using CHOSEN. */
  select?: boolean;
  log?: (s: string) => void;
  /** Settings per head (default CHOSEN); ignored with select. */
  settings?: Record<string, HeadSettings>;
  /**
   * The dev split's records (also in `records`): then Romantic and Cozy are built as vibe-model-v2 built
   * them (trained on the other records, gamma by cross-validation over those, Platt on the dev
   * restaurants, the lexicon temper on the training restaurants), which gives v2's very heads.
   */
  proxyDev?: ReadonlySet<CebabRecord>;
}

/** Builds the model from CEBaB records (train_inclusive and dev in the shipped model). Deterministic. */
export function buildModel(records: CebabRecord[], opts: BuildOptions = {}): VibeModelData {
  const log = opts.log ?? (() => {});
  const t0 = performance.now();
  const docs = toDocs(records);
  const originals = docs.filter((d) => d.rec.is_original);
  const restaurants = groupBy(originals, (d) => d.restaurant);
  log(
    `read ${docs.length} records (${originals.length} originals of ${restaurants.length} restaurants) ` +
      `in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  const yelp = opts.select ? readYelp() : null;
  if (opts.select)
    log(yelp ? `praise check: ${yelp.length} UCI Yelp sentences` : `praise check skipped: ${YELP_TSV} not found`);

  const v2Way = (h: HeadSpec) => !!opts.proxyDev && h.name !== "noise";
  const chosen = HEADS.map((h) =>
    opts.select && !v2Way(h) ? select(docs, h, GRID[h.name], yelp, log) : (opts.settings ?? CHOSEN)[h.name],
  );
  const trainDocs = opts.proxyDev ? docs.filter((d) => !opts.proxyDev!.has(d.rec)) : docs;
  const devDocs = opts.proxyDev ? docs.filter((d) => opts.proxyDev!.has(d.rec)) : [];

  const heads: ModelHead[] = HEADS.map((h, k) => {
    const s = chosen[k];
    if (v2Way(h)) return v2Head(trainDocs, devDocs, h, s, log);
    const fitted = fitHead(docs, h, s);
    const center = centerOf(h, fitted, docs);
    const oof = outOfFold(docs, h, s);
    const labels = oof.truth.map((t) => t[h.label]);
    const g = bestGamma(oof.groups, labels);
    const S = aggregated(oof.groups, g.gamma);
    const pl = fitPlatt(S, labels);
    const platt = { a: round(pl.a), b: round(pl.b) };
    log(
      `  ${h.name}: ${describeSettings(s)}; ${Object.keys(fitted.weights).length} weights; ` +
        `venue AUC (CV) ${auc(S, labels)!.toFixed(3)}`,
    );
    log(`    gamma ${g.table} -> ${g.gamma}`);
    log(
      `    platt a ${platt.a} b ${platt.b} (base rate of the restaurants ` +
        `${(labels.reduce((a: number, b) => a + b, 0) / labels.length).toFixed(3)}, at S = 0: ` +
        `${sigmoid(platt.b).toFixed(3)})`,
    );
    return headOf(h, fitted, { center, gamma: g.gamma, platt });
  });

  // lexicon temper: what lexicon evidence is worth on the (training) restaurants, aggregated over the
  // segments that speak of the vibe (model.ts step 5)
  const temperRestaurants = opts.proxyDev
    ? groupBy(
        trainDocs.filter((d) => d.rec.is_original),
        (d) => d.restaurant,
      )
    : restaurants;
  const truth = temperRestaurants.map((g) => restaurantLabels(g.map((d) => d.rec)));
  const temper = (["Loud", "Quiet", "Romantic", "Cozy"] as const).map((vibe) => {
    const v = VIBE_INDEX.get(vibe)!;
    const perRestaurant = temperRestaurants.map((g) => {
      const s = g
        .flatMap((d) => d.read.segments.map((seg) => seg.lex[v] - SETTINGS.LEXICON_NEGATION * seg.lexNeg[v]))
        .filter((x) => x !== 0);
      return { sum: s.reduce((a, b) => a + b, 0), n: s.length };
    });
    const labels = truth.map((t) => t[vibe]);
    const groups = perRestaurant.map((r) => [r]);
    const g = bestGamma(groups, labels);
    const pl = fitPlatt(aggregated(groups, g.gamma), labels);
    log(
      `  lexicon ${vibe}: ${perRestaurant.filter((r) => r.n).length} restaurants speak of it; ` +
        `gamma ${g.gamma}, slope ${pl.a.toFixed(3)} logits per unit of evidence, intercept ${pl.b.toFixed(3)}`,
    );
    return { vibe, gamma: g.gamma, slope: pl.a };
  });
  // The slope and gamma of explicit Loud cues stand for every vibe without labels: like Live Music or
  // Whiskey, Loud is a minority property a text names outright. (Quiet, the majority, is named far less
  // reliably and would understate it; Romantic and Cozy have only proxies.)
  const loud = temper.find((t) => t.vibe === "Loud")!;
  const lexicon = {
    slope: round(loud.slope, 3),
    gamma: round(loud.gamma, 2),
    negation: SETTINGS.LEXICON_NEGATION,
    priors: LEXICON_PRIORS,
  };
  log(`  lexicon temper: slope ${lexicon.slope}, gamma ${lexicon.gamma}`);
  return {
    ...emptyModel(heads),
    lexicon,
    training: {
      script: "bench/train-vibe-model.ts",
      data: opts.proxyDev
        ? "CEBaB v1.1 (CEBaBing/CEBaB 40e6851): noise on train_inclusive and dev pooled, its settings, gamma and " +
          `calibration by ${SETTINGS.FOLDS}-fold cross-validation over restaurants; romantic, cozy and the ` +
          "lexicon temper as vibe-model-v2 (train_inclusive, calibrated on dev); test unseen"
        : `CEBaB records given; settings, gamma and calibration by ${SETTINGS.FOLDS}-fold cross-validation`,
      records: docs.length,
      originals: originals.length,
      restaurants: restaurants.length,
      settings: Object.fromEntries(HEADS.map((h, k) => [h.name, chosen[k]])),
      lexiconPenalty: SETTINGS.LEX_PENALTY,
      minDf: SETTINGS.MIN_DF,
      minRestaurants: SETTINGS.MIN_RESTAURANTS,
    },
  };
}

/** The shipped model's bytes: the JSON with a final newline. */
export const modelJson = (data: VibeModelData) => `${JSON.stringify(data)}\n`;
export const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");

/** The records the shipped model is built from. */
export function trainingRecords(dir?: string): { records: CebabRecord[]; dev: ReadonlySet<CebabRecord> } {
  const dev = readCebab("dev", dir);
  return { records: [...readCebab("train_inclusive", dir), ...dev], dev: new Set(dev) };
}

export function main(argv = process.argv.slice(2)) {
  const t0 = performance.now();
  const { records, dev } = trainingRecords();
  const data = buildModel(records, { select: argv.includes("--select"), log: console.log, proxyDev: dev });
  const json = modelJson(data);
  console.log(
    `model: ${(json.length / 1024).toFixed(0)} KiB, ` +
      `${data.heads.map((h) => `${h.name} ${Object.keys(h.weights).length} weights`).join(", ")}; ` +
      `sha256 ${sha256(json)}; ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  if (argv.includes("--dry-run")) return data;
  const outAt = argv.indexOf("--out");
  const out = outAt >= 0 ? argv[outAt + 1] : MODEL_FILE;
  mkdirSync(dirname(out), { recursive: true });
  const before = existsSync(out) ? readFileSync(out, "utf8") : null;
  writeFileSync(out, json);
  console.log(`wrote ${out}${before === null ? "" : before === json ? " (unchanged)" : " (changed)"}`);
  return data;
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/.*\//, ""))) {
  printHeader(import.meta.url, { args: process.argv.slice(2).join(" ") });
  main();
}
