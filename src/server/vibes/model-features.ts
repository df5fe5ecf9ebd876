/**
 * Features of the text vibe model (vibe-model-v3, model.ts): the same code reads the training data
 * (bench/train-vibe-model.ts) and the texts the server scores, so training and use cannot drift.
 *
 * 1. Normalise: NFKD with marks dropped (Café -> cafe), lower case, curly apostrophes straightened.
 * 2. Tokens: words (letters and digits, inner apostrophes kept) and clause marks (. , ; : ! ? ( ) and
 *    line breaks). A word's form: possessive 's dropped (friend's -> friend), letters stretched three
 *    times or more squeezed to one (loooud -> loud), digits -> "0", a plural of five letters or more
 *    made singular (candles -> candle, parties -> party; not -ss, -us, -is). Every "-n't" word and its
 *    apostrophe-less spelling (wasnt, dont) becomes "not".
 * 3. Negation marking: after a negator (not, no, never, without, nothing, hardly, barely...) the next
 *    NEGATION_SCOPE words are prefixed "not_" until a clause mark or "but" ends the clause: "not loud at
 *    all" gives not, not_loud, not_at, not_all; "no music" gives no, not_music.
 * 4. Features of a segment: its unigrams and its bigrams (two words in a row in the same clause,
 *    "too loud", "quiet enough", "not not_loud"), each counted once (presence, not frequency).
 * 5. Segments: a text is read in pieces about the size of one short review (what the model was
 *    trained on), so a long text of many reviews is many pieces of evidence rather than one giant
 *    review: sentences are packed greedily into segments of at most SEGMENT_WORDS words; a blank or
 *    new line always ends a segment; a longer sentence is cut.
 */

export const NEGATION_SCOPE = 3;
export const SEGMENT_WORDS = 45;
/** Only the first MAX_CHARS characters of a text are read (the lexicon's limit too). */
export const MAX_CHARS = 100_000;

const NEGATORS = new Set(
  (
    "not|no|never|without|nothing|none|nobody|nowhere|neither|nor|hardly|barely|scarcely|cannot|lack|lacks|" +
    "lacked|lacking"
  ).split("|"),
);
const APOSTROPHE_LESS_NOT = new Set(
  "isnt|wasnt|arent|werent|dont|doesnt|didnt|cant|couldnt|wont|wouldnt|shouldnt|aint|havent|hasnt|hadnt".split("|"),
);
/** Words that end a negation's scope as a clause mark does. */
const SCOPE_ENDERS = new Set(["but", "however", "although", "though", "yet"]);

/** One word of a text: its feature form and where it is in the text (for quotes). */
export interface Token {
  form: string;
  /** Negation-marked form ("not_loud") or the form. */
  marked: string;
  start: number;
  end: number;
  /** Start of the negator when the word is in a negation scope (quotes include it). */
  negFrom: number;
}

export interface Segment {
  /** Character range of the segment in the text. */
  start: number;
  end: number;
  tokens: Token[];
  /** Token index where each clause starts (bigrams never cross a clause). */
  clauseStarts: number[];
}

