import type { FastifyInstance } from "fastify";
import { createCommentBody, createPostBody, feedQuery, postIdParam, type Comment, type Post } from "@shared/contracts/social";
import { requireUser, type AppContext } from "../context";
import type { Queryable } from "../db/client";
import { badRequest, notFound, parse } from "../http/errors";
import { canSeePost } from "./policy";

interface PostRow {
  id: string;
  user_id: string;
  first_name: string | null;
  last_name: string | null;
  created_at: Date | string;
  vibes: string[];
  content: string | null;
  venue_id: number | null;
  venue_name: string | null;
  venue_external_id: string | null;
  location_text: string | null;
  like_count: number;
  comment_count: number;
  is_liked: boolean;
}

const iso = (d: Date | string) => new Date(d).toISOString();

function presentPost(r: PostRow): Post {
  return {
    id: r.id,
    user: { id: r.user_id, firstName: r.first_name, lastName: r.last_name },
    createdAt: iso(r.created_at),
    vibes: r.vibes,
    content: r.content,
    venue: r.venue_id && r.venue_name ? { id: r.venue_id, name: r.venue_name, externalId: r.venue_external_id! } : null,
    locationText: r.location_text,
    likeCount: r.like_count,
    commentCount: r.comment_count,
    isLiked: !!r.is_liked,
  };
}

/** The feed's cursor: the last post's time (microseconds kept) and id, opaque to clients. */
const encodeCursor = (r: { created_at: Date | string; created_at_text: string; id: string }) =>
  Buffer.from(JSON.stringify([r.created_at_text, r.id])).toString("base64url");
function decodeCursor(cursor: string | undefined): [string, string] | null {
  if (!cursor) return null;
  try {
    const [t, id] = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    if (typeof t === "string" && typeof id === "string" && !Number.isNaN(Date.parse(t)) && /^[0-9a-f-]{36}$/i.test(id)) return [t, id];
  } catch {
    /* fall through */
  }
  throw badRequest("Invalid cursor");
}

const POST_COLUMNS = `p.id, p.user_id, u.first_name, u.last_name, p.created_at, p.vibes, p.content, p.venue_id,
  v.name AS venue_name, v.external_id AS venue_external_id, p.location_text, p.like_count, p.comment_count`;

/**
 * The caller's posts and their friends' (those sharing their activity feed), newest first.
 *
 * The page is chosen from index-only walks of posts_user_time_idx, one per author (LATERAL), so
 * the cost grows with the number of friends and the page size, not the number of posts. Reading
 * a whole page from every author would be exact but wasteful (51 authors × 51 posts for a page of
 * 50), so it goes in two steps, still exact:
 * 1. a sample: each author's newest few posts (the page size over the number of authors, + 2).
 *    The sample is a subset of all posts, so its page-size-th newest time is no newer than the
 *    page's last post: a cutoff that every post of the page meets;
 * 2. from each author, only posts at or after that cutoff (still at most a page each).
 * Then only the page's posts are joined with their authors, venues and the caller's likes.
 */
export async function feedPage(db: Queryable, viewerId: string, limit: number, cursor: [string, string] | null): Promise<{ posts: Post[]; nextCursor: string | null }> {
  const rows = await db.query<PostRow & { created_at_text: string }>(
    `WITH authors AS (
       SELECT $1::uuid AS id
       UNION ALL
       SELECT f.friend_id FROM friendships f
        WHERE f.user_id = $1
          AND NOT EXISTS (SELECT 1 FROM users a WHERE a.id = f.friend_id AND NOT a.privacy_activity_feed)),
     sample AS (
       SELECT q.created_at
         FROM authors
         CROSS JOIN LATERAL (
           SELECT p.created_at FROM posts p
            WHERE p.user_id = authors.id
              AND ($3::timestamptz IS NULL OR (p.created_at, p.id) < ($3::timestamptz, $4::uuid))
            ORDER BY p.created_at DESC, p.id DESC
            LIMIT (SELECT least($2::int, ceil($2::int::float8 / count(*))::int + 2) FROM authors)) q),
     cutoff AS (SELECT created_at FROM sample ORDER BY created_at DESC OFFSET $2::int - 1 LIMIT 1),
     page AS (
       SELECT q.id, q.created_at
         FROM authors
         CROSS JOIN LATERAL (
           SELECT p.id, p.created_at FROM posts p
            WHERE p.user_id = authors.id
              AND ($3::timestamptz IS NULL OR (p.created_at, p.id) < ($3::timestamptz, $4::uuid))
              AND p.created_at >= coalesce((SELECT created_at FROM cutoff), '-infinity')
            ORDER BY p.created_at DESC, p.id DESC
            LIMIT $2::int) q
        ORDER BY q.created_at DESC, q.id DESC
        LIMIT $2::int)
     SELECT ${POST_COLUMNS}, p.created_at::text AS created_at_text,
            EXISTS (SELECT 1 FROM post_likes l WHERE l.post_id = p.id AND l.user_id = $1) AS is_liked
       FROM page
       JOIN posts p ON p.id = page.id
       JOIN users u ON u.id = p.user_id
       LEFT JOIN venues v ON v.id = p.venue_id
      ORDER BY p.created_at DESC, p.id DESC`,
    [viewerId, limit + 1, cursor?.[0] ?? null, cursor?.[1] ?? null],
  );
  const page = rows.slice(0, limit);
  return { posts: page.map(presentPost), nextCursor: rows.length > limit ? encodeCursor(page[page.length - 1]) : null };
}

