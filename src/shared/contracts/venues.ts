import { z } from "zod";
import {
  ALL_VIBES,
  CAPACITY_STATUSES,
  CONFIRMED_COUNT_HEADER,
  FALLBACKS,
  LIMITS,
  MAX_EXACT_TOTAL,
  NOISE_LEVELS,
  parseTotalHeader,
  PICKER_VIBES,
  SUGGESTIONS_HEADER,
  TOTAL_COUNT_HEADER,
  totalHeaderValue,
  VENUE_CATEGORIES,
} from "../vocabulary";
import { MATCH_SORTS } from "../vocabulary";
import { cleaned, decimal, required } from "./common";
import { ratingPartSchema, reviewItemSchema } from "./reviews";

/** Largest radius the venue calls accept: the biggest distance chip (100 miles) with room to spare. */
export const MAX_RADIUS_KM = 200;
/** Most venues one match or nearby call returns. */
export const MAX_VENUE_RESULTS = 100;
export const MAX_SEARCH_LENGTH = 100;
/** Largest `offset` a venue list accepts: far past any real radius's venues, small enough to stay cheap. */
export const MAX_VENUE_OFFSET = 10_000;
/** Response headers of match-public and nearby: the ranking's size, "10000+" past MAX_EXACT_TOTAL (vocabulary.ts). */
export {
  CONFIRMED_COUNT_HEADER,
  MAX_EXACT_TOTAL,
  parseTotalHeader,
  SUGGESTIONS_HEADER,
  TOTAL_COUNT_HEADER,
  totalHeaderValue,
};

// Query values arrive as text: a blank one is missing, not zero; only a plain decimal is a number.
const num = (name: string, min: number, max: number) =>
  decimal(
    z
      .number({ error: required(name, "a number") })
      .refine((v) => v >= min && v <= max, `${name} must be between ${min} and ${max}`),
  );

export const latitude = num("latitude", -90, 90);
export const longitude = num("longitude", -180, 180);
export const radiusKm = decimal(
  z
    .number({ error: required("radius", "a number") })
    .refine((v) => v > 0 && v <= MAX_RADIUS_KM, `radius must be more than 0 and at most ${MAX_RADIUS_KM} km`),
);

/** `vibes` query value: "all", or a comma list of 1 to 5 known vibes. */
export const vibesParam = z
  .string({ error: "vibes is required (a comma list of vibes, or all)" })
  .trim()
  .transform((v, ctx) => {
    if (v.toLowerCase() === "all") return "all" as const;
    const list = [
      ...new Set(
        v
          .split(",")
          .map((s) => s.trim())
          .filter(Boolean),
      ),
    ];
    if (list.length < LIMITS.vibesMin || list.length > LIMITS.vibesMax) {
      ctx.addIssue({
        code: "custom",
        message: `Choose between ${LIMITS.vibesMin} and ${LIMITS.vibesMax} vibes, or all`,
      });
      return z.NEVER;
    }
    const unknown = list.find((x) => !ALL_VIBES.includes(x));
    if (unknown) {
      ctx.addIssue({ code: "custom", message: `Unknown vibe: ${unknown.slice(0, 40)}` });
      return z.NEVER;
    }
    return list;
  });

const search = cleaned(
  z
    .string()
    .trim()
    .max(MAX_SEARCH_LENGTH, `search can be at most ${MAX_SEARCH_LENGTH} characters`)
    .optional()
    .transform((v) => v || undefined),
);
const category = z
  .string()
  .trim()
  .optional()
  .transform((v) => (!v || v.toLowerCase() === "all" ? undefined : v))
  .refine(
    (v) => v === undefined || (VENUE_CATEGORIES as readonly string[]).includes(v),
    "category must be one of Bar, Restaurant, Cafe, Club or all",
  );

/** `openNow`: "true" keeps the venues whose hours say they are open now; absent or "false" keeps all. */
const openNow = z
  .preprocess(
    (v) => (typeof v === "string" ? v.trim().toLowerCase() : v),
    z.enum(["true", "false", "1", "0", ""], { error: "openNow must be true or false" }).optional(),
  )
  .transform((v) => v === "true" || v === "1");

/**
 * `sort`: proximity (default) and rating rank matches by fit and nearness (the client orders what it
 * loaded by distance or rating); best ranks by fit alone, nearest first among equals.
 */
const matchSort = z
  .preprocess(
    (v) => (typeof v === "string" ? v.trim().toLowerCase() || undefined : v),
    z.enum(MATCH_SORTS, { error: `sort must be one of ${MATCH_SORTS.join(", ")}` }).optional(),
  )
  .transform((v) => v ?? "proximity");

