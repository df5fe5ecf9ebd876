import { describe, expect, it } from "vitest";
import { isNavActive } from "./nav";

describe("isNavActive", () => {
  it("matches Home only on the root", () => {
    expect(isNavActive("/", "/")).toBe(true);
    expect(isNavActive("/", "/feed")).toBe(false);
  });

  it("matches an entry on its path and below it, not on look-alike prefixes", () => {
    expect(isNavActive("/feed", "/feed")).toBe(true);
    expect(isNavActive("/feed", "/feed/123")).toBe(true);
    expect(isNavActive("/feed", "/feedback")).toBe(false);
  });
});
