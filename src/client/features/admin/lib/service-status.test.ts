import { describe, expect, it } from "vitest";
import { normalizeServiceStatus } from "./service-status";

const db = { name: "Database", available: true, detail: "PostgreSQL, answered in 1.2 ms" };
const places = { name: "Google Places", available: false, detail: "GOOGLE_PLACES_API_KEY not set" };

describe("normalizeServiceStatus", () => {
  it("accepts a list", () => {
    expect(normalizeServiceStatus([db, places])).toEqual([db, places]);
  });

  it("accepts an object with a services list (the server's shape)", () => {
    expect(normalizeServiceStatus({ services: [db, places] })).toEqual([db, places]);
  });

  it("accepts a name-to-flag map", () => {
    expect(normalizeServiceStatus({ Database: true, "Google Places": false })).toEqual([
      { name: "Database", available: true, detail: "" },
      { name: "Google Places", available: false, detail: "" },
    ]);
  });

  it("accepts a map of name to status objects", () => {
    expect(normalizeServiceStatus({ Database: { available: true, detail: "ok" } })).toEqual([
      { name: "Database", available: true, detail: "ok" },
    ]);
  });

  it("gives a missing detail as empty text and skips entries with no name or flag", () => {
    expect(
      normalizeServiceStatus([
        { name: "Redis", available: false },
        { name: "", available: true },
        { available: true },
        "x",
        null,
      ]),
    ).toEqual([{ name: "Redis", available: false, detail: "" }]);
  });

  it("reads an empty list or map as no services", () => {
    expect(normalizeServiceStatus([])).toEqual([]);
    expect(normalizeServiceStatus({ services: [] })).toEqual([]);
    expect(normalizeServiceStatus({})).toEqual([]);
  });

  it("refuses any other shape", () => {
    for (const bad of [null, undefined, "ok", 3, true, { Database: "yes" }, { services: "none" }]) {
      expect(() => normalizeServiceStatus(bad), JSON.stringify(bad)).toThrow();
    }
  });
});
