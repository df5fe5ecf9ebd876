/**
 * The numerical core of training the text vibe model (bench/train-vibe-model.ts) and of its
 * evaluation (bench/text-eval.ts): sparse L2 logistic regression fitted with L-BFGS, Platt scaling,
 * ROC AUC, log loss and reliability bins. Pure and deterministic: the same input in the same order
 * gives the same numbers bit for bit (no randomness, fixed iteration order).
 *
 * Hand-written rather than a library: the npm options (ml-logistic-regression and friends) take
 * dense matrices and fit by plain gradient descent, which is slow on 10^4 x 10^4 sparse bags of
 * words and not reproducible to the bit across versions; this is ~150 lines and unit-tested
 * (model-train.test.ts) against known answers.
 */

/** A sparse matrix in compressed rows: row i is cols[rowStart[i]..rowStart[i+1]) with vals. */
export interface Csr {
  rows: number;
  cols: number;
  rowStart: Int32Array;
  colIndex: Int32Array;
  values: Float64Array;
}

export function csrFromRows(rows: ReadonlyArray<ReadonlyArray<readonly [number, number]>>, cols: number): Csr {
  const nnz = rows.reduce((n, r) => n + r.length, 0);
  const rowStart = new Int32Array(rows.length + 1);
  const colIndex = new Int32Array(nnz);
  const values = new Float64Array(nnz);
  let k = 0;
  rows.forEach((r, i) => {
    rowStart[i] = k;
    for (const [c, v] of r) {
      if (c < 0 || c >= cols) throw new Error(`column ${c} out of range`);
      colIndex[k] = c;
      values[k++] = v;
    }
  });
  rowStart[rows.length] = k;
  return { rows: rows.length, cols, rowStart, colIndex, values };
}

export const sigmoid = (z: number) => (z >= 0 ? 1 / (1 + Math.exp(-z)) : Math.exp(z) / (1 + Math.exp(z)));
export const logit = (p: number) => Math.log(p / (1 - p));
/** log(1 + e^z) without overflow. */
const softplus = (z: number) => (z > 0 ? z + Math.log1p(Math.exp(-z)) : Math.log1p(Math.exp(z)));

export interface LogisticFit {
  bias: number;
  weights: Float64Array;
  iterations: number;
  loss: number;
}

export interface LogisticOptions {
  /** L2 penalty on the weights (not the bias), per unit of total example weight. */
  lambda: number;
  /** Example weights (default 1 each). */
  sampleWeight?: Float64Array;
  /** Per-column multiplier of lambda (default 1): 0 leaves a column unpenalised. */
  penalty?: Float64Array;
  maxIterations?: number;
  tolerance?: number;
}

/**
 * Weighted L2 logistic regression: minimises
 *   sum_i w_i [log(1 + e^{z_i}) - y_i z_i] / sum_i w_i + lambda/2 |theta|^2,  z_i = bias + x_i . theta,
 * with labels y in [0, 1] (soft labels allowed). L-BFGS (memory 10) with a backtracking Armijo line search.
 */
export function trainLogistic(X: Csr, y: ArrayLike<number>, opts: LogisticOptions): LogisticFit {
  const n = X.rows;
  const d = X.cols;
  const sw = opts.sampleWeight ?? new Float64Array(n).fill(1);
  let total = 0;
  for (let i = 0; i < n; i++) total += sw[i];
  if (!(total > 0)) throw new Error("no training weight");
  const lambda = opts.lambda;
  const dim = d + 1; // theta[d] is the bias
  const z = new Float64Array(n);

  const evaluate = (theta: Float64Array, grad: Float64Array): number => {
    grad.fill(0);
    let loss = 0;
    for (let i = 0; i < n; i++) {
      let zi = theta[d];
      for (let k = X.rowStart[i]; k < X.rowStart[i + 1]; k++) zi += X.values[k] * theta[X.colIndex[k]];
      z[i] = zi;
      loss += sw[i] * (softplus(zi) - y[i] * zi);
      const g = (sw[i] * (sigmoid(zi) - y[i])) / total;
      for (let k = X.rowStart[i]; k < X.rowStart[i + 1]; k++) grad[X.colIndex[k]] += g * X.values[k];
      grad[d] += g;
    }
    loss /= total;
    for (let j = 0; j < d; j++) {
      const l = opts.penalty ? lambda * opts.penalty[j] : lambda;
      loss += 0.5 * l * theta[j] * theta[j];
      grad[j] += l * theta[j];
    }
    return loss;
  };

  const theta = new Float64Array(dim);
  // start the bias at the weighted base rate
  let pos = 0;
  for (let i = 0; i < n; i++) pos += sw[i] * y[i];
  const base = Math.min(1 - 1e-6, Math.max(1e-6, pos / total));
  theta[d] = logit(base);
  const { x, loss, iterations } = lbfgs(evaluate, theta, opts.maxIterations ?? 400, opts.tolerance ?? 1e-7);
  return { bias: x[d], weights: x.slice(0, d), iterations, loss };
}

