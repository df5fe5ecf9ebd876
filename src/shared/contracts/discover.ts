import { z } from "zod";
import { DISCOVER_LIMITS, LIMITS } from "../vocabulary";
import { cleaned, decimal } from "./common";
import { venueSchema } from "./venues";

/** Largest radius, in miles, the natural-language search accepts (the 100-mile chip with room). */
export const NL_MAX_RADIUS_MILES = 125;

const blank = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const LOCATION_REQUIRED = "Location required";

/**
 * POST /api/discover/natural-language. Spec 5: blank text or an unknown location fails with
 * 'Location required'; `fields` says which.
 */
export const naturalLanguageBody = z.object({
  query: cleaned(
    z.preprocess(
      blank,
      z
        .string({ error: LOCATION_REQUIRED })
        .trim()
        .max(DISCOVER_LIMITS.queryMax, `Queries can be at most ${DISCOVER_LIMITS.queryMax} characters`),
    ),
  ),
  // null, true or "0x10" is no location (coercion had read null as 0,0: the Gulf of Guinea)
  latitude: decimal(z.number({ error: LOCATION_REQUIRED }).refine((v) => v >= -90 && v <= 90, LOCATION_REQUIRED)),
  longitude: decimal(z.number({ error: LOCATION_REQUIRED }).refine((v) => v >= -180 && v <= 180, LOCATION_REQUIRED)),
  radius: decimal(
    z
      .number({ error: "radius must be a number of miles" })
      .refine(
        (v) => v > 0 && v <= NL_MAX_RADIUS_MILES,
        `radius must be more than 0 and at most ${NL_MAX_RADIUS_MILES} miles`,
      ),
  ).default(10),
  limit: decimal(
    z
      .number({ error: "limit must be a number" })
      .int("limit must be a whole number")
      .min(1, "limit must be at least 1")
      .max(LIMITS.naturalLanguageLimit, `limit can be at most ${LIMITS.naturalLanguageLimit}`),
  ).default(LIMITS.naturalLanguageLimit),
});

export const interpretationSchema = z.object({
  confidence: z.number().min(0).max(1),
  vibes: z.array(z.string()),
  categories: z.array(z.string()),
  attributes: z.array(z.string()),
  searchTerms: z.array(z.string()),
  /**
   * Words of the query the search does not use ("wine" of "wine bar": only the category Bar is
   * searched), said plainly; `confidence` counts them as not understood. Added by VIBE (issue 17).
   */
  unused: z.array(z.string()),
});
export type Interpretation = z.infer<typeof interpretationSchema>;

export const naturalLanguageResultSchema = z.object({
  venues: z.array(venueSchema),
  interpretation: interpretationSchema,
});
export type NaturalLanguageResult = z.infer<typeof naturalLanguageResultSchema>;