const TOKEN_RE = /[\p{L}\p{N}]+(?:['’ʼ][\p{L}\p{N}]+)*|\n\s*\n|\n|[.!?;:,()…]+|\s-{1,2}\s|\s[—–]\s|[—–]/gu;
const SENTENCE_END = /^[.!?…]/;

export function normalizeText(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/[’ʼ]/g, "'");
}

/** The feature form of one word (already normalised), or "not" for a negator spelled with n't. */
export function wordForm(word: string): string {
  let w = word;
  if (w.endsWith("n't") || APOSTROPHE_LESS_NOT.has(w)) return "not";
  if (w.endsWith("'s")) w = w.slice(0, -2);
  else if (w.endsWith("'")) w = w.slice(0, -1);
  if (/\p{N}/u.test(w) && !/\p{L}/u.test(w)) return "0";
  w = w.replace(/(\p{L})\1{2,}/gu, "$1");
  if (w.length >= 5 && w.endsWith("ies")) return `${w.slice(0, -3)}y`;
  if (w.length >= 5 && w.endsWith("s") && !/(ss|us|is)$/.test(w)) return w.slice(0, -1);
  return w;
}

/** A text read into segments; offsets point into `source` (the text itself, or its normalised form
 * in the rare case normalisation changed its length, e.g. ligatures). */
export interface SegmentedText {
  source: string;
  segments: Segment[];
}

interface RawTok {
  kind: "word" | "clause" | "sentence" | "paragraph";
  form: string;
  start: number;
  end: number;
}

function rawTokens(norm: string): RawTok[] {
  const out: RawTok[] = [];
  for (const m of norm.matchAll(TOKEN_RE)) {
    const raw = m[0];
    const start = m.index ?? 0;
    const end = start + raw.length;
    if (raw.startsWith("\n")) out.push({ kind: /\n\s*\n/.test(raw) ? "paragraph" : "sentence", form: "", start, end });
    else if (/^[\p{L}\p{N}]/u.test(raw)) out.push({ kind: "word", form: wordForm(raw), start, end });
    else out.push({ kind: SENTENCE_END.test(raw) ? "sentence" : "clause", form: "", start, end });
  }
  return out;
}

/**
 * Splits a text into segments of at most SEGMENT_WORDS words at sentence ends, with negation marked.
 * Empty text: no segments.
 */
export function segmentText(input: string, maxWords: number = SEGMENT_WORDS): SegmentedText {
  const text = typeof input === "string" ? input.slice(0, MAX_CHARS) : "";
  const norm = normalizeText(text);
  // NFKD can change lengths (ligatures, compatibility forms): then offsets point into the normalised text.
  const source = norm.length === text.length ? text : norm;
  const toks = rawTokens(norm);
  // sentences: lists of raw tokens; paragraph marks force a segment break
  const sentences: { toks: RawTok[]; breakAfter: boolean }[] = [];
  let cur: RawTok[] = [];
  const flush = (breakAfter: boolean) => {
    if (cur.some((t) => t.kind === "word")) sentences.push({ toks: cur, breakAfter });
    else if (breakAfter && sentences.length) sentences[sentences.length - 1].breakAfter = true;
    cur = [];
  };
  for (const t of toks) {
    if (t.kind === "paragraph") flush(true);
    else if (t.kind === "sentence") {
      cur.push(t);
      flush(false);
    } else cur.push(t);
  }
  flush(true);

  const segments: Segment[] = [];
  let seg: RawTok[] = [];
  let words = 0;
  const close = () => {
    if (seg.length) segments.push(buildSegment(seg));
    seg = [];
    words = 0;
  };
  for (const s of sentences) {
    const n = s.toks.filter((t) => t.kind === "word").length;
    if (words > 0 && words + n > maxWords) close();
    if (n > maxWords) {
      // a run-on sentence: cut it every maxWords words
      for (const t of s.toks) {
        seg.push(t);
        if (t.kind === "word" && ++words >= maxWords) close();
      }
    } else {
      seg.push(...s.toks);
      words += n;
    }
    if (s.breakAfter) close();
  }
  close();
  return { source, segments };
}

function buildSegment(raw: RawTok[]): Segment {
  const tokens: Token[] = [];
  const clauseStarts: number[] = [0];
  let negLeft = 0;
  let negFrom = -1;
  for (const t of raw) {
    if (t.kind !== "word") {
      negLeft = 0;
      if (clauseStarts[clauseStarts.length - 1] !== tokens.length) clauseStarts.push(tokens.length);
      continue;
    }
    if (SCOPE_ENDERS.has(t.form)) {
      negLeft = 0;
      if (clauseStarts[clauseStarts.length - 1] !== tokens.length) clauseStarts.push(tokens.length);
    }
    if (NEGATORS.has(t.form) || t.form === "not") {
      tokens.push({ form: t.form, marked: t.form, start: t.start, end: t.end, negFrom: -1 });
      negLeft = NEGATION_SCOPE;
      negFrom = t.start;
      continue;
    }
    if (negLeft > 0) {
      tokens.push({ form: t.form, marked: `not_${t.form}`, start: t.start, end: t.end, negFrom });
      negLeft--;
    } else tokens.push({ form: t.form, marked: t.form, start: t.start, end: t.end, negFrom: -1 });
  }
  const first = raw[0];
  const last = raw[raw.length - 1];
  return { start: first.start, end: last.end, tokens, clauseStarts };
}

/** A feature of a segment and the tokens it spans (for quotes). */
export interface FeatureHit {
  feature: string;
  from: number;
  to: number;
}

/** Unigram and bigram features of a segment, each once (the first occurrence), in text order. */
export function segmentFeatures(seg: Segment): FeatureHit[] {
  const out: FeatureHit[] = [];
  const seen = new Set<string>();
  const add = (feature: string, from: number, to: number) => {
    if (seen.has(feature)) return;
    seen.add(feature);
    out.push({ feature, from, to });
  };
  const ends = [...seg.clauseStarts.slice(1), seg.tokens.length];
  for (let c = 0; c < seg.clauseStarts.length; c++) {
    const from = seg.clauseStarts[c];
    const to = ends[c];
    for (let i = from; i < to; i++) {
      add(seg.tokens[i].marked, i, i);
      if (i + 1 < to) add(`${seg.tokens[i].marked} ${seg.tokens[i + 1].marked}`, i, i + 1);
    }
  }
  return out;
}

/** Words in a segment (the unit "how much text" is counted in). */
export const wordCount = (seg: Segment) => seg.tokens.length;
