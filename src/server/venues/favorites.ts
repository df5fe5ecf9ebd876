import type { ChangeFeed } from "../db/changes";
import type { Queryable } from "../db/client";
import { KeptByUser } from "../db/kept";

/** How long a person's saved venue ids may be answered from memory at most. */
export const FAVORITES_KEEP_MS = 30_000;

/**
 * Which venues each recently active person saved, kept in memory so that a venue list can mark
 * them without a query. The favorites triggers of migration 008 announce whose favourites changed,
 * and every instance forgets theirs; the instance that made the change forgets at once.
 */
export interface FavoriteStore {
  of(userId: string): Promise<ReadonlySet<number>>;
  forget(userId: string): void;
  close(): void;
}

export function createFavoriteStore(db: Queryable, changes: ChangeFeed): FavoriteStore {
  const kept = new KeptByUser<ReadonlySet<number>>(FAVORITES_KEEP_MS);
  const stop = changes.on("favorites", (changed) => {
    if (changed === "*") kept.forgetAll();
    else for (const id of changed) kept.forget(id);
  });
  return {
    async of(userId) {
      const hit = kept.get(userId);
      if (hit) return hit;
      const readAt = kept.epoch;
      const rows = await db.query<{ venue_id: number }>("SELECT venue_id FROM favorites WHERE user_id = $1", [userId]);
      const ids = new Set(rows.map((r) => r.venue_id));
      kept.keep(userId, userId, ids, readAt);
      return ids;
    },
    forget: (userId) => kept.forget(userId),
    close: stop,
  };
}