/** Limited-memory BFGS (Nocedal & Wright, algorithm 7.4/7.5) with backtracking Armijo steps. */
export function lbfgs(
  f: (x: Float64Array, grad: Float64Array) => number,
  x0: Float64Array,
  maxIterations: number,
  tolerance: number,
  memory = 10,
): { x: Float64Array; loss: number; iterations: number } {
  const dim = x0.length;
  let x = Float64Array.from(x0);
  let g = new Float64Array(dim);
  let fx = f(x, g);
  const S: Float64Array[] = [];
  const Y: Float64Array[] = [];
  const rho: number[] = [];
  const dir = new Float64Array(dim);
  const xNew = new Float64Array(dim);
  const gNew = new Float64Array(dim);
  const dot = (a: Float64Array, b: Float64Array) => {
    let s = 0;
    for (let i = 0; i < dim; i++) s += a[i] * b[i];
    return s;
  };
  let it = 0;
  for (; it < maxIterations; it++) {
    const gnorm = Math.sqrt(dot(g, g));
    if (gnorm < tolerance) break;
    // two-loop recursion: dir = -H g
    for (let i = 0; i < dim; i++) dir[i] = -g[i];
    const alpha: number[] = new Array(S.length);
    for (let k = S.length - 1; k >= 0; k--) {
      alpha[k] = rho[k] * dot(S[k], dir);
      const yk = Y[k];
      for (let i = 0; i < dim; i++) dir[i] -= alpha[k] * yk[i];
    }
    if (S.length) {
      const last = S.length - 1;
      const gamma = dot(S[last], Y[last]) / dot(Y[last], Y[last]);
      for (let i = 0; i < dim; i++) dir[i] *= gamma;
    } else {
      for (let i = 0; i < dim; i++) dir[i] /= Math.max(1, gnorm);
    }
    for (let k = 0; k < S.length; k++) {
      const beta = rho[k] * dot(Y[k], dir);
      const sk = S[k];
      for (let i = 0; i < dim; i++) dir[i] += sk[i] * (alpha[k] - beta);
    }
    let slope = dot(g, dir);
    if (slope >= 0) {
      // not a descent direction: restart from steepest descent
      S.length = Y.length = rho.length = 0;
      for (let i = 0; i < dim; i++) dir[i] = -g[i] / Math.max(1, gnorm);
      slope = dot(g, dir);
    }
    let step = 1;
    let fNew = Infinity;
    for (let tries = 0; tries < 40; tries++) {
      for (let i = 0; i < dim; i++) xNew[i] = x[i] + step * dir[i];
      fNew = f(xNew, gNew);
      if (fNew <= fx + 1e-4 * step * slope) break;
      step *= 0.5;
    }
    if (!(fNew <= fx + 1e-4 * step * slope)) break; // no progress possible
    const s = new Float64Array(dim);
    const yv = new Float64Array(dim);
    for (let i = 0; i < dim; i++) {
      s[i] = xNew[i] - x[i];
      yv[i] = gNew[i] - g[i];
    }
    const sy = dot(s, yv);
    if (sy > 1e-12) {
      S.push(s);
      Y.push(yv);
      rho.push(1 / sy);
      if (S.length > memory) {
        S.shift();
        Y.shift();
        rho.shift();
      }
    }
    const improvement = fx - fNew;
    x = Float64Array.from(xNew);
    g = Float64Array.from(gNew);
    fx = fNew;
    if (improvement < tolerance * Math.max(1, Math.abs(fx)) * 1e-3) {
      it++;
      break;
    }
  }
  return { x, loss: fx, iterations: it };
}

