import type { FastifyInstance } from "fastify";
import { createSessionStore, type SessionStore } from "../auth/sessions";
import { createChangeFeed, type ChangeFeed } from "../db/changes";
import type { Db } from "../db/client";
import { createLiveStore, type LiveStore } from "../live/store";
import { createVenueCatalog, type VenueCatalog } from "../venues/catalog";
import { createFavoriteStore, type FavoriteStore } from "../venues/favorites";

/**
 * The instance's read model: everything it keeps in memory of the database, and the one change
 * feed that keeps it exact (docs/ARCHITECTURE.md, "The read model").
 *
 * - `catalog`: every venue, compactly (venues/catalog.ts), reread by the ids that change;
 * - `live`: every venue's live inputs (live/store.ts), reread likewise;
 * - `favorites`: recently active people's saved venue ids, a per-user TTL cache (venues/favorites.ts);
 * - `sessions`: recently seen sessions with their user, a per-user TTL cache (auth/sessions.ts).
 *
 * All four follow `changes` (LISTEN/NOTIFY, db/changes.ts): a change committed anywhere is
 * reread or forgotten on every instance within milliseconds. Read-your-own-writes is the read
 * model's job, not its callers': `write(work)` returns only once this instance's read model
 * reflects everything `work` committed, and every request that is not a GET or HEAD is answered
 * only once the same holds for everything it committed (`settleEveryWrite`), so a caller's next
 * request, here, never sees the world from before their own change.
 */
export interface ReadModel {
  readonly changes: ChangeFeed;
  readonly catalog: VenueCatalog;
  readonly live: LiveStore;
  readonly favorites: FavoriteStore;
  readonly sessions: SessionStore;
  /**
   * Runs `work` (statements that change the database) and resolves with its result once this
   * instance's read model reflects every change committed before it returned.
   */
  write<T>(work: () => Promise<T>): Promise<T>;
  /** Resolves once every change committed before the call is reflected here (the feed's settle). */
  settle(): Promise<void>;
  close(): Promise<void>;
}

export interface ReadModelOptions {
  sessions: Omit<Parameters<typeof createSessionStore>[1], "changes">;
  /** A change handler or a reread failed (the read model retries; this is for the log). */
  onError?: (what: string, err: unknown) => void;
}

export async function createReadModel(db: Db, opts: ReadModelOptions): Promise<ReadModel> {
  const onError = (what: string) => (err: unknown) => opts.onError?.(what, err);
  const changes = await createChangeFeed(db, { onError: onError("a change handler failed") });
  const sessions = createSessionStore(db, { ...opts.sessions, changes });
  const favorites = createFavoriteStore(db, changes);
  const live = await createLiveStore(db, changes, { onError: onError("reading live vibes into memory failed") });
  const catalog = await createVenueCatalog(db, changes, {
    onError: onError("reading venues into the catalog failed"),
  });
  const settle = () => changes.settle();
  return {
    changes,
    catalog,
    live,
    favorites,
    sessions,
    settle,
    async write(work) {
      const out = await work();
      await settle();
      return out;
    },
    async close() {
      await catalog.close();
      sessions.close();
      live.close();
      favorites.close();
      await changes.close();
    },
  };
}

/** How long an answer waits at most for the read model to reflect its request's changes. */
export const SETTLE_BOUND_MS = 5000;

/**
 * Makes every request that may change something (any method but GET and HEAD) a write through
 * the read model: its answer leaves once this instance reflects what it committed. A database that
 * is away (the answer is already an error then) or a feed that does not answer within
 * SETTLE_BOUND_MS does not hold the answer back; the feed catches up when it is back.
 */
export function settleEveryWrite(app: FastifyInstance, readModel: Pick<ReadModel, "settle">): void {
  app.addHook("onSend", async (req) => {
    if (req.method === "GET" || req.method === "HEAD") return;
    let timer: NodeJS.Timeout | undefined;
    const bound = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, SETTLE_BOUND_MS);
    });
    try {
      await Promise.race([readModel.settle(), bound]);
    } catch (err) {
      req.log.warn({ err }, "could not wait for the read model after a write");
    } finally {
      clearTimeout(timer);
    }
  });
}
