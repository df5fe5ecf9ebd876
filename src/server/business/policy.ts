import type { Queryable } from "../db/client";

/** Who may broadcast a venue's live status and see its figures: its owners (admins see figures too). */
export async function isVenueOwner(db: Queryable, venueId: number, userId: string): Promise<boolean> {
  return (
    (await db.query("SELECT 1 FROM venue_owners WHERE venue_id = $1 AND user_id = $2", [venueId, userId])).length > 0
  );
}
