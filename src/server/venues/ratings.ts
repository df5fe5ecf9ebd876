import type { RatingPart } from "@shared/contracts/reviews";
import { REVIEWS } from "@shared/vocabulary";

/**
 * A venue's rating from real ratings only (docs/reviews.md, "Rating maths"):
 *
 * - the provider's (Google's mean and count, stored in venues.rating / review_count by a sync);
 * - VIBE's people's: the sum and number of their live 1-5 ratings (venues.member_rating_sum and
 *   member_review_count, kept by a trigger on member_reviews).
 *
 * One source: its own mean and count. Both, with the provider's count known: weighted by counts,
 * (providerMean × providerCount + vibeSum) / (providerCount + vibeCount), and the source says both
 * ("Google + VIBE"). Both, without the provider's count: they cannot be weighed, so the provider's
 * rating stands alone as before; VIBE's is still listed in `parts` (the details show each).
 * Means are rounded to one decimal. No ratings: null, never the spec's fallback 4.8.
 */
export interface VenueRating {
  rating: number | null;
  reviewCount: number | null;
  ratingSource: string | null;
  parts: RatingPart[];
}

const round1 = (n: number) => Math.round(n * 10) / 10;

export function venueRating(
  provider: { source: string; rating: number | null; reviewCount: number | null } | null,
  member: { sum: number; count: number },
): VenueRating {
  const parts: RatingPart[] = [];
  const p =
    provider && typeof provider.rating === "number" && Number.isFinite(provider.rating)
      ? {
          source: provider.source,
          rating: provider.rating,
          reviewCount:
            typeof provider.reviewCount === "number" && provider.reviewCount >= 0 ? provider.reviewCount : null,
        }
      : null;
  if (p) parts.push({ source: p.source, rating: round1(p.rating), reviewCount: p.reviewCount });
  const m = member.count > 0 ? { sum: member.sum, count: member.count } : null;
  if (m) parts.push({ source: REVIEWS.source, rating: round1(m.sum / m.count), reviewCount: m.count });

  if (p && m && p.reviewCount !== null) {
    const count = p.reviewCount + m.count;
    return {
      rating: round1((p.rating * p.reviewCount + m.sum) / count),
      reviewCount: count,
      ratingSource: `${p.source} + ${REVIEWS.source}`,
      parts,
    };
  }
  if (p) return { rating: p.rating, reviewCount: p.reviewCount, ratingSource: p.source, parts };
  if (m) return { rating: round1(m.sum / m.count), reviewCount: m.count, ratingSource: REVIEWS.source, parts };
  return { rating: null, reviewCount: null, ratingSource: null, parts };
}
