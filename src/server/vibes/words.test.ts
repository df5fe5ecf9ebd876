import { describe, expect, it } from "vitest";
import { foldText, type WordOptions, words } from "./words";

describe("foldText", () => {
  it.each([
    ["CAFÉ Ñandú", "cafe nandu"],
    ["ﬁne ｃａｆｅ", "fine cafe"],
    ["Crème brûlée", "creme brulee"],
  ])("folds %s to %s (accents, compatibility forms, case)", (text, folded) => {
    expect(foldText(text)).toBe(folded);
  });
});

const STOP = new Set(["the", "and"]);
const cases: [string, WordOptions, string[]][] = [
  // apostrophes dropped, & read as and, other punctuation splits
  ["PEET'S Coffee & Tea", {}, ["peets", "coffee", "and", "tea"]],
  ["Joe’s `Bar´ ʼn Grill", {}, ["joes", "bar", "n", "grill"]],
  ["7-ELEVEN #123 / BAR-B-Q", {}, ["7", "eleven", "123", "bar", "b", "q"]],
  // letters and digits of any script are kept
  ["Café 北京 Ørsted", {}, ["cafe", "北京", "ørsted"]],
  // inner hyphens only when asked
  ["a laid-back, -low-key- spot", { keepHyphens: true }, ["a", "laid-back", "low-key", "spot"]],
  ["a laid-back spot", {}, ["a", "laid", "back", "spot"]],
  ["The Blue Note & Friends", { stopWords: STOP }, ["blue", "note", "friends"]],
];

describe("words", () => {
  it.each(cases)("%s %o -> %o", (text, opts, expected) => {
    expect(words(text, opts)).toEqual(expected);
  });
});
