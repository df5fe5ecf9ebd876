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

  it("are the same for the same venue every time: its externalId and kind decide, nothing else", () => {
    // Written down once from an implementation of FNV-1a and the choices outside this code
    // (Python): a venue keeps its picture across screens, visits and releases.
    expect(hash32("osm:node/1001")).toBe(209_491_698);
    expect(illustrationFor(bar(1))).toMatchObject({
      key: "bar-2-rings-2-69-1.50-5",
      paletteIndex: 2,
      seed: 209_491_698,
    });
    expect(illustrationFor(bar(2)).key).toBe("bar-3-stripes-1-80-1.30--5");
    const woods = { category: "Bar" as const, name: "Woods Lowside", externalId: "osm:node/61670779" };
    expect(illustrationFor(woods).key).toBe("bar-3-rings-3-80-1.20-5");
    // the kind is part of it: the same place as a pub is another picture, with the same bubbles
    expect(illustrationFor({ ...woods, name: "Woods Lowside Pub" })).toMatchObject({
      key: "pub-0-stripes-3-102-1.40-5",
      seed: 3_713_426_054,
    });
    expect(illustrationFor({ category: "Cafe", name: "Any name", externalId: "datasf:12345" }).key).toBe(
      "cafe-7-dots-1-91-1.60-10",
    );
    // what else a card knows of the venue does not move it
    const card = { ...woods, name: "Woods Lowside (renamed)", rating: 4.5, distance: "0.3", isFavorite: true };
    expect(illustrationFor(card).key).toBe("bar-3-rings-3-80-1.20-5");
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
