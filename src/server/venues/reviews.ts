import type { FastifyInstance } from "fastify";
import {
  type MyReview,
  removeReviewBody,
  reviewBody,
  reviewIdParam,
  type VenueReviews,
} from "@shared/contracts/reviews";
import { REVIEWS } from "@shared/vocabulary";
import { currentUser, requireAdmin, requireUser, type AppContext } from "../context";
import type { UserRow } from "../auth/users";
import { conflict, forbidden, notFound, parse } from "../http/errors";
import { buildSources } from "../providers";
import { analyzeVenueTexts } from "../vibes/model";
import { ratingOf, venueReviewList } from "./queries";
import { venueOfParams } from "./routes";
import { deleteReview, myReview, removeReview, upsertReview } from "./review-queries";
import { reblendVenue } from "./sync";

/**
 * Ratings and reviews by VIBE's people (docs/reviews.md): routes, and the writes a check-in with a
 * rating shares (social/posts.ts). Every write is read back by this instance's catalog before the
 * answer (as every write request is: readmodel/), so the writer's next list shows the venue's new rating.
 */

/** Guests may not rate: a guest account costs nothing to make. */
function requireMember(user: UserRow) {
  if (user.is_guest) throw forbidden(REVIEWS.guestRefused);
}

/**
 * Blends the venue again now that what VIBE's people said of it changed (a review, a vibe vote): one
 * blend of every signal, their review texts and counted votes included with their age decay
 * (venues/sync/write.ts reblendVenue, vibes/blend.ts).
 */
export async function refreshMemberVibes(
  ctx: AppContext,
  venueId: number,
  now = new Date(),
  opts: { queued?: boolean } = {},
): Promise<void> {
  await reblendVenue(ctx.db, venueId, buildSources(ctx.config), analyzeVenueTexts, now, opts);
}

/**
 * A check-in's rating (POST /api/posts with `rating`): it becomes the person's rating of the venue,
 * and the post's caption the review's text when the review has none yet. Guests are refused (403),
 * and a review an admin removed stays as it is (409).
 */
export async function rateFromCheckIn(
  ctx: AppContext,
  user: UserRow,
  venueId: number,
  rating: number,
  caption: string | null,
): Promise<void> {
  requireMember(user);
  const text = (caption ?? "").slice(0, REVIEWS.textMax);
  // Location sharing off: the rating counts, but neither the caption nor the time is shown to others.
  const unlisted = !user.privacy_share_location;
  const written = await upsertReview(ctx.db, { venueId, userId: user.id, rating, text, keepText: true, unlisted });
  if (!written) throw conflict(REVIEWS.removedLocked);
  await refreshMemberVibes(ctx, venueId);
}

export function reviewRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx;

  const venueOf = (params: unknown) => venueOfParams(db, params);

  app.get("/api/venues/:externalId/reviews", async (req): Promise<VenueReviews> => {
    const venue = await venueOf(req.params);
    const user = await currentUser(ctx, req);
    const [reviews, mine] = await Promise.all([
      venueReviewList(db, venue, user ? { id: user.id } : null),
      user ? myReview(db, venue.id, user.id) : null,
    ]);
    const { parts, ...rating } = ratingOf(venue);
    return { reviews, ratings: parts, rating, mine };
  });

  app.put("/api/venues/:externalId/reviews/mine", async (req, reply) => {
    const user = await requireUser(ctx, req);
    requireMember(user);
    const body = parse(reviewBody, req.body);
    const venue = await venueOf(req.params);
    const written = await upsertReview(db, { venueId: venue.id, userId: user.id, ...body });
    if (!written) throw conflict(REVIEWS.removedLocked);
    await refreshMemberVibes(ctx, venue.id);
    const answer: MyReview = written.review;
    return reply.status(written.created ? 201 : 200).send(answer);
  });

  app.delete("/api/venues/:externalId/reviews/mine", async (req) => {
    const user = await requireUser(ctx, req);
    requireMember(user);
    const venue = await venueOf(req.params);
    const done = await deleteReview(db, venue.id, user.id);
    if (done === "removed") throw conflict(REVIEWS.removedLocked);
    if (done === "none") throw notFound(REVIEWS.noReview);
    await refreshMemberVibes(ctx, venue.id);
    return { deleted: true as const };
  });

  // An admin removes a review that breaks the rules: kept, with the reason, which its author sees.
  app.post("/api/admin/reviews/:id/remove", async (req) => {
    const admin = await requireAdmin(ctx, req);
    const { id } = parse(reviewIdParam, req.params);
    const { reason } = parse(removeReviewBody, req.body);
    const removed = await removeReview(db, id, admin.id, reason);
    if (removed === null) throw notFound("Review not found");
    if (removed === "already") throw conflict("This review was already removed");
    await refreshMemberVibes(ctx, removed.venueId);
    return { id, removed: true as const };
  });
}
