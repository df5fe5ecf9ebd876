import { describe, expect, it } from "vitest";
import { vibeReasons } from "./vibe-evidence";

const ev = (...details: string[]) => details.map((detail) => ({ source: "osm", detail }));

describe("vibeReasons", () => {
  it("lists at most three reasons per shown vibe, in the server's order", () => {
    const evidence = {
      Cozy: ev("Category: Cafe", 'Name: "nook"', "Fireplace", "Reviews: 4"),
      Chill: ev("Category: Cafe"),
      Loud: ev("Music"),
    };
    expect(vibeReasons(["Cozy", "Chill"], evidence)).toEqual([
      { vibe: "Cozy", reasons: ["Category: Cafe", 'Name: "nook"', "Fireplace"] },
      { vibe: "Chill", reasons: ["Category: Cafe"] },
    ]);
  });
  it("leaves out vibes without evidence, blank and repeated reasons", () => {
    expect(vibeReasons(["Romantic", "Quiet"], { Quiet: ev(" ", "Library", "Library") })).toEqual([
      { vibe: "Quiet", reasons: ["Library"] },
    ]);
    expect(vibeReasons(["Romantic"], {})).toEqual([]);
    expect(vibeReasons(["Romantic"], null)).toEqual([]);
  });
});
