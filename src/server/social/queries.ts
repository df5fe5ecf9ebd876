import type { z } from "zod";
import type {
  BlockedPerson,
  Comment,
  Friend,
  FriendRequestItem,
  Group,
  Post,
  preferencesBody,
  privacyBody,
  UserSearchResult,
} from "@shared/contracts/social";
import { FINDABLE_BY_EMAIL_SQL, type UserRow } from "../auth/users";
import type { Db, Queryable } from "../db/client";
import { likeContains } from "../db/sql";
import { badRequest } from "../http/errors";
import { blendGroupVibes } from "./mixed-vibes";
import { maskEmail } from "./mask-email";
import { isGroupCreator, VISIBLE_POST_SQL } from "./policy";

/**
 * The SQL of social/: posts and the feed, comments and likes, friends and requests, groups and the
 * profile's settings. Routes (posts.ts, friends.ts, groups.ts, profile.ts) parse, check who asks
 * (policy.ts) and call these.
 */

// --- posts ---

export interface PostRow {
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

export function presentPost(r: PostRow, venue: PostVenue): Post {
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
export function decodeCursor(cursor: string | undefined): [string, string] | null {
  if (!cursor) return null;
  try {
    const [t, id] = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    if (typeof t === "string" && typeof id === "string" && !Number.isNaN(Date.parse(t)) && /^[0-9a-f-]{36}$/i.test(id))
      return [t, id];
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
 * Then only the page's posts are joined with their authors and the caller's likes, and each
 * post's comment count is the number the caller can read (comments hidden by privacy or a block
 * are not counted: hiddenCommentsSql). Venue names come from the instance's catalog, which holds
 * every venue (venues/catalog.ts).
 */
export async function feedPage(
  { db, catalog }: FeedReader,
  viewerId: string,
  limit: number,
  cursor: [string, string] | null,
): Promise<{ posts: Post[]; nextCursor: string | null }> {
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
           SELECT p.id, p.user_id, p.created_at, p.vibes, p.content, p.venue_id, p.location_text, p.like_count,
             p.comment_count
             FROM posts p
            WHERE p.user_id = authors.id
              AND ($3::timestamptz IS NULL OR (p.created_at, p.id) < ($3::timestamptz, $4::uuid))
              AND p.created_at >= coalesce((SELECT created_at FROM cutoff), '-infinity')
            ORDER BY p.created_at DESC, p.id DESC
            LIMIT $2::int) q
        ORDER BY q.created_at DESC, q.id DESC
        LIMIT $2::int)
     SELECT p.id, p.user_id, p.created_at, p.vibes, p.content, p.venue_id, p.location_text, p.like_count,
            CASE WHEN p.comment_count = 0 THEN 0 ELSE p.comment_count - ${hiddenCommentsSql("$1::uuid", "p")}
              END AS comment_count,
            u.first_name, u.last_name, p.created_at::text AS created_at_text,
            EXISTS (SELECT 1 FROM post_likes l WHERE l.post_id = p.id AND l.user_id = $1) AS is_liked
       FROM page p
       JOIN users u ON u.id = p.user_id
      ORDER BY p.created_at DESC, p.id DESC`,
    [viewerId, limit + 1, cursor?.[0] ?? null, cursor?.[1] ?? null],
  );
  const page = rows.slice(0, limit);
  const venues = await catalog.byIds(page.flatMap((r) => (r.venue_id ? [r.venue_id] : [])));
  return {
    posts: page.map((r) => presentPost(r, r.venue_id ? venues.get(r.venue_id) : null)),
    nextCursor: rows.length > limit ? encodeCursor(page[page.length - 1]) : null,
  };
}

// One statement (atomic on its own): whether the caller may see the post, the like added or
// taken back, and the post's count moved by what actually changed (the UPDATE reads the row's
// latest version, so a count another request moved meanwhile is included).
// $1: the post, $2: the caller.
const TOGGLE_LIKE_SQL = `WITH visible AS (
     SELECT p.id, p.user_id, p.like_count FROM posts p WHERE p.id = $1
       AND ${VISIBLE_POST_SQL.replaceAll("$VIEWER", "$2")}),
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
          EXISTS (SELECT 1 FROM added UNION ALL SELECT 1 FROM removed) AS changed,
          coalesce((SELECT like_count FROM counted), visible.like_count) AS like_count
     FROM visible`;

/** How often a toggle is tried again when a concurrent toggle of the same row left it nothing to change. */
const TOGGLE_TRIES = 8;

/**
 * Likes or unlikes a visible post in one statement; undefined when the caller may not see it.
 * Two toggles of one like at once (PostgreSQL, READ COMMITTED) both see no like; the first adds
 * it and the second's insert finds it and changes nothing: answered as it was, that one said
 * `{liked: true, likeCount: 0}`. A toggle that changed nothing runs again, on a snapshot that
 * sees the other's like, and takes it back: every answer is what its own statement did, as if
 * the toggles had come one after the other.
 */
export async function toggleLike(db: Queryable, postId: string, userId: string) {
  for (let attempt = 1; ; attempt++) {
    const [row] = await db.query<{ author_id: string; liked: boolean; changed: boolean; like_count: number }>(
      TOGGLE_LIKE_SQL,
      [postId, userId],
    );
    if (!row || row.changed || attempt >= TOGGLE_TRIES) return row;
  }
}

export interface NewPost {
  userId: string;
  /** Stored with the post (null when the author does not share their location). */
  venueId: number | null;
  locationText: string | null;
  vibes: string[];
  content: string | null;
  /** The venue the author named, checked whatever is stored. */
  namedVenueId: number | null;
  /** Whether to answer whom to tell: the author's activity reaches their friends. */
  tellFriends: boolean;
}

/**
 * One statement: the named venue's check, the post, its venue's name and, when the author's
 * activity reaches their friends, whom to tell. Undefined when the named venue does not exist.
 */
export async function insertPost(db: Queryable, p: NewPost) {
  const [row] = await db.query<
    PostRow & { venue_name: string | null; venue_external_id: string | null; friends: string[] | null }
  >(
    `WITH added AS (
       INSERT INTO posts (user_id, venue_id, location_text, vibes, content)
       SELECT $1, $2, $3, $4::text[], $5
        WHERE $6::int IS NULL OR EXISTS (SELECT 1 FROM venues WHERE id = $6)
       RETURNING id, user_id, venue_id, location_text, vibes, content, like_count, comment_count, created_at)
     SELECT added.*, v.name AS venue_name, v.external_id AS venue_external_id,
            CASE WHEN $7 THEN (SELECT array_agg(f.friend_id::text) FROM friendships f WHERE f.user_id = $1)
              END AS friends
       FROM added LEFT JOIN venues v ON v.id = added.venue_id`,
    [p.userId, p.venueId, p.locationText, p.vibes, p.content, p.namedVenueId, p.tellFriends],
  );
  return row;
}

/**
 * Which of a post's comments (c, its author u) a viewer ($V) sees, on a post by $P: their own; and
 * others' only while the commenter shares their activity (privacyActivityFeed: a comment on a
 * friend's post is activity) or the viewer is the post's author, to whom it was written. Never
 * those of someone either of the two blocked.
 */
const commentVisibleSql = (viewer: string, postAuthor: string) =>
  `(c.user_id = ${viewer} OR ((${postAuthor} = ${viewer} OR u.privacy_activity_feed) ` +
  `AND NOT ${blockedBetween(viewer, "c.user_id")}))`;

/**
 * How many of the post's comments ($post is its row, with id and user_id) the viewer does not
 * see: the post's comment count less this is what they can read.
 */
const hiddenCommentsSql = (viewer: string, post: string) =>
  `(SELECT count(*)::int FROM post_comments c JOIN users u ON u.id = c.user_id
     WHERE c.post_id = ${post}.id AND NOT ${commentVisibleSql(viewer, `${post}.user_id`)})`;

/** A post's comments the viewer may read (commentVisibleSql), oldest first. */
export async function postComments(
  db: Queryable,
  post: { id: string; authorId: string },
  viewerId: string,
): Promise<Comment[]> {
  const rows = await db.query<{
    id: string;
    user_id: string;
    first_name: string | null;
    last_name: string | null;
    content: string;
    created_at: Date;
  }>(
    `SELECT c.id, c.user_id, u.first_name, u.last_name, c.content, c.created_at
       FROM post_comments c JOIN users u ON u.id = c.user_id
      WHERE c.post_id = $1 AND ${commentVisibleSql("$3::uuid", "$2::uuid")}
      ORDER BY c.created_at, c.id LIMIT 500`,
    [post.id, post.authorId, viewerId],
  );
  return rows.map(
    (r): Comment => ({
      id: r.id,
      user: { id: r.user_id, firstName: r.first_name, lastName: r.last_name },
      content: r.content,
      createdAt: iso(r.created_at),
    }),
  );
}

/** Adds a comment and counts it on its post, together. */
export async function insertComment(
  db: Db,
  postId: string,
  userId: string,
  content: string,
): Promise<{ id: string; createdAt: string }> {
  const row = await db.transaction(async (tx) => {
    const [c] = await tx.query<{ id: string; created_at: Date }>(
      "INSERT INTO post_comments (post_id, user_id, content) VALUES ($1, $2, $3) RETURNING id, created_at",
      [postId, userId, content],
    );
    await tx.query("UPDATE posts SET comment_count = comment_count + 1 WHERE id = $1", [postId]);
    return c;
  });
  return { id: row.id, createdAt: iso(row.created_at) };
}

// --- people and friends ---

/** What a list of people shows of each (never password or privacy fields). */
type PersonRow = Pick<UserRow, "id" | "first_name" | "last_name" | "email" | "profile_image_url">;

/** Either of the two blocked the other ($A and $B are replaced by the two parties' columns or parameters). */
export const BLOCKED_BETWEEN_SQL = `EXISTS (SELECT 1 FROM user_blocks b
    WHERE (b.blocker_id = $A AND b.blocked_id = $B) OR (b.blocker_id = $B AND b.blocked_id = $A))`;
const blockedBetween = (a: string, b: string) => BLOCKED_BETWEEN_SQL.replaceAll("$A", a).replaceAll("$B", b);

/**
 * People search, as a registered person may use it (guests may not: the route refuses them).
 * With an "@" in it, the text is an email and finds only the account with exactly that address
 * (any case), unless its owner turned "People can find me by my email" off (admins: unless they
 * turned it on; users.ts findableByEmail); otherwise it is part of a name, first or last. Never
 * the caller, guests, anyone either of the two blocked, or password and privacy fields. An email
 * is shown whole only when it was typed exactly or its owner is a friend or a pending request
 * either way; otherwise masked (`s•••@example.com`), so a page of results is not a list of addresses.
 */
export async function searchUsers(
  db: Queryable,
  callerId: string,
  q: string,
  limit: number,
  adminEmails: readonly string[],
): Promise<UserSearchResult[]> {
  const text = q.trim().toLowerCase();
  const byEmail = text.includes("@");
  const rows = await db.query<PersonRow & { status: UserSearchResult["friendshipStatus"] }>(
    `SELECT u.id, u.first_name, u.last_name, u.email, u.profile_image_url,
            CASE WHEN EXISTS (SELECT 1 FROM friendships f WHERE f.user_id = $1 AND f.friend_id = u.id) THEN 'friends'
                 WHEN EXISTS (SELECT 1 FROM friend_requests r WHERE r.requester_id = $1 AND r.addressee_id = u.id)
                   THEN 'pending_sent'
                 WHEN EXISTS (SELECT 1 FROM friend_requests r WHERE r.requester_id = u.id AND r.addressee_id = $1)
                   THEN 'pending_received'
                 ELSE 'none' END AS status
       FROM users u
      WHERE u.id <> $1 AND NOT u.is_guest AND NOT ${blockedBetween("$1", "u.id")}
        AND ${
          byEmail
            ? `lower(u.email) = $2 AND ${FINDABLE_BY_EMAIL_SQL("$5")}`
            : "lower(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')) LIKE $2 ESCAPE '\\'"
        }
      ORDER BY (lower(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')) LIKE $3 ESCAPE '\\') DESC,
        u.first_name, u.last_name, u.id
      LIMIT $4`,
    byEmail
      ? [callerId, text, likeContains(text).slice(1), limit, [...adminEmails]]
      : [callerId, likeContains(text), likeContains(text).slice(1), limit],
  );
  return rows.map(
    (r): UserSearchResult => ({
      id: r.id,
      firstName: r.first_name,
      lastName: r.last_name,
      email: byEmail || r.status !== "none" ? r.email : maskEmail(r.email),
      profileImageUrl: r.profile_image_url,
      friendshipStatus: r.status,
    }),
  );
}

export async function userExists(db: Queryable, id: string): Promise<boolean> {
  return (await db.query("SELECT id FROM users WHERE id = $1", [id])).length > 0;
}

/** Who sent the pending request between the two, in either direction, or null. */
export async function pendingRequester(db: Queryable, a: string, b: string): Promise<string | null> {
  const pending = await db.query<{ requester_id: string }>(
    "SELECT requester_id FROM friend_requests WHERE (requester_id = $1 AND addressee_id = $2) " +
      "OR (requester_id = $2 AND addressee_id = $1)",
    [a, b],
  );
  return pending[0]?.requester_id ?? null;
}

/** Stores a request; a duplicate fails with the unique index's 23505. */
export async function insertFriendRequest(
  db: Queryable,
  from: string,
  to: string,
): Promise<{ id: string; created_at: Date }> {
  const [request] = await db.query<{ id: string; created_at: Date }>(
    "INSERT INTO friend_requests (requester_id, addressee_id) VALUES ($1, $2) RETURNING id, created_at",
    [from, to],
  );
  return request;
}

/** Requests sent to the caller, newest first. */
export async function incomingRequests(db: Queryable, userId: string): Promise<FriendRequestItem[]> {
  const rows = await db.query<{
    id: string;
    created_at: Date;
    user_id: string;
    first_name: string | null;
    last_name: string | null;
    email: string | null;
  }>(
    `SELECT r.id, r.created_at, u.id AS user_id, u.first_name, u.last_name, u.email
       FROM friend_requests r JOIN users u ON u.id = r.requester_id
      WHERE r.addressee_id = $1 ORDER BY r.created_at DESC LIMIT 200`,
    [userId],
  );
  return rows.map(
    (r): FriendRequestItem => ({
      friendship: { id: r.id, createdAt: new Date(r.created_at).toISOString() },
      user: { id: r.user_id, firstName: r.first_name, lastName: r.last_name, email: r.email },
    }),
  );
}

/** Accepts the request from `from` to `to` (only its recipient can): false when there is none. */
export async function acceptRequest(db: Db, from: string, to: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const removed = await tx.query(
      "DELETE FROM friend_requests WHERE requester_id = $1 AND addressee_id = $2 RETURNING id",
      [from, to],
    );
    if (!removed.length) return false;
    await tx.query("INSERT INTO friendships (user_id, friend_id) VALUES ($1, $2), ($2, $1) ON CONFLICT DO NOTHING", [
      to,
      from,
    ]);
    return true;
  });
}

/** Removes the request from `from` to `to`: false when there is none. */
export async function rejectRequest(db: Queryable, from: string, to: string): Promise<boolean> {
  const removed = await db.query(
    "DELETE FROM friend_requests WHERE requester_id = $1 AND addressee_id = $2 RETURNING id",
    [from, to],
  );
  return removed.length > 0;
}

/** The caller's friends by name; a friend's vibes only while they share them. */
export async function friendsOf(db: Queryable, userId: string): Promise<Friend[]> {
  const rows = await db.query<PersonRow & { preferred_vibes: string[]; privacy_share_vibes: boolean }>(
    `SELECT u.id, u.first_name, u.last_name, u.email, u.profile_image_url, u.preferred_vibes, u.privacy_share_vibes
       FROM friendships f JOIN users u ON u.id = f.friend_id
      WHERE f.user_id = $1 ORDER BY u.first_name, u.last_name, u.email LIMIT 1000`,
    [userId],
  );
  return rows.map(
    (r): Friend => ({
      id: r.id,
      firstName: r.first_name,
      lastName: r.last_name,
      email: r.email,
      profileImageUrl: r.profile_image_url,
      // privacyShareVibes off: their vibes stay theirs.
      preferredVibes: r.privacy_share_vibes ? r.preferred_vibes : [],
    }),
  );
}

// --- groups ---

interface MemberRow {
  group_id: string;
  user_id: string;
  first_name: string | null;
  last_name: string | null;
  preferred_vibes: string[];
  privacy_share_vibes: boolean;
  current: string[] | null;
}

/** Groups the caller created or belongs to, each with its members and mixed vibes. */
export async function groupsOf(db: Queryable, userId: string, onlyGroupId?: string): Promise<Group[]> {
  const groups = await db.query<{ id: string; name: string; creator_id: string }>(
    `SELECT g.id, g.name, g.creator_id FROM friend_groups g
      WHERE EXISTS (SELECT 1 FROM friend_group_members m WHERE m.group_id = g.id AND m.user_id = $1)
        AND ($2::uuid IS NULL OR g.id = $2::uuid)
      ORDER BY g.created_at DESC, g.id`,
    [userId, onlyGroupId ?? null],
  );
  if (!groups.length) return [];
  // Each member's shared vibes: only with privacyShareVibes on, and only selections they did not keep private.
  const members = await db.query<MemberRow>(
    `SELECT m.group_id, u.id AS user_id, u.first_name, u.last_name, u.preferred_vibes, u.privacy_share_vibes,
            (SELECT s.vibes FROM vibe_selections s WHERE s.user_id = u.id AND NOT s.is_private
              ORDER BY s.created_at DESC, s.id DESC LIMIT 1) AS current
       FROM friend_group_members m JOIN users u ON u.id = m.user_id
      WHERE m.group_id = ANY($1::uuid[])
      ORDER BY u.first_name, u.last_name, u.id`,
    [groups.map((g) => g.id)],
  );
  return groups.map((g) => {
    const own = members.filter((m) => m.group_id === g.id);
    return {
      id: g.id,
      name: g.name,
      memberCount: own.length,
      mixedVibes: blendGroupVibes(
        own.map((m) =>
          m.privacy_share_vibes
            ? { current: m.current ?? [], preferred: m.preferred_vibes }
            : { current: [], preferred: [] },
        ),
      ),
      isCreator: isGroupCreator(g, userId),
      members: own.map((m) => ({ id: m.user_id, firstName: m.first_name, lastName: m.last_name })),
    };
  });
}

/** Of the given people, how many are the user's friends. */
export async function countFriendsAmong(db: Queryable, userId: string, ids: readonly string[]): Promise<number> {
  const friends = await db.query<{ friend_id: string }>(
    "SELECT friend_id FROM friendships WHERE user_id = $1 AND friend_id = ANY($2::uuid[])",
    [userId, ids],
  );
  return friends.length;
}

/** Creates a group of its creator and the given members, together; answers its id. */
export async function insertGroup(
  db: Db,
  name: string,
  creatorId: string,
  memberIds: readonly string[],
): Promise<string> {
  return db.transaction(async (tx) => {
    const [g] = await tx.query<{ id: string }>(
      "INSERT INTO friend_groups (name, creator_id) VALUES ($1, $2) RETURNING id",
      [name, creatorId],
    );
    await tx.query("INSERT INTO friend_group_members (group_id, user_id) SELECT $1, unnest($2::uuid[])", [
      g.id,
      [creatorId, ...memberIds],
    ]);
    return g.id;
  });
}

/**
 * Deletes the group; false when there was none to delete (a concurrent delete got there first),
 * so only the request whose statement removed it is told it did.
 */
export async function deleteGroup(db: Queryable, id: string): Promise<boolean> {
  const rows = await db.query("DELETE FROM friend_groups WHERE id = $1 RETURNING id", [id]);
  return rows.length > 0;
}

/** Takes the person out of the group; false when they were not in it. */
export async function removeMember(db: Queryable, groupId: string, userId: string): Promise<boolean> {
  const removed = await db.query(
    "DELETE FROM friend_group_members WHERE group_id = $1 AND user_id = $2 RETURNING user_id",
    [groupId, userId],
  );
  return removed.length > 0;
}

// --- blocks ---

/** Whether a block stands between the two, and who made it: "mine" (a blocked b), "theirs", or null. */
export async function blockBetween(db: Queryable, a: string, b: string): Promise<"mine" | "theirs" | null> {
  const [row] = await db.query<{ blocker_id: string }>(
    `SELECT blocker_id FROM user_blocks
      WHERE (blocker_id = $1 AND blocked_id = $2) OR (blocker_id = $2 AND blocked_id = $1)
      ORDER BY blocker_id = $1 DESC LIMIT 1`,
    [a, b],
  );
  return row ? (row.blocker_id === a ? "mine" : "theirs") : null;
}

/**
 * `blocker` blocks `blocked`, and everything between them ends with it: their friendship, a
 * pending request either way, and each one's place in a group the other created. True when the
 * block is new (false: it already stood, and nothing else changed).
 */
export async function insertBlock(db: Db, blocker: string, blocked: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const added = await tx.query(
      "INSERT INTO user_blocks (blocker_id, blocked_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING blocker_id",
      [blocker, blocked],
    );
    if (!added.length) return false;
    await tx.query(
      "DELETE FROM friendships WHERE (user_id = $1 AND friend_id = $2) OR (user_id = $2 AND friend_id = $1)",
      [blocker, blocked],
    );
    await tx.query(
      "DELETE FROM friend_requests WHERE (requester_id = $1 AND addressee_id = $2) OR (requester_id = $2 " +
        "AND addressee_id = $1)",
      [blocker, blocked],
    );
    await tx.query(
      `DELETE FROM friend_group_members m USING friend_groups g
        WHERE m.group_id = g.id AND ((g.creator_id = $1 AND m.user_id = $2) OR (g.creator_id = $2 AND m.user_id = $1))`,
      [blocker, blocked],
    );
    return true;
  });
}

/** Lifts the caller's block; false when there was none. */
export async function deleteBlock(db: Queryable, blocker: string, blocked: string): Promise<boolean> {
  const removed = await db.query(
    "DELETE FROM user_blocks WHERE blocker_id = $1 AND blocked_id = $2 RETURNING blocker_id",
    [blocker, blocked],
  );
  return removed.length > 0;
}

/** The people the caller blocked, most recent first. */
export async function blockedBy(db: Queryable, blocker: string): Promise<BlockedPerson[]> {
  const rows = await db.query<{ id: string; first_name: string | null; last_name: string | null; created_at: Date }>(
    `SELECT u.id, u.first_name, u.last_name, b.created_at
       FROM user_blocks b JOIN users u ON u.id = b.blocked_id
      WHERE b.blocker_id = $1 ORDER BY b.created_at DESC, u.id LIMIT 1000`,
    [blocker],
  );
  return rows.map((r) => ({ id: r.id, firstName: r.first_name, lastName: r.last_name, blockedAt: iso(r.created_at) }));
}

// --- profile ---

/** Updates the caller's own users row (assignments use $2...; $1 is the id); answers the updated row. */
async function updateOwnRow(db: Queryable, userId: string, assignments: string, values: unknown[]): Promise<UserRow> {
  const [row] = await db.query<UserRow>(
    `UPDATE users SET ${assignments}, updated_at = now() WHERE id = $1 RETURNING *`,
    [userId, ...values],
  );
  return row;
}

/** Sets the preferences the body names, leaves the others. */
export function updatePreferences(db: Queryable, userId: string, body: z.infer<typeof preferencesBody>) {
  return updateOwnRow(
    db,
    userId,
    `preferred_vibes      = coalesce($2::text[], preferred_vibes),
     dietary_restrictions = coalesce($3::text[], dietary_restrictions),
     budget_preference    = CASE WHEN $4::boolean THEN $5 ELSE budget_preference END,
     favorite_categories  = coalesce($6::text[], favorite_categories)`,
    [
      body.preferredVibes ?? null,
      body.dietaryRestrictions ?? null,
      body.budgetPreference !== undefined,
      body.budgetPreference ?? null,
      body.favoriteCategories ?? null,
    ],
  );
}

/** Sets the privacy switches the body names, leaves the others. */
export function updatePrivacy(db: Queryable, userId: string, body: z.infer<typeof privacyBody>) {
  return updateOwnRow(
    db,
    userId,
    `privacy_share_vibes    = coalesce($2, privacy_share_vibes),
     privacy_share_location = coalesce($3, privacy_share_location),
     privacy_activity_feed  = coalesce($4, privacy_activity_feed),
     privacy_find_by_email  = coalesce($5, privacy_find_by_email)`,
    [
      body.privacyShareVibes ?? null,
      body.privacyShareLocation ?? null,
      body.privacyActivityFeed ?? null,
      body.privacyFindByEmail ?? null,
    ],
  );
}
