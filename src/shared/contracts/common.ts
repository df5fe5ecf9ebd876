import { z } from "zod";
import { cleanText } from "../text";

/** Every error body of the API: `{ "message": "..." }` (plus field messages for bad input). */
export const errorSchema = z.object({
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ApiError = z.infer<typeof errorSchema>;

/** A 2xx answer that only says what happened: `{ "message": "..." }`. */
export const messageSchema = z.object({ message: z.string() });
/** A call that takes no input: no path parameters, query or body fields are read. */
export const noInput = z.object({});

/** A decimal as text: optional sign, digits with an optional fraction and exponent (as JSON writes numbers). */
const DECIMAL_TEXT = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/**
 * Reads a decimal from a query string or a JSON body: a JSON number stays as it is, text written as
 * a plain decimal ("37.77", "-122.4") becomes its number, and blank text is missing. Anything else
 * (null, true, "0x10", "0b1", "Infinity", "1_000", a list) is left as it is for z.number() to refuse:
 * `z.coerce.number()` had turned null and false into 0, true into 1 and "0x10" into 16.
 */
export function readDecimal(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const text = value.trim();
  if (text === "") return undefined;
  return DECIMAL_TEXT.test(text) ? Number(text) : value;
}

/**
 * A field's error message by what was given: "<name> is required" when nothing was, else
 * "<name> must be <what>" (`z.number({ error: required("radius", "a number") })`).
 */
export const required = (name: string, what: string) => (issue: { input?: unknown }) =>
  issue.input === undefined ? `${name} is required` : `${name} must be ${what}`;

/**
 * A number field of a query string or body that must be a real decimal; `schema` carries its
 * messages and bounds (z.number() already refuses NaN and ±Infinity), e.g.
 * `decimal(z.number({ error: "limit must be a number" }).int().min(1)).default(20)`.
 */
export const decimal = <T extends z.ZodType<number, number>>(schema: T) => z.preprocess(readDecimal, schema);

/**
 * A text field of a body, cleaned of control and bidi characters (src/shared/text.ts) before
 * `schema` trims and measures it: one line (names, titles), or several (`multiline`: posts, comments).
 */
export const cleaned = <T extends z.ZodType>(schema: T, opts: { multiline?: boolean } = {}) =>
  z.preprocess((v) => (typeof v === "string" ? cleanText(v, opts) : v), schema);
