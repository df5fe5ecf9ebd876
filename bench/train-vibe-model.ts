/**
 * Trains the text vibe model vibe-model-v2 (src/server/vibes/model.ts) on CEBaB and writes
 * data/models/vibe-model-v2.json. Deterministic: running it twice writes the same bytes.
 *
 *   npx tsx bench/train-vibe-model.ts            # train, tune on dev, write the model
 *   npx tsx bench/train-vibe-model.ts --dry-run  # everything but the write
 *   npx tsx bench/train-vibe-model.ts --out /tmp/m.json   # write elsewhere
 *
 * Data (../shared/data/SOURCES.md, CC BY 4.0; labels: bench/cebab.ts and docs/vibe-analysis.md):
 * train = the authors' train_inclusive split (1,755 original reviews and 9,973 crowd edits of them);
 * dev = the authors' dev split, used for choosing the settings and fitting the calibration; the test
 * split is never read here (bench/text-eval.ts reads it for the final figures).
 *
 * Steps:
 * 1. Every record is read as the server reads a text (model-reader.ts): segments, unigram and bigram
 *    features with negation marked, lexicon-v1 evidence per vibe. Words of a restaurant's name that are
 *    rare elsewhere (seen at fewer than NAME_WORD_MIN_RESTAURANTS restaurants) are dropped from its
 *    reviews so the model cannot learn restaurants by name.
 * 2. Vocabulary: features in at least MIN_DF training records and in reviews of at least
 *    MIN_RESTAURANTS restaurants.
 * 3. Per head (noise -> Loud/Quiet, romantic, cozy) an L2 logistic regression on the words, phrases and
 *    lexicon evidence, with the reviewer's own overall, food and service ratings and the review's star
 *    label as covariates during training only: they soak up "the reviewer liked it" so that words are
 *    credited for the vibe rather than for satisfaction; when scoring, their average effect goes into
 *    the bias. Lexicon features are penalised LEX_PENALTY times less than words (prior knowledge).
 *    Originals weigh 1 and edits EDIT_WEIGHTS[k]; lambda in LAMBDAS: the pair with the best dev AUC is
 *    kept (for noise: the mean of the AUC on dev originals against their reviewers' ratings and on dev
 *    noise edits against what the edited text says), less how far the head's score tells praise from
 *    complaint in the UCI Yelp sentences (|AUC - 0.5|; sentiment labels only): praise is not a vibe.
 * 4. gamma (aggregation over segments, model.ts) by 5-fold cross-validation over training restaurants:
 *    the out-of-fold scores of each restaurant's reviews aggregated with each gamma in GAMMAS, the one
 *    with the lowest restaurant-level log loss kept.
 * 5. Calibration: Platt scaling of the aggregated score on dev restaurants.
 * 6. Lexicon temper for vibes without labels (and the explicit part of Romantic and Cozy): on training
 *    restaurants, what one unit of lexicon-v1 evidence for Loud is worth in logits, and its gamma.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { dirname } from "node:path";
import { ALL_VIBES } from "../src/shared/vocabulary";
import { MODEL_FILE, MODEL_METHOD, VibeModel, type ModelHead, type VibeModelData } from "../src/server/vibes/model";
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
  LAMBDAS: [0.001, 0.003, 0.01, 0.03, 0.1],
  EDIT_WEIGHTS: [0.3, 1],
  LEX_PENALTY: 0.1,
  GAMMAS: [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1],
  FOLDS: 5,
  /** Weights smaller than this are dropped from the file (after rounding to 4 decimals). */
  MIN_WEIGHT: 0.001,
  LEXICON_NEGATION: 0.5,
} as const;

/**
 * The heads. Romantic and Cozy learn from proxies (bench/cebab.ts), which say little about what an
 * explicit "romantic" or "cozy" is worth, so their own lexicon evidence is left out of the head and
 * added after calibration as explicit evidence (model.ts step 4), worth what explicit noise cues proved
 * to be worth on real labels.
 */