/** `offset`: how many venues of the ranking to skip (the next page starts where the last one ended). */
const offset = decimal(
  z
    .number({ error: "offset must be a number" })
    .int("offset must be a whole number")
    .min(0, "offset must be at least 0")
    .max(MAX_VENUE_OFFSET, `offset can be at most ${MAX_VENUE_OFFSET}`),
).default(0);
const pageLimit = (fallback: number) =>
  decimal(
    z
      .number({ error: "limit must be a number" })
      .int("limit must be a whole number")
      .min(1, "limit must be at least 1")
      .max(MAX_VENUE_RESULTS, `limit can be at most ${MAX_VENUE_RESULTS}`),
  ).default(fallback);

/**
 * GET /api/venues/match-public. One page of the ranking: `limit` venues (default and at most 100)
 * after the first `offset`; the header x-total-count says how many the ranking holds.
 */
export const matchQuery = z.object({
  latitude,
  longitude,
  radius: radiusKm,
  vibes: vibesParam,
  search,
  category,
  openNow,
  sort: matchSort,
  offset,
  limit: pageLimit(MAX_VENUE_RESULTS),
});
export type MatchQuery = z.infer<typeof matchQuery>;

/** GET /api/venues/nearby in its three call shapes (lat/lng or latitude/longitude; radius in km). */
export const nearbyQuery = z
  .object({
    lat: latitude.optional(),
    lng: longitude.optional(),
    latitude: latitude.optional(),
    longitude: longitude.optional(),
    radius: radiusKm.default(5),
    limit: pageLimit(20),
    offset,
    hour: decimal(
      z
        .number({ error: "hour must be a number" })
        .int("hour must be a whole number")
        .min(0, "hour must be between 0 and 23")
        .max(23, "hour must be between 0 and 23"),
    ).optional(),
    search,
  })
  .transform((q, ctx) => {
    const lat = q.latitude ?? q.lat;
    const lng = q.longitude ?? q.lng;
    if (lat === undefined || lng === undefined) {
      ctx.addIssue({ code: "custom", message: "latitude and longitude are required" });
      return z.NEVER;
    }
    return {
      latitude: lat,
      longitude: lng,
      radius: q.radius,
      limit: q.limit,
      offset: q.offset,
      hour: q.hour,
      search: q.search,
    };
  });
export type NearbyQuery = z.infer<typeof nearbyQuery>;

/** Optional caller position for lists that show distance (favourites). */
export const positionQuery = z.object({ latitude: latitude.optional(), longitude: longitude.optional() });

export const externalIdParam = z.object({
  externalId: z
    .string()
    .trim()
    .min(1, "Unknown venue")
    .max(200, "Unknown venue")
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
    .refine((v) => !/[\u0000-\u001f\u007f]/.test(v), "Unknown venue"),
});
export const venueIdParam = z.object({
  id: decimal(
    z
      .number({ error: "Venue id must be a number" })
      .int("Venue id must be a whole number")
      .positive("Venue id must be a whole number"),
  ),
});

/** POST /api/vibes */
export const saveVibesBody = z.object({
  vibes: z
    .array(z.string({ error: "Each vibe must be text" }), { error: "vibes must be a list" })
    .min(LIMITS.vibesMin, "Select at least one vibe")
    .max(LIMITS.vibesMax, `Select at most ${LIMITS.vibesMax} vibes`)
    .refine((l) => l.every((v) => ALL_VIBES.includes(v)), "Unknown vibe")
    .transform((l) => [...new Set(l)]),
  isPrivate: z.boolean({ error: "isPrivate must be true or false" }).default(true),
});

export const latestUpdateSchema = z.object({
  capacityStatus: z.enum(CAPACITY_STATUSES).nullable(),
  noiseLevel: z.enum(NOISE_LEVELS).nullable(),
  isOpen: z.boolean().nullable(),
  statusMessage: z.string().nullable(),
  specialNotes: z.string().nullable(),
  currentVibes: z.array(z.string()),
  createdAt: z.string(),
  reviewAuthor: z.string().nullable(),
  reviewRating: z.number().nullable(),
  reviewTime: z.string().nullable(),
});
export type LatestUpdate = z.infer<typeof latestUpdateSchema>;

/**
 * Whether the venue is open at the time of the answer, from its OpenStreetMap opening_hours read in
 * the venue's time zone (server/venues/hours.ts); null when its hours are unknown.
 */
export const openStatusSchema = z.object({
  open: z.boolean(),
  /** "Open now · closes 2 AM", "Closed · opens 5 PM", "Open 24 hours". */
  text: z.string(),
  /** Closed now and opening within the hour: a match lists it with the open ones (issue 25). */
  soon: z.literal(true).optional(),
});
export type OpenStatus = z.infer<typeof openStatusSchema>;

