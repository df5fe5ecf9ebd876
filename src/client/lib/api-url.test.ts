import { describe, expect, it } from "vitest";
import { withQuery } from "./api-url";

describe("withQuery", () => {
  it("encodes values with %20 for spaces and keeps commas readable to the server", () => {
    expect(withQuery("/api/x", { vibes: "Chill,Country Music", radius: 16.0934 })).toBe(
      "/api/x?vibes=Chill%2CCountry%20Music&radius=16.0934",
    );
  });

  it("leaves out missing, null and empty values", () => {
    expect(withQuery("/api/x", { a: undefined, b: null, c: "", d: 0 })).toBe("/api/x?d=0");
    expect(withQuery("/api/x")).toBe("/api/x");
  });
});
