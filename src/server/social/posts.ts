import type { FastifyInstance } from "fastify";
import { createCommentBody, createPostBody, feedQuery, postIdParam, type Comment, type Post } from "@shared/contracts/social";
import { requireUser, type AppContext } from "../context";
import type { Queryable } from "../db/client";
import { badRequest, notFound, parse } from "../http/errors";
import { canSeePost, VISIBLE_POST_SQL } from "./policy";

interface PostRow {
  id: string;
  user_id: string;
  first_name: string | null;
  last_name: string | null;
  created_at: Date | string;
  vibes: string[];
  content: string | null;
  venue_id: number | null;
  location_text: string | null;
  like_count: number;
  comment_count: number;
  is_liked: boolean;
}

const iso = (d: Date | string) => new Date(d).toISOString();

/** A post's venue as a post shows it (null: none, or no longer there). */
type PostVenue = { name: string; external_id: string } | null | undefined;

function presentPost(r: PostRow, venue: PostVenue): Post {
  return {
    id: r.id,
    user: { id: r.user_id, firstName: r.first_name, lastName: r.last_name },
    createdAt: iso(r.created_at),
    vibes: r.vibes,
    content: r.content,
    venue: r.venue_id && venue ? { id: r.venue_id, name: venue.name, externalId: venue.external_id } : null,
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

/** Where the feed reads: the database, and the instance's venue catalog (venues/catalog.ts) for venue names. */
export interface FeedReader {
  db: Queryable;
  catalog: { byIds(ids: Iterable<number>): Promise<ReadonlyMap<number, { name: string; external_id: string }>> };
}

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
 * 2. from each author, only posts at or after that cutoff (still at most a page each), read whole
 *    from the rows the index points to (no second lookup by id).
 * Then only the page's posts are joined with their authors and the caller's likes. Venue names
 * come from the instance's catalog, which holds every venue (venues/catalog.ts).
 */
export async function feedPage({ db, catalog }: FeedReader, viewerId: string, limit: number, cursor: [string, string] | null): Promise<{ posts: Post[]; nextCursor: string | null }> {
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
       SELECT q.*
         FROM authors
         CROSS JOIN LATERAL (
           SELECT p.id, p.user_id, p.created_at, p.vibes, p.content, p.venue_id, p.location_text, p.like_count, p.comment_count
             FROM posts p
            WHERE p.user_id = authors.id
              AND ($3::timestamptz IS NULL OR (p.created_at, p.id) < ($3::timestamptz, $4::uuid))
              AND p.created_at >= coalesce((SELECT created_at FROM cutoff), '-infinity')
            ORDER BY p.created_at DESC, p.id DESC
            LIMIT $2::int) q
        ORDER BY q.created_at DESC, q.id DESC
        LIMIT $2::int)
     SELECT p.*, u.first_name, u.last_name, p.created_at::text AS created_at_text,
            EXISTS (SELECT 1 FROM post_likes l WHERE l.post_id = p.id AND l.user_id = $1) AS is_liked
       FROM page p
       JOIN users u ON u.id = p.user_id
      ORDER BY p.created_at DESC, p.id DESC`,
    [viewerId, limit + 1, cursor?.[0] ?? null, cursor?.[1] ?? null],
  );
  const page = rows.slice(0, limit);
  const venues = await catalog.byIds(page.flatMap((r) => (r.venue_id ? [r.venue_id] : [])));
  return { posts: page.map((r) => presentPost(r, r.venue_id ? venues.get(r.venue_id) : null)), nextCursor: rows.length > limit ? encodeCursor(page[page.length - 1]) : null };
}

// One statement (atomic on its own): whether the caller may see the post, the like added or
// taken back, and the post's count moved by what actually changed. Two toggles at once by the
// same person leave one like and say so.
// $1: the post, $2: the caller.
const TOGGLE_LIKE_SQL = `WITH visible AS (
     SELECT p.id, p.user_id, p.like_count FROM posts p WHERE p.id = $1 AND ${VISIBLE_POST_SQL.replaceAll("$VIEWER", "$2")}),
   removed AS (
     DELETE FROM post_likes l USING visible WHERE l.post_id = visible.id AND l.user_id = $2 RETURNING l.post_id),
   added AS (
     INSERT INTO post_likes (post_id, user_id) SELECT id, $2 FROM visible WHERE NOT EXISTS (SELECT 1 FROM removed)
     ON CONFLICT DO NOTHING RETURNING post_id),
   counted AS (
     UPDATE posts p SET like_count = p.like_count + (SELECT count(*) FROM added) - (SELECT count(*) FROM removed)
       FROM visible WHERE p.id = visible.id AND EXISTS (SELECT 1 FROM added UNION ALL SELECT 1 FROM removed)
     RETURNING p.like_count)
   SELECT visible.user_id AS author_id, NOT EXISTS (SELECT 1 FROM removed) AS liked,
          coalesce((SELECT like_count FROM counted), visible.like_count) AS like_count
     FROM visible`;

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
    // privacyShareLocation off: where the person is never gets stored with the post (a venue
    // named is still checked, so the answer does not depend on the setting).
    const shareLocation = user.privacy_share_location;
    const venueId = shareLocation ? body.venueId : null;
    const locationText = shareLocation && !body.venueId ? body.locationText : null;
    // One statement: the named venue's check, the post, its venue's name and, when the author's
    // activity reaches their friends, whom to tell.
    const [row] = await db.query<PostRow & { venue_name: string | null; venue_external_id: string | null; friends: string[] | null }>(
      `WITH added AS (
         INSERT INTO posts (user_id, venue_id, location_text, vibes, content)
         SELECT $1, $2, $3, $4::text[], $5
          WHERE $6::int IS NULL OR EXISTS (SELECT 1 FROM venues WHERE id = $6)
         RETURNING id, user_id, venue_id, location_text, vibes, content, like_count, comment_count, created_at)
       SELECT added.*, v.name AS venue_name, v.external_id AS venue_external_id,
              CASE WHEN $7 THEN (SELECT array_agg(f.friend_id::text) FROM friendships f WHERE f.user_id = $1) END AS friends
         FROM added LEFT JOIN venues v ON v.id = added.venue_id`,
      [user.id, venueId, locationText, body.vibes, body.content, body.venueId ?? null, user.privacy_activity_feed],
    );
    if (!row) throw badRequest("Unknown venue");
    const post = presentPost(
      { ...row, first_name: user.first_name, last_name: user.last_name, is_liked: false },
      row.venue_name === null ? null : { name: row.venue_name, external_id: row.venue_external_id! },
    );
    // A check-in counts in its venue's live vibe: this instance has read it before answering, so
    // the author's next search here shows it; other instances hear of it (live/store.ts).
    if (venueId) await ctx.changes.settle();
    // one event for all the friends: each instance hands it to those of them connected to it
    if (row.friends?.length) {
      await bus.publish({ to: { userIds: row.friends }, message: { type: "friend_post", postId: post.id, user: post.user } }).catch(() => {});
    }
    return reply.status(201).send(post);
  });

  app.post("/api/posts/:id/like", async (req) => {
    const user = await requireUser(ctx, req);
    const { id } = parse(postIdParam, req.params);
    const [row] = await db.query<{ author_id: string; liked: boolean; like_count: number }>(TOGGLE_LIKE_SQL, [id, user.id]);
    if (!row) throw notFound("Post not found");
    if (row.liked && row.author_id !== user.id) {
      await bus
        .publish({ to: { userId: row.author_id }, message: { type: "post_liked", postId: id, user: { id: user.id, firstName: user.first_name, lastName: user.last_name } } })
        .catch(() => {});
    }
    return { liked: row.liked, likeCount: row.like_count };
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
