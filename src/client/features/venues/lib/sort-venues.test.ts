import { describe, expect, it } from "vitest";
import { distanceMiles, sortVenues } from "./sort-venues";

const v = (name: string, rating: number | null, distance: string | null) => ({ name, rating, distance });
const names = (list: { name: string }[]) => list.map((x) => x.name);

describe("sortVenues", () => {
  const list = [v("a", 4.1, "2.0"), v("b", null, "0.3"), v("c", 4.9, null), v("d", 4.9, "1.5"), v("e", 3.0, "0.9")];

  it("proximity: nearest first, missing distance last", () => {
    expect(names(sortVenues(list, "proximity"))).toEqual(["b", "e", "d", "a", "c"]);
  });

  it("rating: highest first, missing rating last, ties nearest first", () => {
    expect(names(sortVenues(list, "rating"))).toEqual(["d", "c", "a", "e", "b"]);
  });

  it("keeps the server's order for full ties and does not mutate its input", () => {
    const tied = [v("x", null, null), v("y", null, null), v("z", null, null)];
    expect(names(sortVenues(tied, "rating"))).toEqual(["x", "y", "z"]);
    expect(names(sortVenues(tied, "proximity"))).toEqual(["x", "y", "z"]);
    const copy = [...list];
    sortVenues(list, "rating");
    expect(list).toEqual(copy);
  });

  it("best: keeps the server's order (the server ranks Best match)", () => {
    expect(names(sortVenues(list, "best"))).toEqual(["a", "b", "c", "d", "e"]);
  });

  it("reads distances as miles", () => {
    expect(distanceMiles({ distance: "0.8" })).toBe(0.8);
    expect(distanceMiles({ distance: "n/a" })).toBe(Number.POSITIVE_INFINITY);
  });
});
