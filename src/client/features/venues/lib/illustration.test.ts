import { describe, expect, it } from "vitest";
import { hash32, illustrationFor, illustrationKind, PALETTES, PATTERNS } from "./illustration";

const bar = (n: number) => ({ category: "Bar" as const, name: `Bar ${n}`, externalId: `osm:node/${1000 + n}` });

describe("venue illustrations", () => {
  it("draw each category's motif, a pub's mug for a Bar whose name says pub", () => {
    expect(illustrationKind({ category: "Bar", name: "Zeitgeist" })).toBe("bar");
    expect(illustrationKind({ category: "Bar", name: "The Irish Bank Pub" })).toBe("pub");
    expect(illustrationKind({ category: "Bar", name: "Toronado Tavern" })).toBe("pub");
    expect(illustrationKind({ category: "Cafe", name: "Sightglass" })).toBe("cafe");
    expect(illustrationKind({ category: "Restaurant", name: "Zuni Cafe" })).toBe("restaurant");
    expect(illustrationKind({ category: "Club", name: "The Independent" })).toBe("club");
  });

  it("are the same for the same venue every time", () => {
    expect(illustrationFor(bar(1))).toEqual(illustrationFor(bar(1)));
    expect(hash32("osm:node/1")).toBe(hash32("osm:node/1"));
  });

  it("vary between venues of one category: 100 bars with neighbouring ids use every palette and texture", () => {
    const list = Array.from({ length: 100 }, (_, i) => illustrationFor(bar(i)));
    expect(new Set(list.map((l) => l.paletteIndex)).size).toBe(PALETTES.length);
    expect(new Set(list.map((l) => l.pattern)).size).toBe(PATTERNS.length);
    // almost every one of them is a different picture
    expect(new Set(list.map((l) => l.key)).size).toBeGreaterThanOrEqual(90);
    // and neighbours differ
    for (let i = 1; i < list.length; i++) expect(list[i].key).not.toBe(list[i - 1].key);
  });
});
