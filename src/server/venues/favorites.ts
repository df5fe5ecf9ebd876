import type { ChangeFeed } from "../db/changes";
import type { Queryable } from "../db/client";
import { PerUserTtlCache } from "../db/per-user-cache";

/** How long a person's saved venue ids may be answered from memory at most. */
export const FAVORITES_KEEP_MS = 30_000;

/**
 * Which venues each recently active person saved, kept in memory so that a venue list can mark
 * them without a query. The favorites triggers of migration 008 announce whose favourites changed,
 * and every instance forgets theirs (the instance that made the change before it answers:
 * readmodel/).
 */
export interface FavoriteStore {
  of(userId: string): Promise<ReadonlySet<number>>;
  close(): void;
}

export function createFavoriteStore(db: Queryable, changes: ChangeFeed): FavoriteStore {
  const kept = new PerUserTtlCache<ReadonlySet<number>>(FAVORITES_KEEP_MS);
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
    close: stop,
  };
}
