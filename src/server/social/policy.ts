import type { Queryable } from "../db/client";

/**
 * Who may do what in social/. Each answer is one question about two parties; the routes turn a
 * "no" into their 403 or 404.
 */

/** True when the two people are friends. */
export async function areFriends(db: Queryable, a: string, b: string): Promise<boolean> {
  const rows = await db.query("SELECT 1 FROM friendships WHERE user_id = $1 AND friend_id = $2", [a, b]);
  return rows.length > 0;
}

/**
 * Who may see a post: its author, and the author's friends while the author's activity feed is
 * shared (privacyActivityFeed). Everyone else gets a 404, as if it did not exist.
 */
export const VISIBLE_POST_SQL = `(p.user_id = $VIEWER OR EXISTS (
    SELECT 1 FROM friendships f JOIN users a ON a.id = p.user_id
     WHERE f.user_id = $VIEWER AND f.friend_id = p.user_id AND a.privacy_activity_feed))`;

export async function canSeePost(
  db: Queryable,
  viewerId: string,
  postId: string,
): Promise<{ authorId: string } | null> {
  const rows = await db.query<{ user_id: string }>(
    `SELECT p.user_id FROM posts p WHERE p.id = $1 AND ${VISIBLE_POST_SQL.replaceAll("$VIEWER", "$2")}`,
    [postId, viewerId],
  );
  return rows[0] ? { authorId: rows[0].user_id } : null;
}

/** Who may delete a group: the person who created it (members only see it). */
export const isGroupCreator = (group: { creator_id: string }, userId: string): boolean => group.creator_id === userId;
