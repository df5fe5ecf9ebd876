import { describe, expect, it } from "vitest";
import { z } from "zod";
import { decimal, readDecimal, required } from "./common";

describe("readDecimal and decimal(): numbers must be real decimals", () => {
  it.each([
    [12.5, 12.5],
    [-3, -3],
    ["37.7749", 37.7749],
    [" -122.4194 ", -122.4194],
    ["+5", 5],
    ["5.", 5],
    [".5", 0.5],
    ["007", 7],
    ["1e3", 1000],
    ["-2.5E-1", -0.25],
  ])("reads %j as %j", (input, out) => {
    expect(decimal(z.number()).parse(input)).toBe(out);
  });

  it.each([
    null,
    true,
    false,
    "0x10",
    "0b101",
    "0o17",
    "1e400",
    "e3",
    "1e",
    "Infinity",
    "-Infinity",
    "NaN",
    "1_000",
    "12abc",
    "1,5",
    "--1",
    ".",
    [],
    ["1"],
    {},
    Number.POSITIVE_INFINITY,
    Number.NaN,
  ])("refuses %j (z.coerce.number() accepted null, booleans and hex)", (input) => {
    const res = decimal(z.number({ error: "x must be a number" })).safeParse(input);
    expect(res.success).toBe(false);
    expect(res.error?.issues[0].message).toBe("x must be a number");
  });

  it("blank text is missing: an optional field is left out, a required one refused", () => {
    expect(readDecimal("   ")).toBeUndefined();
    expect(z.object({ n: decimal(z.number()).optional() }).parse({})).toEqual({});
    expect(decimal(z.number({ error: "n is required" })).safeParse("").error?.issues[0].message).toBe("n is required");
  });

  it("says a missing field is required, and a wrong one what it must be (required)", () => {
    const n = z.object({ n: decimal(z.number({ error: required("n", "a number") })) });
    const message = (input: unknown) => n.safeParse(input).error?.issues[0].message;
    expect(message({})).toBe("n is required");
    expect(message({ n: "  " })).toBe("n is required");
    expect(message({ n: "0x10" })).toBe("n must be a number");
    expect(message({ n: null })).toBe("n must be a number");
    expect(n.parse({ n: "2.5" })).toEqual({ n: 2.5 });
  });
});