const HEADS: { name: string; label: keyof VibeLabels; vibe: string; complement?: string; explicit?: boolean }[] = [
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

interface Doc {
  rec: CebabRecord;
  read: ReadText;
  feats: string[];
  lex: Float64Array;
  lexNeg: Uint8Array;
  cov: string[];
  y: VibeLabels;
  restaurant: number;
}

const log = (...a: unknown[]) => console.log(...a);
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

function toDocs(records: CebabRecord[], rareNameWords: (r: CebabRecord) => Set<string>): Doc[] {
  return records.map((rec) => {
    const read = readText(rec.description);
    const names = rareNameWords(rec);
    const feats = new Set<string>();
    const lex = new Float64Array(ALL_VIBES.length);
    const lexNeg = new Uint8Array(ALL_VIBES.length);
    for (const s of read.segments) {
      for (const h of s.hits) {
        let named = false;
        for (let i = h.from; i <= h.to && !named; i++) named = names.has(s.segment.tokens[i].form);
        if (!named) feats.add(h.feature);
      }
      for (let v = 0; v < lex.length; v++) {
        lex[v] += s.lex[v];
        lexNeg[v] |= s.lexNeg[v];
      }
    }
    // name words are dropped from the segments the model scores too (dev calibration reads them)
    if (names.size)
      for (const s of read.segments)
        s.hits = s.hits.filter((h) => !s.segment.tokens.slice(h.from, h.to + 1).some((t) => names.has(t.form)));
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

function design(train: Doc[]): Design {
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

function matrix(docs: Doc[], D: Design, excluded: ReadonlySet<string> = new Set()): Csr {
  const L = ALL_VIBES.length;
  return csrFromRows(
    docs.map((d) => {
      const row: [number, number][] = [];
      for (const f of d.feats) {
        const i = D.index.get(f);
        if (i !== undefined) row.push([i, 1]);
      }
      for (let v = 0; v < L; v++) {
        if (excluded.has(ALL_VIBES[v])) continue;
        if (d.lex[v]) row.push([D.lexStart + v, d.lex[v]]);
        if (d.lexNeg[v]) row.push([D.lexStart + L + v, 1]);
      }
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

/** Fits one head and folds the covariates' mean effect over training originals into the bias. */
function fitHead(train: Doc[], X: Csr, D: Design, label: keyof VibeLabels, lambda: number, editWeight: number): Fitted {
  const y = Float64Array.from(train, (d) => d.y[label]);
  const sw = Float64Array.from(train, (d) => (d.rec.is_original ? 1 : editWeight));
  const fit = trainLogistic(X, y, { lambda, sampleWeight: sw, penalty: penalties(D) });
  const originals = train.filter((d) => d.rec.is_original);
  let covMean = 0;
  for (const d of originals) for (const c of d.cov) covMean += fit.weights[D.covStart + D.covIndex.get(c)!];
  covMean /= originals.length;
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

const excludedOf = (h: (typeof HEADS)[number]) => new Set(h.explicit ? [h.vibe] : []);

const headOf = (h: (typeof HEADS)[number], f: Fitted, rest: Partial<ModelHead> = {}): ModelHead => ({
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
    return n ? sum * n ** (gamma - 1) : 0;
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

export function main(argv = process.argv.slice(2)) {
  const t0 = performance.now();
  const trainRecords = readCebab("train_inclusive");
  const devRecords = readCebab("dev");

  // 1. rare name words
  const restaurantsOf = new Map<string, Set<number>>();
  for (const r of [...trainRecords, ...devRecords])
    for (const w of new Set(words(r.description)))
      (restaurantsOf.get(w) ?? restaurantsOf.set(w, new Set()).get(w)!).add(r.opentable_metadata.restaurant_id);
  const rareNameWords = (r: CebabRecord) =>
    new Set(
      words(r.opentable_metadata.restaurant_name).filter(
        (w) => (restaurantsOf.get(w)?.size ?? 0) < SETTINGS.NAME_WORD_MIN_RESTAURANTS,
      ),
    );
  const train = toDocs(trainRecords, rareNameWords);
  const dev = toDocs(devRecords, rareNameWords);
  const devOriginals = dev.filter((d) => d.rec.is_original);
  const trainOriginals = train.filter((d) => d.rec.is_original);
  log(
    `read ${train.length} training records (${trainOriginals.length} originals), ` +
      `${dev.length} dev (${devOriginals.length} originals) ` +
      `in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );

  // extra dev set for the praise check: UCI Yelp sentences (Kotzias et al., KDD 2015, CC BY 4.0), sentiment labels only
  const yelp = existsSync(YELP_TSV)
    ? readFileSync(YELP_TSV, "utf8")
        .split(/\r?\n/)
        .slice(1)
        .filter(Boolean)
        .map((l) => l.split("\t"))
        .map(([sentence, label]) => ({ doc: { read: readText(sentence) } as Doc, label: Number(label) }))
    : null;
  log(yelp ? `praise check: ${yelp.length} UCI Yelp sentences` : `praise check skipped: ${YELP_TSV} not found`);

  // 2. vocabulary
  const D = design(train);
  const trainRestaurants = new Set(train.map((d) => d.restaurant));
  log(
    `vocabulary: ${D.vocab.length} features in >= ${SETTINGS.MIN_DF} records; ` +
      `${D.covIndex.size} training-only covariates`,
  );

  // 3. heads, settings chosen on dev
  const chosen: { head: (typeof HEADS)[number]; lambda: number; editWeight: number; fitted: Fitted; devAuc: number }[] =
    [];
  for (const head of HEADS) {
    const X = matrix(train, D, excludedOf(head));
    let best: (typeof chosen)[number] | null = null;
    const lines: string[] = [];
    for (const editWeight of SETTINGS.EDIT_WEIGHTS) {
      for (const lambda of SETTINGS.LAMBDAS) {
        const fitted = fitHead(train, X, D, head.label, lambda, editWeight);
        const model = new VibeModel(emptyModel([headOf(head, fitted)]));
        const score = (d: Doc) => model.aggregate(d.read.segments)[0];
        const aOrig = auc(
          devOriginals.map(score),
          devOriginals.map((d) => d.y[head.label]),
        )!;
        const unseenDev = devOriginals.filter((d) => !trainRestaurants.has(d.restaurant));
        const aUnseen = auc(
          unseenDev.map(score),
          unseenDev.map((d) => d.y[head.label]),
        )!;
        let extra = "";
        // praise is not a vibe: how well the head's score tells praise from complaint in the UCI Yelp
        // sentences (0.5 = not at all) is subtracted from its dev AUC beyond 0.5
        let leak = 0.5;
        if (yelp) {
          leak = auc(
            yelp.map((y) => score(y.doc)),
            yelp.map((y) => y.label),
          )!;
          extra += ` praise AUC ${leak.toFixed(3)}`;
        }
        let crit = aOrig - Math.abs(leak - 0.5);
        if (head.name === "noise") {
          const edits = dev.filter(
            (d) =>
              !d.rec.is_original &&
              d.rec.edit_type === "noise" &&
              /^(Positive|Negative)$/.test(d.rec.noise_aspect_majority),
          );
          const aText = auc(
            edits.map(score),
            edits.map((d) => (d.rec.noise_aspect_majority === "Negative" ? 1 : 0)),
          )!;
          crit = (aOrig + aText) / 2 - Math.abs(leak - 0.5);
          extra += ` noise edits ${aText.toFixed(3)} (${edits.length})`;
        }
        lines.push(
          `  ${head.name} edit ${editWeight} lambda ${lambda}: ` +
            `dev originals AUC ${aOrig.toFixed(3)} (restaurants unseen in train: ${aUnseen.toFixed(3)})${extra}`,
        );
        if (!best || crit > best.devAuc + 1e-9) best = { head, lambda, editWeight, fitted, devAuc: crit };
      }
    }
    log(lines.join("\n"));
    log(`  -> ${head.name}: edit weight ${best!.editWeight}, lambda ${best!.lambda}`);
    chosen.push(best!);
  }

  // center: mean segment score of a training original
  const centers = chosen.map((c) => {
    const model = new VibeModel(emptyModel([headOf(c.head, c.fitted)]));
    let sum = 0;
    let n = 0;
    for (const d of trainOriginals)
      for (const s of d.read.segments) {
        sum += model.segmentDeltas(s)[0];
        n++;
      }
    return round(sum / n);
  });

  // 4. gamma by cross-validation over training restaurants
  const foldOf = (restaurant: number) => (Math.imul(restaurant, 2654435761) >>> 0) % SETTINGS.FOLDS;
  const gammas: number[] = [];
  const restaurants = groupBy(trainOriginals, (d) => d.restaurant);
  const restaurantTruth = restaurants.map((g) => restaurantLabels(g.map((d) => d.rec)));
  chosen.forEach((c, k) => {
    const perReview = new Map<Doc, { sum: number; n: number }>();
    for (let f = 0; f < SETTINGS.FOLDS; f++) {
      const inFold = train.filter((d) => foldOf(d.restaurant) !== f);
      const Xf = matrix(inFold, D, excludedOf(c.head));
      const fitted = fitHead(inFold, Xf, D, c.head.label, c.lambda, c.editWeight);
      const model = new VibeModel(emptyModel([headOf(c.head, fitted, { center: centers[k] })]));
      for (const d of trainOriginals.filter((x) => foldOf(x.restaurant) === f)) {
        let sum = 0;
        for (const s of d.read.segments) sum += model.segmentDeltas(s)[0];
        perReview.set(d, { sum, n: d.read.segments.length });
      }
    }
    const groups = restaurants.map((g) => g.map((d) => perReview.get(d)!));
    const best = bestGamma(
      groups,
      restaurantTruth.map((t) => t[c.head.label]),
    );
    log(`  gamma ${c.head.name}: ${best.table} -> ${best.gamma}`);
    gammas.push(best.gamma);
  });

  // 5. Platt on dev restaurants
  const devRestaurants = groupBy(devOriginals, (d) => d.restaurant);
  const devTruth = devRestaurants.map((g) => restaurantLabels(g.map((d) => d.rec)));
  const heads: ModelHead[] = chosen.map((c, k) => {
    const provisional = headOf(c.head, c.fitted, { center: centers[k], gamma: gammas[k] });
    const model = new VibeModel(emptyModel([provisional]));
    const S = devRestaurants.map((g) => model.aggregate(g.flatMap((d) => d.read.segments))[0]);
    const labels = devTruth.map((t) => t[c.head.label]);
    const pl = fitPlatt(S, labels);
    const platt = { a: round(pl.a), b: round(pl.b) };
    log(
      `  platt ${c.head.name}: a ${platt.a} b ${platt.b} (base rate on dev restaurants ` +
        `${(labels.reduce((a: number, b) => a + b, 0) / labels.length).toFixed(3)}, at S = 0: ` +
        `${sigmoid(platt.b).toFixed(3)})`,
    );
    return { ...provisional, platt };
  });

  // 6. lexicon temper: what lexicon evidence for Loud and Quiet is worth on training restaurants,
  // aggregated over the segments that speak of the vibe (model.ts step 5)
  const temper = (["Loud", "Quiet", "Romantic", "Cozy"] as const).map((vibe) => {
    const v = VIBE_INDEX.get(vibe)!;
    const perRestaurant = restaurants.map((g) => {
      const s = g
        .flatMap((d) => d.read.segments.map((seg) => seg.lex[v] - SETTINGS.LEXICON_NEGATION * seg.lexNeg[v]))
        .filter((x) => x !== 0);
      return { sum: s.reduce((a, b) => a + b, 0), n: s.length };
    });
    const labels = restaurantTruth.map((t) => t[vibe]);
    const g = bestGamma(
      perRestaurant.map((r) => [r]),
      labels,
    );
    const pl = fitPlatt(
      aggregated(
        perRestaurant.map((r) => [r]),
        g.gamma,
      ),
      labels,
    );
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

  const data: VibeModelData = {
    ...emptyModel(heads),
    lexicon,
    training: {
      script: "bench/train-vibe-model.ts",
      data:
        "CEBaB v1.1 (CEBaBing/CEBaB 40e6851): train_inclusive for training, dev for settings and calibration; " +
        "test unseen",
      trainRecords: train.length,
      trainOriginals: trainOriginals.length,
      devOriginals: devOriginals.length,
      vocabulary: D.vocab.length,
      settings: Object.fromEntries(
        chosen.map((c) => [c.head.name, { lambda: c.lambda, editWeight: c.editWeight, criterion: round(c.devAuc, 3) }]),
      ),
      lexiconPenalty: SETTINGS.LEX_PENALTY,
      minDf: SETTINGS.MIN_DF,
      minRestaurants: SETTINGS.MIN_RESTAURANTS,
      praiseCheck: yelp ? "UCI Yelp sentences (Kotzias et al., KDD 2015, CC BY 4.0), sentiment labels only" : "skipped",
    },
  };
  const json = `${JSON.stringify(data)}\n`;
  log(
    `model: ${(json.length / 1024).toFixed(0)} KiB, ` +
      `${heads.map((h) => `${h.name} ${Object.keys(h.weights).length} weights`).join(", ")}; ` +
      `${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  if (argv.includes("--dry-run")) return data;
  const outAt = argv.indexOf("--out");
  const out = outAt >= 0 ? argv[outAt + 1] : MODEL_FILE;
  mkdirSync(dirname(out), { recursive: true });
  const before = (() => {
    try {
      return readFileSync(out, "utf8");
    } catch {
      return null;
    }
  })();
  writeFileSync(out, json);
  log(`wrote ${out}${before === null ? "" : before === json ? " (unchanged)" : " (changed)"}`);
  return data;
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/.*\//, ""))) main();
