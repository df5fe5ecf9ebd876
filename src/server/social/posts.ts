import type { FastifyInstance } from "fastify";
import { createCommentBody, createPostBody, feedQuery, postIdParam, type Comment } from "@shared/contracts/social";
import { requireUser, type AppContext } from "../context";
import { badRequest, notFound, parse } from "../http/errors";
import { canSeePost } from "./policy";
import { rateFromCheckIn } from "../venues/reviews";
import { decodeCursor, feedPage, insertComment, insertPost, postComments, presentPost, toggleLike } from "./queries";

export function postRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db, bus } = ctx;

  app.get("/api/posts/feed", async (req, reply) => {
    const user = await requireUser(ctx, req);
    const q = parse(feedQuery, req.query);
    const { posts, nextCursor } = await feedPage(ctx, user.id, q.limit, decodeCursor(q.cursor));
    // The spec's client reads a plain list; the next page's cursor travels in a header.
    if (nextCursor) reply.header("x-next-cursor", nextCursor);
    return posts;
  });

  app.post("/api/posts", async (req, reply) => {
    const user = await requireUser(ctx, req);
    const body = parse(createPostBody, req.body);
    // A rating rates the venue the check-in names (venues/reviews.ts): first, so that a refused
    // rating (a guest, a review an admin removed) makes no post either.
    if (body.rating !== null) {
      if (!body.venueId) throw badRequest("A rating needs the venue you are at");
      if (!(await ctx.catalog.byIds([body.venueId])).size) throw badRequest("Unknown venue");
      await rateFromCheckIn(ctx, user, body.venueId, body.rating, body.content);
    }
    // privacyShareLocation off: where the person is never gets stored with the post (a venue
    // named is still checked, so the answer does not depend on the setting).
    const shareLocation = user.privacy_share_location;
    const venueId = shareLocation ? body.venueId : null;
    const locationText = shareLocation && !body.venueId ? body.locationText : null;
    const row = await insertPost(db, {
      userId: user.id,
      venueId,
      locationText,
      vibes: body.vibes,
      content: body.content,
      namedVenueId: body.venueId ?? null,
      tellFriends: user.privacy_activity_feed,
    });
    if (!row) throw badRequest("Unknown venue");
    const post = presentPost(
      { ...row, first_name: user.first_name, last_name: user.last_name, is_liked: false },
      row.venue_name === null ? null : { name: row.venue_name, external_id: row.venue_external_id! },
    );
    // A check-in counts in its venue's live vibe (and its rating in the venue's): this instance
    // reads it before answering (as after every write: readmodel/), so the author's next search
    // here shows it; other instances hear of it too.
    // one event for all the friends: each instance hands it to those of them connected to it
    if (row.friends?.length) {
      await bus
        .publish({ to: { userIds: row.friends }, message: { type: "friend_post", postId: post.id, user: post.user } })
        .catch(() => {});
    }
    return reply.status(201).send(post);
  });

  app.post("/api/posts/:id/like", async (req) => {
    const user = await requireUser(ctx, req);
    const { id } = parse(postIdParam, req.params);
    const row = await toggleLike(db, id, user.id);
    if (!row) throw notFound("Post not found");
    if (row.liked && row.author_id !== user.id) {
      await bus
        .publish({
          to: { userId: row.author_id },
          message: {
            type: "post_liked",
            postId: id,
            user: { id: user.id, firstName: user.first_name, lastName: user.last_name },
          },
        })
        .catch(() => {});
    }
    return { liked: row.liked, likeCount: row.like_count };
  });

  app.get("/api/posts/:id/comments", async (req) => {
    const user = await requireUser(ctx, req);
    const { id } = parse(postIdParam, req.params);
    const visible = await canSeePost(db, user.id, id);
    if (!visible) throw notFound("Post not found");
    return postComments(db, { id, authorId: visible.authorId }, user.id);
  });

  app.post("/api/posts/:id/comments", async (req, reply) => {
    const user = await requireUser(ctx, req);
    const { id } = parse(postIdParam, req.params);
    const visible = await canSeePost(db, user.id, id);
    if (!visible) throw notFound("Post not found");
    const { content } = parse(createCommentBody, req.body);
    const row = await insertComment(db, id, user.id, content);
    const comment: Comment = {
      id: row.id,
      user: { id: user.id, firstName: user.first_name, lastName: user.last_name },
      content,
      createdAt: row.createdAt,
    };
    if (visible.authorId !== user.id) {
      await bus
        .publish({ to: { userId: visible.authorId }, message: { type: "post_commented", postId: id, comment } })
        .catch(() => {});
    }
    return reply.status(201).send(comment);
  });
}