async function postById(db: Queryable, id: string, viewerId: string): Promise<Post> {
  const [row] = await db.query<PostRow>(
    `SELECT ${POST_COLUMNS}, EXISTS (SELECT 1 FROM post_likes l WHERE l.post_id = p.id AND l.user_id = $2) AS is_liked
       FROM posts p JOIN users u ON u.id = p.user_id LEFT JOIN venues v ON v.id = p.venue_id WHERE p.id = $1`,
    [id, viewerId],
  );
  return presentPost(row);
}

export function postRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db, bus } = ctx;

  app.get("/api/posts/feed", async (req, reply) => {
    const user = await requireUser(ctx, req);
    const q = parse(feedQuery, req.query);
    const { posts, nextCursor } = await feedPage(db, user.id, q.limit, decodeCursor(q.cursor));
    // The spec's client reads a plain list; the next page's cursor travels in a header.
    if (nextCursor) reply.header("x-next-cursor", nextCursor);
    return posts;
  });

  app.post("/api/posts", async (req, reply) => {
    const user = await requireUser(ctx, req);
    const body = parse(createPostBody, req.body);
    let venueId = body.venueId;
    let locationText = venueId ? null : body.locationText;
    if (venueId) {
      const found = await db.query("SELECT 1 FROM venues WHERE id = $1", [venueId]);
      if (!found.length) throw badRequest("Unknown venue");
    }
    // privacyShareLocation off: where the person is never gets stored with the post.
    if (!user.privacy_share_location) {
      venueId = null;
      locationText = null;
    }
    const [row] = await db.query<{ id: string }>(
      "INSERT INTO posts (user_id, venue_id, location_text, vibes, content) VALUES ($1, $2, $3, $4::text[], $5) RETURNING id",
      [user.id, venueId, locationText, body.vibes, body.content],
    );
    // A check-in counts in its venue's live vibe: this instance has read it before answering, so
    // the author's next search here shows it; other instances hear of it (live/store.ts).
    const [post] = await Promise.all([postById(db, row.id, user.id), venueId ? ctx.changes.settle() : null]);
    if (user.privacy_activity_feed) {
      const friends = await db.query<{ friend_id: string }>("SELECT friend_id FROM friendships WHERE user_id = $1", [user.id]);
      // one event for all the friends: each instance hands it to those of them connected to it
      if (friends.length) {
        const userIds = friends.map((f) => f.friend_id);
        await bus.publish({ to: { userIds }, message: { type: "friend_post", postId: post.id, user: post.user } }).catch(() => {});
      }
    }
    return reply.status(201).send(post);
  });

  app.post("/api/posts/:id/like", async (req) => {
    const user = await requireUser(ctx, req);
    const { id } = parse(postIdParam, req.params);
    const visible = await canSeePost(db, user.id, id);
    if (!visible) throw notFound("Post not found");
    const result = await db.transaction(async (tx) => {
      const removed = await tx.query("DELETE FROM post_likes WHERE post_id = $1 AND user_id = $2 RETURNING post_id", [id, user.id]);
      if (removed.length) {
        const [p] = await tx.query<{ like_count: number }>("UPDATE posts SET like_count = like_count - 1 WHERE id = $1 RETURNING like_count", [id]);
        return { liked: false, likeCount: p.like_count };
      }
      await tx.query("INSERT INTO post_likes (post_id, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING", [id, user.id]);
      const [p] = await tx.query<{ like_count: number }>("UPDATE posts SET like_count = like_count + 1 WHERE id = $1 RETURNING like_count", [id]);
      return { liked: true, likeCount: p.like_count };
    });
    if (result.liked && visible.authorId !== user.id) {
      await bus
        .publish({ to: { userId: visible.authorId }, message: { type: "post_liked", postId: id, user: { id: user.id, firstName: user.first_name, lastName: user.last_name } } })
        .catch(() => {});
    }
    return result;
  });

  app.get("/api/posts/:id/comments", async (req) => {
    const user = await requireUser(ctx, req);
    const { id } = parse(postIdParam, req.params);
    if (!(await canSeePost(db, user.id, id))) throw notFound("Post not found");
    const rows = await db.query<{ id: string; user_id: string; first_name: string | null; last_name: string | null; content: string; created_at: Date }>(
      `SELECT c.id, c.user_id, u.first_name, u.last_name, c.content, c.created_at
         FROM post_comments c JOIN users u ON u.id = c.user_id WHERE c.post_id = $1 ORDER BY c.created_at, c.id LIMIT 500`,
      [id],
    );
    return rows.map(
      (r): Comment => ({ id: r.id, user: { id: r.user_id, firstName: r.first_name, lastName: r.last_name }, content: r.content, createdAt: iso(r.created_at) }),
    );
  });

  app.post("/api/posts/:id/comments", async (req, reply) => {
    const user = await requireUser(ctx, req);
    const { id } = parse(postIdParam, req.params);
    const visible = await canSeePost(db, user.id, id);
    if (!visible) throw notFound("Post not found");
    const { content } = parse(createCommentBody, req.body);
    const row = await db.transaction(async (tx) => {
      const [c] = await tx.query<{ id: string; created_at: Date }>(
        "INSERT INTO post_comments (post_id, user_id, content) VALUES ($1, $2, $3) RETURNING id, created_at",
        [id, user.id, content],
      );
      await tx.query("UPDATE posts SET comment_count = comment_count + 1 WHERE id = $1", [id]);
      return c;
    });
    const comment: Comment = { id: row.id, user: { id: user.id, firstName: user.first_name, lastName: user.last_name }, content, createdAt: iso(row.created_at) };
    if (visible.authorId !== user.id) {
      await bus.publish({ to: { userId: visible.authorId }, message: { type: "post_commented", postId: id, comment } }).catch(() => {});
    }
    return reply.status(201).send(comment);
  });
}
