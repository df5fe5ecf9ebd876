/**
 * The one way names and texts are folded into words for matching. Used by the seed's name rules
 * and the vibe prior (vibes/prior.ts, upper-cased there to match its tables), sync's same-place
 * test (venues/sync.ts), the search interpreter (discover/interpret.ts, hyphens kept) and the text
 * analyzer's word tokens (vibes/text.ts, which has its own tokenizer and uses foldText).
 */

/**
 * Compatibility forms and accents removed (NFKD, then every combining mark dropped:
 * CAFÉ -> cafe, ﬁ -> fi, ｃａｆｅ -> cafe), then lower case.
 */
export function foldText(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase();
}

/** Apostrophes and the marks written for them, dropped inside words (PEET'S -> peets). */
const APOSTROPHES = /['’`´ʼ]/g;

export interface WordOptions {
  /**
   * Keep hyphens inside words ("laid-back" stays one word; leading and trailing hyphens are
   * trimmed). Default: a hyphen splits words, like any other punctuation.
   */
  keepHyphens?: boolean;
  /** Words to leave out (folded, lower case). */
  stopWords?: ReadonlySet<string>;
}

/**
 * The words of a name or a query: folded (foldText), apostrophes dropped, "&" read as "and",
 * anything else that is not a letter or a digit of any script splitting words
 * (7-ELEVEN -> 7 eleven, BAR-B-Q -> bar b q, "Café & Bar" -> cafe and bar).
 */
export function words(text: string, opts: WordOptions = {}): string[] {
  const folded = foldText(text).replace(APOSTROPHES, "").replace(/&/g, " and ");
  const split = opts.keepHyphens
    ? folded.split(/[^\p{L}\p{N}-]+/u).map((w) => w.replace(/^-+|-+$/g, ""))
    : folded.split(/[^\p{L}\p{N}]+/u);
  const stop = opts.stopWords;
  return split.filter((w) => w && !stop?.has(w));
}
