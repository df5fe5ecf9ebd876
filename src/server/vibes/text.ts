import { ALL_VIBES } from "@shared/vocabulary";
import { contradicts } from "@shared/vibe-tags";
import {
  ANTONYMS,
  ATMO_CUES,
  CONCESSIVES,
  CONDITIONALS,
  CONTRASTS,
  FOOD_WORDS,
  INTENSIFIERS,
  LEXICON,
  NEGATOR_WORDS,
  NUMBER_WORDS,
  SKIPS,
  SKIPS_CANCELLING_BUT,
  type VibeEntry,
} from "./data/lexicon";
import type { VibeAnalysis, VibeReading } from "./types";
import { foldText } from "./words";

export { ANTONYMS, LEXICON, type VibeEntry };

/**
 * Text vibe analyzer: a review, description or post in, every vibe of the product
 * (ALL_VIBES) scored 0..1 out. Method: TEXT_METHOD ("lexicon-v1"). Rule-based, pure, no I/O,
 * deterministic; linear in the length of the text. Results and figures: docs/vibe-analysis.md.
 *
 * ## Pipeline
 * 1. Tokens. Words are runs of letters, marks and digits (any script) with inner apostrophes
 *    kept ("wasn't", "friend's"); hyphens split words ("laid-back" -> laid back); emoji are
 *    tokens of their own. Each token is lower-cased with accents stripped (NFKD, marks dropped:
 *    "Café" -> cafe) and curly apostrophes straightened. Its lemma is the form the lexicon knows:
 *    the word itself, else without a possessive 's, else with stretched letters squeezed
 *    ("soooo" -> so, "looooud" -> loud), else a plural made singular (-ies, -es, -s).
 *    Only the first TEXT_RULES.maxChars characters are read.
 * 2. Sentences end at . ! ? … and line breaks; clauses end at , ; : ( ) / and spaced dashes,
 *    and at contrast words (below).
 * 3. Matching. At each position the LONGEST entry of any table wins (phrases before their
 *    words): "dance floor" beats "dance", "not for the faint of heart" beats "not", and
 *    "no frills" is a Chill phrase rather than a negated "frills". When a multi-word modifier
 *    ("a little") overlaps a longer vibe phrase that starts inside it ("little place"), the
 *    vibe phrase wins. Tables:
 *    - LEXICON: vibe entries `V("phrase|variant|...", { Vibe: weight, ... }, { ctx?, neg? })`.
 *      A weight is evidence in units of "one plain, clear statement" (1.0 = "cozy", "live band").
 *      Weights under 0.19 never make a tag (confidence 0.2) alone and unintensified: they support.
 *      `ctx: "food"` drops the match when a food or drink word is within 2 words before or 3
 *      after in the same clause ("packed with flavor", "bourbon glaze", "wild salmon").
 *      `ctx: "atmo"` also requires an atmosphere word somewhere in the sentence ("warm
 *      atmosphere" counts, "warm bread" and a bare "it was warm" do not).
 *      `neg` says what the phrase means when negated (default: ANTONYMS of its vibes).
 *    - NEGATORS (not, no, never, without, nothing, hardly, any "-n't" word ...): the next
 *      TEXT_RULES.negationScope words are negated, or fewer if the clause ends first.
 *    - INTENSITY: intensifiers ("very", "really", "super", "so", "extremely" x1.5; "too" x1.3;
 *      "perfect for" x1.3) and diminishers ("a bit", "slightly", "somewhat", "a little" x0.5)
 *      scale the next vibe entry within TEXT_RULES.intensityWindow words; they stack,
 *      clamped to 0.25..2.25.
 *    - SKIP: phrases that only look like cues and are consumed ("at all", "not only",
 *      "no doubt", "can't wait", "lukewarm", "salad bar", "sea bass", "state of the art").
 *    - CONTRAST words ("but", "however", "yet", "although", "though", "whereas", "that said").
 * 4. Weights of clauses (multiplied together):
 *    - contrast: every clause before a contrast word x0.6, every clause after it x1.5
 *      ("cozy but loud": Loud weighs 2.5 times Cozy). A sentence that opens with a concession
 *      ("Although X, Y") pivots at the end of the conceding clause. A sentence that opens with
 *      "But"/"However" pivots against the previous sentence. "not only X but Y" and "but also"
 *      are not contrasts; a trailing "though" ("Great, though!") is ignored;
 *    - conditional clauses (if, unless) x0.7; questions x0.7;
 *    - repeats: the n-th use of the same entry counts TEXT_RULES.repeatDecay^(n-1).
 * 5. Evidence. A vibe entry adds weight x clause factor x intensity to each of its vibes.
 *    Negated, it adds weight x clause factor to the vibe's NEGATIVE evidence, and its `neg`
 *    meaning (or the ANTONYMS of its vibes) to positive evidence: "not loud at all" denies
 *    Loud and gives Quiet 0.35 and Chill 0.2. Per vibe, evidence = positive - 0.5 x negative.
 * 6. Contradictions (`contradicts` of @shared/vibe-tags, spec 9): in each contradictory pair
 *    the weaker vibe is multiplied by its own share of the pair, e.g. Loud 2 vs Quiet 1 ->
 *    Quiet x 1/3 (ties: both halved).
 * 7. Confidence = 1 - exp(-1.2 x evidence), rounded to hundredths: 0.70 for one plain cue,
 *    0.83 for "very cozy", 0.45 for "a bit cozy". Vibes at 0.05 or more are returned strongest
 *    first (ties alphabetical). `evidence[vibe]` holds up to 2 short quotes of the text as
 *    written (modifiers included, e.g. "not loud at all" for Quiet); `negated` lists vibes
 *    the text denies and does not otherwise assert.
 */

