import { afterEach, describe, expect, it, vi } from "vitest";
import { buildNaturalLanguageBody, fetchNaturalLanguage } from "./natural-language";

const at = { latitude: 37.7749, longitude: -122.4194 };

describe("buildNaturalLanguageBody", () => {
  it("sends the trimmed text, the position, the miles as chosen and limit 50", () => {
    expect(buildNaturalLanguageBody({ query: "  cozy wine bar ", coords: at, radiusMiles: 25 })).toEqual({
      query: "cozy wine bar",
      latitude: 37.7749,
      longitude: -122.4194,
      radius: 25,
      limit: 50,
    });
  });
  it("fails with 'Location required' for blank text or no position (spec 5)", () => {
    expect(() => buildNaturalLanguageBody({ query: "   ", coords: at, radiusMiles: 10 })).toThrow("Location required");
    expect(() => buildNaturalLanguageBody({ query: "jazz", coords: null, radiusMiles: 10 })).toThrow(
      "Location required",
    );
    expect(() =>
      buildNaturalLanguageBody({ query: "jazz", coords: { latitude: Number.NaN, longitude: 1 }, radiusMiles: 10 }),
    ).toThrow("Location required");
  });
});

describe("fetchNaturalLanguage", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("words a failure with the server's message, else 'Failed to fetch venues'", async () => {
    const reply = (status: number, body: string) => vi.fn(async () => new Response(body, { status }));
    vi.stubGlobal("fetch", reply(400, JSON.stringify({ message: "Location required" })));
    await expect(fetchNaturalLanguage({ query: "jazz", coords: at, radiusMiles: 10 })).rejects.toThrow(
      "Location required",
    );
    vi.stubGlobal("fetch", reply(502, "<html>bad gateway</html>"));
    await expect(fetchNaturalLanguage({ query: "jazz", coords: at, radiusMiles: 10 })).rejects.toThrow(
      "Failed to fetch venues",
    );
  });

  it("does not call the server for a blank query", async () => {
    const fetchSpy = vi.fn();
    vi.stubGlobal("fetch", fetchSpy);
    await expect(fetchNaturalLanguage({ query: "", coords: at, radiusMiles: 10 })).rejects.toThrow("Location required");
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
