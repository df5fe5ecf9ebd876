import type { z } from "zod";
import type { VenueStats, venueUpdateBody } from "@shared/contracts/business";
import type { Queryable } from "../db/client";
import { MAX_INT4 } from "../db/sql";
import { VENUE_COLUMNS, type VenueRow } from "../venues/queries";

/** The SQL of business/: ownership, owner broadcasts and the dashboard's figures. */

export async function venueExists(db: Queryable, id: number): Promise<boolean> {
  return id <= MAX_INT4 && (await db.query("SELECT 1 FROM venues WHERE id = $1", [id])).length > 0;
}

/** Makes the person an owner of the venue (again is a no-op). */
export async function addOwner(db: Queryable, venueId: number, userId: string): Promise<void> {
  await db.query("INSERT INTO venue_owners (venue_id, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING", [
    venueId,
    userId,
  ]);
}

/** The person's venues, oldest ownership first (the dashboard uses the first), with their favourites marked. */
export async function ownedVenues(db: Queryable, userId: string): Promise<VenueRow[]> {
  return db.query<VenueRow>(
    `SELECT ${VENUE_COLUMNS}, NULL::float8 AS meters, (f.user_id IS NOT NULL) AS is_favorite
       FROM venue_owners o JOIN venues v ON v.id = o.venue_id
       LEFT JOIN favorites f ON f.venue_id = v.id AND f.user_id = $1
      WHERE o.user_id = $1 ORDER BY o.created_at, v.id`,
    [userId],
  );
}

/** Keeps an owner's broadcast as history (live/store.ts reads the latest). */
export async function insertVenueUpdate(
  db: Queryable,
  venueId: number,
  userId: string,
  u: z.infer<typeof venueUpdateBody>,
): Promise<void> {
  await db.query(
    `INSERT INTO venue_updates (venue_id, user_id, capacity_status, noise_level, current_vibes, special_notes, is_open,
       live_music)
     VALUES ($1, $2, $3, $4, $5::text[], $6, $7, $8)`,
    [venueId, userId, u.capacityStatus, u.noiseLevel, u.currentVibes, u.specialNotes, u.isOpen, u.liveMusic],
  );
}

export async function venueName(db: Queryable, id: number): Promise<{ external_id: string; name: string }> {
  const [venue] = await db.query<{ external_id: string; name: string }>(
    "SELECT external_id, name FROM venues WHERE id = $1",
    [id],
  );
  return venue;
}

/** Measured figures for the owner's dashboard: nothing here is a placeholder. */
export async function venueStats(db: Queryable, id: number): Promise<VenueStats> {
  const [row] = await db.query<Omit<VenueStats, "recentCheckIns" | "venueId">>(
    `SELECT
       (SELECT count(*)::int FROM posts WHERE venue_id = $1
         AND created_at >= date_trunc('day', now())) AS "checkInsToday",
       (SELECT count(*)::int FROM posts WHERE venue_id = $1
         AND created_at >= now() - interval '7 days') AS "checkInsThisWeek",
       (SELECT count(DISTINCT user_id)::int FROM posts WHERE venue_id = $1
         AND created_at >= date_trunc('day', now())) AS "visitorsToday",
       (SELECT count(DISTINCT user_id)::int FROM posts WHERE venue_id = $1
         AND created_at >= now() - interval '7 days') AS "visitorsThisWeek",
       (SELECT count(*)::int FROM favorites WHERE venue_id = $1) AS "saves",
       (SELECT coalesce(sum(count), 0)::int FROM venue_match_counts WHERE venue_id = $1
         AND day = current_date) AS "searchMatchesToday",
       (SELECT coalesce(sum(count), 0)::int FROM venue_match_counts WHERE venue_id = $1
         AND day > current_date - 7) AS "searchMatchesThisWeek",
       (SELECT rating FROM venues WHERE id = $1) AS "rating",
       (SELECT review_count FROM venues WHERE id = $1) AS "reviewCount",
       (SELECT count(*)::int FROM venue_updates WHERE venue_id = $1
         AND created_at >= now() - interval '7 days') AS "broadcastsThisWeek"`,
    [id],
  );
  const recent = await db.query<{ vibes: string[]; created_at: Date }>(
    "SELECT vibes, created_at FROM posts WHERE venue_id = $1 ORDER BY created_at DESC LIMIT 10",
    [id],
  );
  return {
    venueId: id,
    ...row,
    recentCheckIns: recent.map((r) => ({ vibes: r.vibes, createdAt: new Date(r.created_at).toISOString() })),
  };
}