export const TEXT_METHOD = "lexicon-v1";

export const TEXT_RULES = {
  negationScope: 3,
  intensityWindow: 2,
  minIntensity: 0.25,
  maxIntensity: 2.25,
  contrastBefore: 0.6,
  contrastAfter: 1.5,
  conditional: 0.7,
  question: 0.7,
  repeatDecay: 0.5,
  negationOffset: 0.5,
  saturation: 1.2,
  minConfidence: 0.05,
  maxQuotes: 2,
  maxQuoteChars: 60,
  maxChars: 100_000,
  foodWindowBefore: 2,
  foodWindowAfter: 3,
} as const;

type Entry =
  | VibeEntry
  | { kind: "negator"; phrase: string }
  | { kind: "intensity"; phrase: string; factor: number }
  | { kind: "skip"; phrase: string; cancelsBut?: boolean }
  | { kind: "contrast"; phrase: string; concessive: boolean }
  | { kind: "conditional"; phrase: string };

// ---------------------------------------------------------------- tokens

interface Tok {
  start: number;
  end: number;
  norm: string;
  lemma: string;
  /** null for words; "s" ends a sentence, "c" ends a clause. */
  punct: "s" | "c" | null;
}

/** A number, with its separators and a time or ordinal suffix ("10:30pm", "2nd"). */
const NUMBER_RE = /\p{N}+(?:[.,:]\p{N}+)*(?:am|pm|s|st|nd|rd|th)?/u;
/** Letters and digits, with apostrophes inside ("don't"). */
const WORD_RE = /[\p{L}\p{M}\p{N}]+(?:['’ʼ][\p{L}\p{M}\p{N}]+)*/u;
/** An emoji, an ellipsis, a punctuation mark, a dash standing alone, a line break. */
const MARK_RE = /\p{Extended_Pictographic}|\.{2,}|…|[.!?;:,()[\]{}/—–]|(?<=\s|^)-{1,2}(?=\s|$)|\n/u;
const TOKEN_RE = new RegExp(`${NUMBER_RE.source}|${WORD_RE.source}|${MARK_RE.source}`, "gu");
const SENTENCE_END = new Set([".", "!", "?", "…", "\n"]);

/** A word token folded (vibes/words.ts), its apostrophes kept as ' for "n't" and "'s". */
const normalizeWord = (raw: string) => foldText(raw).replace(/[’ʼ]/g, "'");

/** Lexicon-side canonical form of one phrase word. */
const canon = (norm: string) => (norm.endsWith("'s") ? norm.slice(0, -2) : norm);

function tokenize(text: string): Tok[] {
  const toks: Tok[] = [];
  for (const m of text.matchAll(TOKEN_RE)) {
    const raw = m[0];
    const start = m.index ?? 0;
    if (raw === "\n" || /^[.!?;:,()[\]{}/—–…-]/u.test(raw) || raw.startsWith("..")) {
      const punct: "s" | "c" = SENTENCE_END.has(raw) || raw.startsWith("..") ? "s" : "c";
      toks.push({ start, end: start + raw.length, norm: raw, lemma: raw, punct });
      continue;
    }
    const norm = normalizeWord(raw);
    if (!norm) continue; // a lone variation selector or combining mark
    toks.push({ start, end: start + raw.length, norm, lemma: lemmaOf(norm), punct: null });
  }
  return toks;
}

/** Words of a lexicon phrase; "#num" stands for any number ("group of #num"). */
function tokenizePhrase(phrase: string): string[] {
  return phrase
    .trim()
    .split(/\s+/)
    .flatMap((piece) =>
      piece === "#num"
        ? ["#num"]
        : [...piece.matchAll(TOKEN_RE)]
            .map((m) => m[0])
            .filter((w) => !/^[.!?;:,()[\]{}/—–…-]/u.test(w))
            .map((w) => canon(normalizeWord(w))),
    )
    .filter(Boolean);
}

// ---------------------------------------------------------------- the trie of every table

interface Node {
  next: Map<string, Node>;
  entry?: Entry;
}
const ROOT: Node = { next: new Map() };
const KNOWN = new Set<string>();

function insert(entry: Entry) {
  const words = tokenizePhrase(entry.phrase);
  if (!words.length) return;
  let node = ROOT;
  for (const w of words) {
    KNOWN.add(w);
    let next = node.next.get(w);
    if (!next) node.next.set(w, (next = { next: new Map() }));
    node = next;
  }
  node.entry ??= entry; // the first definition of a phrase wins
}

for (const phrase of NEGATOR_WORDS.split("|")) insert({ kind: "negator", phrase });
for (const phrase of SKIPS.split("|")) insert({ kind: "skip", phrase });
for (const phrase of SKIPS_CANCELLING_BUT.split("|")) insert({ kind: "skip", phrase, cancelsBut: true });
for (const phrase of CONTRASTS.split("|")) insert({ kind: "contrast", phrase, concessive: false });
for (const phrase of CONCESSIVES.split("|")) insert({ kind: "contrast", phrase, concessive: true });
for (const phrase of CONDITIONALS.split("|")) insert({ kind: "conditional", phrase });
for (const [list, factor] of INTENSIFIERS)
  for (const phrase of list.split("|")) insert({ kind: "intensity", phrase, factor });
for (const entry of LEXICON) insert(entry);
for (const w of [...ATMO_CUES, ...FOOD_WORDS]) KNOWN.add(w);

function lemmaOf(norm: string): string {
  if (KNOWN.has(norm)) return norm;
  let w = norm;
  if (w.endsWith("'s") || w.endsWith("'")) {
    w = w.replace(/'s?$/, "");
    if (KNOWN.has(w)) return w;
  }
  if (/(\p{L})\1\1/u.test(w)) {
    const one = w.replace(/(\p{L})\1{2,}/gu, "$1");
    if (KNOWN.has(one)) return one;
    const two = w.replace(/(\p{L})\1{2,}/gu, "$1$1");
    if (KNOWN.has(two)) return two;
    w = two;
  }
  if (w.length > 4 && w.endsWith("ies") && KNOWN.has(`${w.slice(0, -3)}y`)) return `${w.slice(0, -3)}y`;
  if (w.length > 3 && w.endsWith("es") && KNOWN.has(w.slice(0, -2))) return w.slice(0, -2);
  if (w.length > 2 && w.endsWith("s") && KNOWN.has(w.slice(0, -1))) return w.slice(0, -1);
  return w;
}

const isNumber = (t: Tok) => /^\p{N}/u.test(t.norm) || NUMBER_WORDS.has(t.lemma);
const isNegatorWord = (t: Tok) => /n't$/.test(t.norm) || t.norm === "cannot";

interface Match {
  entry: Entry;
  len: number;
}

/** The longest entry starting at token i (words only; punctuation ends every phrase). */
function longestAt(toks: Tok[], i: number, end: number): Match | null {
  let node: Node | undefined = ROOT;
  let best: Match | null = null;
  for (let j = i; j < end && node; j++) {
    const t = toks[j];
    if (t.punct) break;
    const next: Node | undefined =
      node.next.get(t.lemma) ?? node.next.get(t.norm) ?? (isNumber(t) ? node.next.get("#num") : undefined);
    if (!next) break;
    node = next;
    if (node.entry) best = { entry: node.entry, len: j - i + 1 };
  }
  if (!best && !toks[i].punct && isNegatorWord(toks[i]))
    best = { entry: { kind: "negator", phrase: toks[i].norm }, len: 1 };
  return best;
}

// ---------------------------------------------------------------- units, sentences, clauses

interface Unit {
  kind: "word" | Entry["kind"];
  entry?: Entry;
  /** Token indexes, inclusive. */
  from: number;
  to: number;
}

interface Clause {
  units: Unit[];
  factor: number;
  conditional: boolean;
}

interface Sentence {
  /** Token range [from, to). */
  from: number;
  to: number;
  clauses: Clause[];
  /** Opens with "But"/"However": the sentence before it weighs less. */
  opensWithContrast: boolean;
}

function unitsOf(toks: Tok[], from: number, to: number): (Unit | "boundary")[] {
  const out: (Unit | "boundary")[] = [];
  let i = from;
  while (i < to) {
    const t = toks[i];
    if (t.punct) {
      out.push("boundary");
      i++;
      continue;
    }
    const m = longestAt(toks, i, to);
    if (!m) {
      out.push({ kind: "word", from: i, to: i });
      i++;
      continue;
    }
    // A multi-word modifier must not swallow the start of a longer vibe phrase ("a little place").
    if (m.entry.kind !== "vibe" && m.len > 1) {
      let overlapped = false;
      for (let j = i + 1; j < i + m.len && !overlapped; j++) {
        const inner = longestAt(toks, j, to);
        if (inner && inner.entry.kind === "vibe" && j + inner.len > i + m.len) overlapped = true;
      }
      if (overlapped) {
        out.push({ kind: "word", from: i, to: i });
        i++;
        continue;
      }
    }
    out.push({ kind: m.entry.kind, entry: m.entry, from: i, to: i + m.len - 1 });
    i += m.len;
  }
  return out;
}

function splitSentences(toks: Tok[]): Sentence[] {
  const sentences: Sentence[] = [];
  let start = 0;
  for (let i = 0; i <= toks.length; i++) {
    if (i < toks.length && toks[i].punct !== "s") continue;
    if (i > start) sentences.push(buildSentence(toks, start, i, i < toks.length && toks[i].norm === "?"));
    start = i + 1;
  }
  // A sentence that opens with "But"/"However" weighs more than the one before it.
  for (let s = 1; s < sentences.length; s++) {
    if (sentences[s].opensWithContrast) for (const c of sentences[s - 1].clauses) c.factor *= TEXT_RULES.contrastBefore;
  }
  return sentences;
}

function buildSentence(toks: Tok[], from: number, to: number, question: boolean): Sentence {
  const units = unitsOf(toks, from, to);
  const clauses: Clause[] = [];
  const pivots: number[] = [];
  let cur: Clause = { units: [], factor: 1, conditional: false };
  let cancelBut = false;
  let concessionOpen = false;
  let opensWithContrast = false;
  const close = () => {
    if (cur.units.length) clauses.push(cur);
    cur = { units: [], factor: 1, conditional: false };
  };
  for (let k = 0; k < units.length; k++) {
    const u = units[k];
    if (u === "boundary") {
      close();
      if (concessionOpen) {
        pivots.push(clauses.length);
        concessionOpen = false;
      }
      continue;
    }
    if (u.kind === "skip" && u.entry?.kind === "skip" && u.entry.cancelsBut) cancelBut = true;
    if (u.kind === "contrast" && u.entry?.kind === "contrast") {
      const rest = units.slice(k + 1);
      const wordsAfter = rest.some((x) => x !== "boundary");
      const next = rest[0];
      const butAlso = next && next !== "boundary" && toks[next.from].lemma === "also";
      const isBut = u.entry.phrase === "but";
      if (!wordsAfter || (isBut && (cancelBut || butAlso))) {
        cur.units.push({ kind: "word", from: u.from, to: u.to });
        continue;
      }
      const wordsBefore = clauses.length > 0 || cur.units.length > 0;
      close();
      if (!wordsBefore && u.entry.concessive) concessionOpen = true;
      else {
        pivots.push(clauses.length);
        if (!wordsBefore) opensWithContrast = true;
      }
      continue;
    }
    if (u.kind === "conditional") cur.conditional = true;
    cur.units.push(u);
  }
  close();
  clauses.forEach((c, ci) => {
    for (const p of pivots) c.factor *= ci < p ? TEXT_RULES.contrastBefore : TEXT_RULES.contrastAfter;
    if (c.conditional) c.factor *= TEXT_RULES.conditional;
    if (question) c.factor *= TEXT_RULES.question;
  });
  return { from, to, clauses, opensWithContrast };
}

// ---------------------------------------------------------------- scoring

interface Quote {
  text: string;
  weight: number;
}

class Tally {
  pos = new Map<string, number>();
  neg = new Map<string, number>();
  quotes = new Map<string, Quote[]>();
  add(map: Map<string, number>, vibe: string, w: number) {
    if (w > 0) map.set(vibe, (map.get(vibe) ?? 0) + w);
  }
  quote(vibe: string, text: string, weight: number) {
    const list = this.quotes.get(vibe) ?? this.quotes.set(vibe, []).get(vibe)!;
    const found = list.find((q) => q.text.toLowerCase() === text.toLowerCase());
    if (found) found.weight = Math.max(found.weight, weight);
    else list.push({ text, weight });
  }
}

/** Whether the context lets an entry with `ctx` count at tokens [from, to] of sentence s. */
function contextAllows(entry: VibeEntry, toks: Tok[], s: Sentence, from: number, to: number): boolean {
  if (!entry.ctx) return true;
  // Food or drink nearby, without crossing punctuation.
  let seen = 0;
  for (let j = from - 1; j >= s.from && seen < TEXT_RULES.foodWindowBefore; j--) {
    if (toks[j].punct) break;
    seen++;
    if (FOOD_WORDS.has(toks[j].lemma)) return false;
  }
  seen = 0;
  for (let j = to + 1; j < s.to && seen < TEXT_RULES.foodWindowAfter; j++) {
    if (toks[j].punct) break;
    seen++;
    if (FOOD_WORDS.has(toks[j].lemma)) return false;
  }
  if (entry.ctx === "food") return true;
  for (let j = s.from; j < s.to; j++) if ((j < from || j > to) && ATMO_CUES.has(toks[j].lemma)) return true;
  return false;
}

function quoteOf(text: string, toks: Tok[], from: number, to: number): string {
  let end = toks[to].end;
  // "not loud at all": the quote keeps the "at all".
  if (toks[to + 1]?.lemma === "at" && toks[to + 2]?.lemma === "all") end = toks[to + 2].end;
  let q = text.slice(toks[from].start, end).replace(/\s+/g, " ").trim();
  if (q.length > TEXT_RULES.maxQuoteChars) q = q.slice(0, TEXT_RULES.maxQuoteChars).replace(/\s+\S*$/, "") + "…";
  return q;
}

function scoreClause(text: string, toks: Tok[], s: Sentence, clause: Clause, tally: Tally, seen: Map<string, number>) {
  let negLeft = 0;
  let negFrom = -1;
  let intensity = 1;
  let intLeft = 0;
  let intFrom = -1;
  const resetIntensity = () => {
    intensity = 1;
    intLeft = 0;
    intFrom = -1;
  };
  const plainWord = () => {
    if (negLeft > 0) negLeft--;
    if (intLeft > 0 && --intLeft === 0) resetIntensity();
  };
  for (const u of clause.units) {
    const e = u.entry;
    if (u.kind === "negator") {
      negLeft = TEXT_RULES.negationScope;
      negFrom = u.from;
      resetIntensity();
      continue;
    }
    if (u.kind === "intensity" && e?.kind === "intensity") {
      intensity = Math.min(TEXT_RULES.maxIntensity, Math.max(TEXT_RULES.minIntensity, intensity * e.factor));
      intLeft = TEXT_RULES.intensityWindow;
      if (intFrom < 0) intFrom = u.from;
      continue;
    }
    if (u.kind !== "vibe" || e?.kind !== "vibe" || !contextAllows(e, toks, s, u.from, u.to)) {
      plainWord();
      continue;
    }
    const n = seen.get(e.phrase) ?? 0;
    seen.set(e.phrase, n + 1);
    const base = clause.factor * TEXT_RULES.repeatDecay ** n;
    if (negLeft > 0) {
      for (const [vibe, w] of Object.entries(e.weights)) tally.add(tally.neg, vibe, w * base);
      const gains: Record<string, number> = {};
      if (e.neg) Object.assign(gains, e.neg);
      else
        for (const [vibe, w] of Object.entries(e.weights))
          for (const [a, share] of Object.entries(ANTONYMS[vibe] ?? {})) gains[a] = (gains[a] ?? 0) + w * share;
      const q = quoteOf(text, toks, negFrom, u.to);
      for (const [a, g] of Object.entries(gains)) {
        tally.add(tally.pos, a, g * base);
        tally.quote(a, q, g * base);
      }
      negLeft--;
    } else {
      const m = base * intensity;
      const q = quoteOf(text, toks, intFrom >= 0 ? intFrom : u.from, u.to);
      for (const [vibe, w] of Object.entries(e.weights)) {
        tally.add(tally.pos, vibe, w * m);
        tally.quote(vibe, q, w * m);
      }
    }
    resetIntensity();
  }
}

/**
 * In each contradictory pair (spec 9) the weaker is multiplied by its own share of the pair;
 * ties halve both. Works on any non-negative scores; exported for the image analyzer.
 */
export function suppressContradictions(scores: ReadonlyMap<string, number>): Map<string, number> {
  const out = new Map<string, number>();
  for (const [v, s] of scores) {
    let f = 1;
    for (const [u, t] of scores) if (u !== v && t > 0 && s > 0 && t >= s && contradicts(u, v)) f *= s / (s + t);
    out.set(v, s * f);
  }
  return out;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** Scores every vibe of the product in a review, description or post. Pure and deterministic. */
export function analyzeText(input: string): VibeAnalysis {
  const text = typeof input === "string" ? input.slice(0, TEXT_RULES.maxChars) : "";
  const toks = tokenize(text);
  const tally = new Tally();
  const seen = new Map<string, number>();
  for (const s of splitSentences(toks)) for (const c of s.clauses) scoreClause(text, toks, s, c, tally, seen);

  const evidence = new Map<string, number>();
  for (const vibe of ALL_VIBES) {
    const e = (tally.pos.get(vibe) ?? 0) - TEXT_RULES.negationOffset * (tally.neg.get(vibe) ?? 0);
    if (e > 0) evidence.set(vibe, e);
  }
  const vibes: VibeReading[] = [];
  for (const [vibe, e] of suppressContradictions(evidence)) {
    const confidence = round2(1 - Math.exp(-TEXT_RULES.saturation * e));
    if (confidence >= TEXT_RULES.minConfidence) vibes.push({ vibe, confidence });
  }
  vibes.sort((a, b) => b.confidence - a.confidence || a.vibe.localeCompare(b.vibe));

  const shown = new Set(vibes.map((v) => v.vibe));
  const negated = [...tally.neg.entries()]
    .filter(([vibe]) => !shown.has(vibe))
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
    .map(([vibe]) => vibe);
  const result: VibeAnalysis = { method: TEXT_METHOD, vibes };
  if (negated.length) result.negated = negated;
  if (vibes.length) {
    result.evidence = {};
    for (const { vibe } of vibes) {
      const quotes = (tally.quotes.get(vibe) ?? []).sort((a, b) => b.weight - a.weight).slice(0, TEXT_RULES.maxQuotes);
      if (quotes.length) result.evidence[vibe] = quotes.map((q) => q.text);
    }
  }
  return result;
}