/** The Venue of spec section 3, plus where it came from and how well it fits the request. */
export const venueSchema = z.object({
  id: z.number(),
  externalId: z.string(),
  name: z.string(),
  category: z.enum(VENUE_CATEGORIES),
  description: z.string().nullable(),
  address: z.string().nullable(),
  latitude: z.number(),
  longitude: z.number(),
  imageUrl: z.string().nullable(),
  /**
   * 0..5 from real ratings only; null when nobody rated the venue. Never the spec's FALLBACKS.rating.
   * VIBE's people's ratings (mean of their 1-5 stars) and a provider's (Google's mean) combine
   * weighted by their counts: (g × gCount + vibeSum) / (gCount + vibeCount), one decimal, and
   * `ratingSource` then names both ("Google + VIBE"). When the provider gives no count they cannot
   * be weighed: the provider's rating stands alone and VIBE's is listed beside it in the details'
   * `ratings`. docs/reviews.md.
   */
  rating: z.number().nullable(),
  /** How many ratings `rating` is made of (null when its provider does not say). */
  reviewCount: z.number().nullable(),
  /**
   * Who gave `rating` and `reviewCount` ("Google", "VIBE", "Google + VIBE"), or null when the venue has no real rating:
   * the client then says "No ratings yet" in plain sight and never shows the spec's fallbacks
   * (FALLBACKS: 4.8, 142 reviews, 0.8 mi) as if they were figures.
   */
  ratingSource: z.string().nullable(),
  /** Miles from the caller, as a string ("0.8"); null when the caller's position is unknown. */
  distance: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  website: z.string().nullable(),
  detectedVibes: z.array(z.string()),
  vibeScores: z.record(z.string(), z.number()),
  latestUpdate: latestUpdateSchema.nullable(),
  isFavorite: z.boolean(),
  /** 0..1: how well the venue fits the requested vibes (null when no vibes were asked for). */
  matchScore: z.number().nullable(),
  openStatus: openStatusSchema.nullable(),
  source: z.string(),
  attribution: z.string(),
  /**
   * In a match: the venue is not confirmed for any vibe asked for, but its facts make this one likely
   * (docs/vibe-analysis.md, "Likely vibes"): "Likely Romantic — not confirmed yet", because of
   * `reasons` ("wine bar", "cocktails"). Its matchScore is then null. Absent on confirmed venues.
   */
  likely: z.object({ vibe: z.string(), reasons: z.array(z.string()) }).optional(),
});
export type Venue = z.infer<typeof venueSchema>;

/** GET /api/venues/:externalId/details */
export const venueDetailsSchema = z.object({
  description: z.string().nullable(),
  address: z.string().nullable(),
  /** The week, Monday first ("Monday: 5 PM – 2 AM"), when the hours are known. */
  hours: z.array(z.string()),
  openStatus: openStatusSchema.nullable(),
  /** Facts OpenStreetMap states: "Wheelchair accessible", "Outdoor seating", "Vegan options"... */
  features: z.array(z.string()),
  /**
   * The San Francisco Entertainment Commission's permits the venue holds, in words, one per type:
   * "Licensed for live entertainment — SF Entertainment Commission" (docs/seed-data.md).
   */
  permits: z.array(z.string()),
  phone: z.string().nullable(),
  website: z.string().nullable(),
  /** VIBE's people's and the provider's reviews, newest first, each with its `source` (contracts/reviews.ts). */
  reviews: z.array(reviewItemSchema),
  /** Each source's own rating and count, the parts of the venue's `rating`. */
  ratings: z.array(ratingPartSchema),
  photos: z.array(z.object({ url: z.string(), attribution: z.string().nullable() })),
  attribution: z.string(),
  /** Why each vibe was given, strongest reason first ("why this vibe"). */
  vibeEvidence: z.record(z.string(), z.array(z.object({ source: z.string(), detail: z.string() }))),
});
export type VenueDetails = z.infer<typeof venueDetailsSchema>;

export const favoriteToggleSchema = z.object({ favorited: z.boolean() });
export type FavoriteToggle = z.infer<typeof favoriteToggleSchema>;
export const currentVibesSchema = z.object({ vibes: z.array(z.string()) });
export type CurrentVibes = z.infer<typeof currentVibesSchema>;

/**
 * The spec's fallbacks (section 9: rating 4.8, 142 reviews, 0.8 mi) belong to the contract: a
 * client of the original product put them where a figure was missing. VIBE's API answers null
 * (with `ratingSource: null`) instead, and its client says so rather than showing them.
 */
export { FALLBACKS, PICKER_VIBES };

/** GET /api/venues/match-public, /api/venues/nearby, /api/favorites: venues, best or nearest first. */
export const venueListSchema = z.array(venueSchema);
/** POST /api/vibes: the vibes saved and whether they are private. */
export const savedVibesSchema = z.object({ vibes: z.array(z.string()), isPrivate: z.boolean() });

/** GET /api/proxy-image?url= (the answer is the image's bytes, never JSON). */
export const proxyImageQuery = z.object({
  url: z
    .string({ error: (issue) => (issue.input === undefined ? "url is required" : "url must be a single value") })
    .trim()
    .min(1, "url is required")
    .max(2048, "url can be at most 2048 characters"),
});
