import { describe, expect, it } from "vitest";
import { cleanDeep, cleanText, hasVisibleCharacter } from "./text";

describe("hasVisibleCharacter (issue 27)", () => {
  it.each([
    "\u200B",
    "\u200E",
    "\u200F",
    "\u3164",
    "\u2800",
    "\u200B\u200E\u3164 \u2800\u200F",
    "\uFEFF\u2060",
    "\u0301",
  ])("%j shows nothing", (text) => expect(hasVisibleCharacter(text)).toBe(false));
  it.each(["Zo\u00eb", "\u200Bx", "\u05E9", "\u{1F377}", "\u3164\u3131", ".", "\u2801"])("%j shows something", (text) =>
    expect(hasVisibleCharacter(text)).toBe(true),
  );
});

describe("cleanText", () => {
  it.each([
    ["Caf\u00e9\u0000 Bar", "Caf\u00e9 Bar"],
    ["\u202Eevil.exe", "evil.exe"],
    ["a\u202Ab\u202Bc\u202Cd\u202De\u202Ef", "abcdef"],
    ["a\u2066b\u2067c\u2068d\u2069e", "abcde"],
    ["bell\u0007 esc\u001b[31m del\u007f c1\u0085\u009b", "bell esc[31m del c1"],
    ["tab\there\nnext\r\nline", "tab here next  line"],
    [
      "Zo\u00eb \u{1F377} \u05E9\u05DC\u05D5\u05DD \u0645\u0631\u062D\u0628\u0627",
      "Zo\u00eb \u{1F377} \u05E9\u05DC\u05D5\u05DD \u0645\u0631\u062D\u0628\u0627",
    ],
    ["zero\u200Dwidth joiner and \u200E mark stay", "zero\u200Dwidth joiner and \u200E mark stay"],
  ])("one line: %j -> %j", (input, out) => {
    expect(cleanText(input)).toBe(out);
  });

  it("several lines keep line breaks (as \\n) and tabs", () => {
    expect(cleanText("one\r\ntwo\rthree\n\tfour\u0000\u202E", { multiline: true })).toBe("one\ntwo\nthree\n\tfour");
  });
});

describe("cleanDeep", () => {
  it("cleans every string of a JSON value, keys included, and leaves the rest", () => {
    const raw = JSON.parse(
      '{"tags":{"name":"Bar\\u0000 X","na\\u0000me:en":"\\u202Eabc"},' +
        '"n":[1,"a\\u0001b",null,true],"__proto__":{"x":"y"}}',
    );
    const clean = cleanDeep(raw);
    expect(clean).toEqual({
      tags: { name: "Bar X", "name:en": "abc" },
      n: [1, "ab", null, true],
      ["__proto__"]: { x: "y" },
    });
    expect(Object.getPrototypeOf(clean)).toBe(Object.prototype);
    expect(JSON.stringify(clean)).not.toMatch(/\\u0000|\u202E/);
  });
});
