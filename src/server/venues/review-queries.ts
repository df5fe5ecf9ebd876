import type { MyReview, ReviewItem } from "@shared/contracts/reviews";
import { REVIEWS } from "@shared/vocabulary";
import type { Queryable } from "../db/client";

/** Every SQL statement of VIBE's people's reviews (member_reviews, migration 015; docs/reviews.md). */

/** Who reads reviews: a signed-in person (their blocks hide reviews either way), or nobody. */
export type ReviewViewer = { id: string } | null;

interface MemberReviewRow {
  id: string | number;
  user_id: string;
  rating: number;
  text: string;
  created_at: Date;
  updated_at: Date;
  removed_at: Date | null;
  removed_reason: string | null;
  first_name: string | null;
  last_name: string | null;
  privacy_activity_feed: boolean;
}

const iso = (d: Date | string) => new Date(d).toISOString();

/**
 * The name a review shows: "Sam S." (first name, last initial) when the person lets their activity
 * be shown (privacyActivityFeed, on unless turned off), otherwise "A VIBE member".
 */
export function reviewAuthor(r: Pick<MemberReviewRow, "first_name" | "last_name" | "privacy_activity_feed">): string {
  const first = r.first_name?.trim();
  if (!r.privacy_activity_feed || !first) return REVIEWS.anonymousAuthor;
  const initial = r.last_name?.trim().charAt(0);
  return initial ? `${first} ${initial.toUpperCase()}.` : first;
}

/** A venue's live member reviews as `viewer` may see them (neither blocked the other), newest first. */
export async function memberReviewsOf(db: Queryable, venueId: number, viewer: ReviewViewer): Promise<ReviewItem[]> {
  const rows = await db.query<MemberReviewRow>(
    `SELECT r.id, r.user_id, r.rating, r.text, r.created_at, r.updated_at, r.removed_at, r.removed_reason,
            u.first_name, u.last_name, u.privacy_activity_feed
       FROM member_reviews r JOIN users u ON u.id = r.user_id
      WHERE r.venue_id = $1 AND r.removed_at IS NULL AND (r.listed OR r.user_id = $2::uuid)
        AND ($2::uuid IS NULL OR NOT EXISTS (SELECT 1 FROM user_blocks b
              WHERE (b.blocker_id = $2::uuid AND b.blocked_id = r.user_id)
                 OR (b.blocker_id = r.user_id AND b.blocked_id = $2::uuid)))
      ORDER BY r.updated_at DESC, r.id DESC
      LIMIT 100`,
    [venueId, viewer?.id ?? null],
  );
  return rows.map((r) => ({
    author: reviewAuthor(r),
    rating: Number(r.rating),
    text: r.text,
    time: iso(r.updated_at),
    source: REVIEWS.source,
    id: Number(r.id),
    mine: r.user_id === viewer?.id,
  }));
}

function presentMine(r: Omit<MemberReviewRow, "first_name" | "last_name" | "privacy_activity_feed">): MyReview {
  return {
    id: Number(r.id),
    rating: Number(r.rating),
    text: r.text,
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
    removed: r.removed_at ? { reason: r.removed_reason ?? "", at: iso(r.removed_at) } : null,
  };
}

const MINE_COLUMNS = "id, user_id, rating, text, created_at, updated_at, removed_at, removed_reason";

/** The person's review of the venue, removed or not, or null. */
export async function myReview(db: Queryable, venueId: number, userId: string): Promise<MyReview | null> {
  const rows = await db.query<MemberReviewRow>(
    `SELECT ${MINE_COLUMNS} FROM member_reviews WHERE venue_id = $1 AND user_id = $2`,
    [venueId, userId],
  );
  return rows[0] ? presentMine(rows[0]) : null;
}

/**
 * Writes or replaces the person's review. `keepText`: a check-in's rating keeps the text the review
 * has and gives it `text` only when it had none. `unlisted`: a check-in's rating from someone who
 * does not share their location: a new review is kept out of the list (the rating still counts),
 * and an existing one keeps its text, time and place in the list, only its rating changes (its
 * caption and time would say where the person is now). A removed review is not changed: null then.
 */
export async function upsertReview(
  db: Queryable,
  r: { venueId: number; userId: string; rating: number; text: string; keepText?: boolean; unlisted?: boolean },
): Promise<{ review: MyReview; created: boolean } | null> {
  const unlisted = !!r.unlisted;
  const rows = await db.query<MemberReviewRow & { created: boolean }>(
    `INSERT INTO member_reviews (venue_id, user_id, rating, text, listed) VALUES ($1, $2, $3, $4, NOT $6::boolean)
     ON CONFLICT (venue_id, user_id) DO UPDATE
        SET rating = EXCLUDED.rating,
            text = CASE WHEN $6::boolean OR ($5::boolean AND member_reviews.text <> '') THEN member_reviews.text
                        ELSE EXCLUDED.text END,
            updated_at = CASE WHEN $6::boolean THEN member_reviews.updated_at ELSE now() END,
            listed = member_reviews.listed OR NOT $6::boolean
      WHERE member_reviews.removed_at IS NULL
     RETURNING ${MINE_COLUMNS}, (xmax = 0) AS created`,
    [r.venueId, r.userId, r.rating, unlisted ? "" : r.text, !!r.keepText, unlisted],
  );
  return rows[0] ? { review: presentMine(rows[0]), created: !!rows[0].created } : null;
}

/** Deletes the person's live review: "deleted", "removed" (an admin removed it: kept), or "none". */
export async function deleteReview(
  db: Queryable,
  venueId: number,
  userId: string,
): Promise<"deleted" | "removed" | "none"> {
  const rows = await db.query<{ removed: boolean; deleted: boolean }>(
    `WITH d AS (DELETE FROM member_reviews WHERE venue_id = $1 AND user_id = $2 AND removed_at IS NULL RETURNING id)
     SELECT EXISTS (SELECT 1 FROM d) AS deleted,
            EXISTS (SELECT 1 FROM member_reviews WHERE venue_id = $1 AND user_id = $2
              AND removed_at IS NOT NULL) AS removed`,
    [venueId, userId],
  );
  return rows[0]?.deleted ? "deleted" : rows[0]?.removed ? "removed" : "none";
}

/** An admin removes a review, keeping it and the reason: its venue id, "already", or null (no such review). */
export async function removeReview(
  db: Queryable,
  id: number,
  adminId: string,
  reason: string,
): Promise<{ venueId: number } | "already" | null> {
  if (id > Number.MAX_SAFE_INTEGER) return null;
  const rows = await db.query<{ venue_id: number; was_removed: boolean }>(
    `WITH r AS (SELECT id, venue_id, removed_at IS NOT NULL AS was_removed FROM member_reviews WHERE id = $1),
          u AS (UPDATE member_reviews m SET removed_at = now(), removed_reason = $2, removed_by = $3
                 FROM r WHERE m.id = r.id AND NOT r.was_removed RETURNING m.id)
     SELECT venue_id, was_removed FROM r`,
    [id, reason, adminId],
  );
  if (!rows[0]) return null;
  return rows[0].was_removed ? "already" : { venueId: rows[0].venue_id };
}
