import { describe, expect, it } from "vitest";
import { foldText, words } from "./words";

describe("foldText", () => {
  it("drops accents and compatibility forms, and lower-cases", () => {
    expect(foldText("CAFÉ Ñandú")).toBe("cafe nandu");
    expect(foldText("ﬁne ｃａｆｅ")).toBe("fine cafe");
    expect(foldText("Crème brûlée")).toBe("creme brulee");
  });
});

describe("words", () => {
  it("drops apostrophes, reads & as and, splits on other punctuation", () => {
    expect(words("PEET'S Coffee & Tea")).toEqual(["peets", "coffee", "and", "tea"]);
    expect(words("Joe’s `Bar´ ʼn Grill")).toEqual(["joes", "bar", "n", "grill"]);
    expect(words("7-ELEVEN #123 / BAR-B-Q")).toEqual(["7", "eleven", "123", "bar", "b", "q"]);
  });

  it("keeps letters and digits of any script", () => {
    expect(words("Café 北京 Ørsted")).toEqual(["cafe", "北京", "ørsted"]);
  });

  it("keeps inner hyphens only when asked", () => {
    expect(words("a laid-back, -low-key- spot", { keepHyphens: true })).toEqual(["a", "laid-back", "low-key", "spot"]);
    expect(words("a laid-back spot")).toEqual(["a", "laid", "back", "spot"]);
  });

  it("leaves out stop words", () => {
    expect(words("The Blue Note & Friends", { stopWords: new Set(["the", "and"]) })).toEqual([
      "blue",
      "note",
      "friends",
    ]);
  });
});
