import { afterEach, describe, expect, it, vi } from "vitest";
import { getJson, withQuery } from "./api-url";

afterEach(() => {
  vi.unstubAllGlobals();
});

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

describe("getJson", () => {
  it("GETs with credentials and throws the spec's `status: body` error", async () => {
    const fetchMock = vi.fn(async () => new Response('{"message":"Nope"}', { status: 400 }));
    vi.stubGlobal("fetch", fetchMock);
    await expect(getJson("/api/x", { q: "a b" })).rejects.toThrow('400: {"message":"Nope"}');
    expect(fetchMock).toHaveBeenCalledWith("/api/x?q=a%20b", { credentials: "include", signal: undefined });
  });
});
