import { z } from "zod";
import { REVIEWS } from "../vocabulary";
import { cleaned, decimal } from "./common";

/**
 * Ratings and reviews by VIBE's people (docs/reviews.md): one per person per venue, 1 to 5 stars
 * with an optional text, beside the reviews a provider (Google) gives.
 */

const rating = z
  .number({ error: "rating must be a whole number from 1 to 5" })
  .int("rating must be a whole number from 1 to 5")
  .min(REVIEWS.ratingMin, "rating must be a whole number from 1 to 5")
  .max(REVIEWS.ratingMax, "rating must be a whole number from 1 to 5");

/** PUT /api/venues/:externalId/reviews/mine: writes or replaces the caller's review. */
export const reviewBody = z.object({
  rating,
  text: cleaned(
    z
      .string({ error: "Review must be text" })
      .max(REVIEWS.textMax, `Review can be at most ${REVIEWS.textMax} characters`)
      .nullish()
      .transform((v) => v?.trim() ?? ""),
    { multiline: true },
  ),
});
export type ReviewBody = z.infer<typeof reviewBody>;

/** An optional rating beside a check-in (POST /api/posts): it becomes the person's review's rating. */
export const checkInRating = rating.nullish().transform((v) => v ?? null);

/** POST /api/admin/reviews/:id/remove */
export const removeReviewBody = z.object({
  reason: cleaned(
    z
      .string({ error: "Say why the review is removed" })
      .max(REVIEWS.reasonMax, `The reason can be at most ${REVIEWS.reasonMax} characters`)
      .transform((v) => v.trim())
      .refine((v) => v.length > 0, "Say why the review is removed"),
  ),
});

export const reviewIdParam = z.object({
  id: decimal(
    z
      .number({ error: "Review id must be a number" })
      .int("Review id must be a whole number")
      .positive("Review id must be a whole number"),
  ),
});

/**
 * One review as a venue's details list it (spec section 3: author, rating, text, time), with where
 * it came from: `source` "VIBE" for VIBE's people (`id` set, the author "A VIBE member" unless
 * their privacy settings show their name), or the provider's name ("Google", `id` null).
 */
export const reviewItemSchema = z.object({
  author: z.string(),
  rating: z.number().nullable(),
  text: z.string(),
  time: z.string().nullable(),
  source: z.string(),
  id: z.number().nullable(),
  /** The caller wrote it. */
  mine: z.boolean(),
});
export type ReviewItem = z.infer<typeof reviewItemSchema>;

/**
 * One source's rating of the venue: `rating` its mean (0..5, one decimal), `reviewCount` how many
 * ratings it is made of (null when the provider does not say).
 */
export const ratingPartSchema = z.object({
  source: z.string(),
  rating: z.number(),
  reviewCount: z.number().nullable(),
});
export type RatingPart = z.infer<typeof ratingPartSchema>;

/** The caller's own review, removed or not: a removed one says so and why (it is kept, not deleted). */
export const myReviewSchema = z.object({
  id: z.number(),
  rating: z.number(),
  text: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  removed: z.object({ reason: z.string(), at: z.string() }).nullable(),
});
export type MyReview = z.infer<typeof myReviewSchema>;

/** GET /api/venues/:externalId/reviews */
export const venueReviewsSchema = z.object({
  /** Newest first, VIBE's and the provider's together, each with its source. */
  reviews: z.array(reviewItemSchema),
  /** Each source's rating: the venue's `rating` is made of these (see venueSchema.rating). */
  ratings: z.array(ratingPartSchema),
  /** The venue's rating as its Venue says it now (venueSchema.rating, reviewCount, ratingSource). */
  rating: z.object({
    rating: z.number().nullable(),
    reviewCount: z.number().nullable(),
    ratingSource: z.string().nullable(),
  }),
  /** The caller's review (null for no review, or no signed-in caller). */
  mine: myReviewSchema.nullable(),
});
export type VenueReviews = z.infer<typeof venueReviewsSchema>;

export const removedReviewSchema = z.object({ id: z.number(), removed: z.literal(true) });
export const deletedReviewSchema = z.object({ deleted: z.literal(true) });