/** Platt scaling: p = sigmoid(a * score + b) fitted by weighted maximum likelihood (labels 0/1 or soft). */
export function fitPlatt(
  scores: ArrayLike<number>,
  labels: ArrayLike<number>,
  weights?: ArrayLike<number>,
): { a: number; b: number } {
  const rows = Array.from({ length: scores.length }, (_, i) => [[0, scores[i]] as const]);
  const X = csrFromRows(rows, 1);
  const fit = trainLogistic(X, labels, {
    lambda: 1e-6,
    sampleWeight: weights ? Float64Array.from(weights) : undefined,
    maxIterations: 200,
    tolerance: 1e-10,
  });
  return { a: fit.weights[0], b: fit.bias };
}

/**
 * ROC AUC (probability that a random positive outscores a random negative; ties count half). Null without both classes.
 */
export function auc(scores: ArrayLike<number>, labels: ArrayLike<number>): number | null {
  const idx = Array.from({ length: scores.length }, (_, i) => i).sort((i, j) => scores[i] - scores[j]);
  let pos = 0;
  let neg = 0;
  for (let i = 0; i < labels.length; i++) labels[i] >= 0.5 ? pos++ : neg++;
  if (!pos || !neg) return null;
  // rank sum of positives with average ranks for ties
  let rankSum = 0;
  for (let i = 0; i < idx.length; ) {
    let j = i;
    while (j + 1 < idx.length && scores[idx[j + 1]] === scores[idx[i]]) j++;
    const avgRank = (i + j) / 2 + 1;
    for (let k = i; k <= j; k++) if (labels[idx[k]] >= 0.5) rankSum += avgRank;
    i = j + 1;
  }
  return (rankSum - (pos * (pos + 1)) / 2) / (pos * neg);
}

/** Mean log loss of probabilities against 0/1 labels. */
export function logLoss(probs: ArrayLike<number>, labels: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < probs.length; i++) {
    const p = Math.min(1 - 1e-9, Math.max(1e-9, probs[i]));
    s -= labels[i] >= 0.5 ? Math.log(p) : Math.log(1 - p);
  }
  return s / Math.max(1, probs.length);
}

export interface ReliabilityBin {
  from: number;
  to: number;
  count: number;
  meanPredicted: number;
  observed: number;
}

/** Predicted probability against the observed rate, in bins of equal width (the last includes 1). */
export function reliability(
  probs: ArrayLike<number>,
  labels: ArrayLike<number>,
  edges: readonly number[] = [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1],
): ReliabilityBin[] {
  const bins = edges.slice(0, -1).map((from, i) => ({ from, to: edges[i + 1], count: 0, sumP: 0, sumY: 0 }));
  for (let i = 0; i < probs.length; i++) {
    const p = probs[i];
    const b = bins.find((x, k) => p >= x.from && (p < x.to || (k === bins.length - 1 && p <= x.to)));
    if (!b) continue;
    b.count++;
    b.sumP += p;
    b.sumY += labels[i] >= 0.5 ? 1 : 0;
  }
  return bins.map((b) => ({
    from: b.from,
    to: b.to,
    count: b.count,
    meanPredicted: b.count ? b.sumP / b.count : NaN,
    observed: b.count ? b.sumY / b.count : NaN,
  }));
}

/** Precision, recall and F1 of "predicted when p >= threshold". */
export function prf(probs: ArrayLike<number>, labels: ArrayLike<number>, threshold: number) {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  for (let i = 0; i < probs.length; i++) {
    const pred = probs[i] >= threshold;
    const gold = labels[i] >= 0.5;
    if (pred && gold) tp++;
    else if (pred) fp++;
    else if (gold) fn++;
  }
  const precision = tp + fp ? tp / (tp + fp) : null;
  const recall = tp + fn ? tp / (tp + fn) : null;
  const f1 =
    precision !== null && recall !== null && precision + recall > 0
      ? (2 * precision * recall) / (precision + recall)
      : precision === null || recall === null
        ? null
        : 0;
  return { tp, fp, fn, precision, recall, f1 };
}
