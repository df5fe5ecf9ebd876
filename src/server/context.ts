import type { FastifyRequest } from "fastify";
import type { Config } from "./config";
import type { Db } from "./db/client";
import type { SessionStore } from "./auth/sessions";
import type { UserRow } from "./auth/users";
import type { MatchCounter } from "./business/match-counter";
import type { EventBus } from "./realtime/bus";
import type { VibeAnalyzer } from "./vibes/analyzer";
import type { VenueCatalog } from "./venues/catalog";
import type { ChangeFeed } from "./db/changes";
import type { LiveStore } from "./live/store";
import type { Mailer } from "./mail/mailer";
import type { FavoriteStore } from "./venues/favorites";
import type { ReadModel } from "./readmodel";
import { forbidden, unauthorized } from "./http/errors";

/** What every route module is built from. */
export interface AppContext {
  config: Config;
  db: Db;
  sessions: SessionStore;
  bus: EventBus;
  matchCounter: MatchCounter;
  /**
   * Everything this instance keeps in memory of the database (readmodel/): the catalog, live
   * inputs, favourites and sessions below are its parts, named here for their many readers.
   * `readModel.write(work)` answers once a change is reflected here (a route that reads back what
   * it wrote uses it); every request other than GET and HEAD waits for that before it is answered.
   */
  readModel: ReadModel;
  /** What other connections changed, as the database announces it (db/changes.ts). */
  changes: ChangeFeed;
  /** Recently active people's saved venue ids, in memory (venues/favorites.ts). */
  favorites: FavoriteStore;
  /** Every venue's live inputs, in memory (live/store.ts). */
  live: LiveStore;
  /** Every venue, in memory, for radius searches (venues/catalog.ts). */
  catalog: VenueCatalog;
  vibes: VibeAnalyzer;
  /** Account mail (verification and reset links, alerts) to SMTP_URL, or printed/dropped when it is unset. */
  mailer: Mailer;
  /**
   * The site's origin for links in mail: PUBLIC_URL, else HOST and the port this instance listens
   * on. Never the request's Host header, which the client writes (docs/sign-in.md, "Email links").
   */
  siteUrl(): string;
  /**
   * "Now" for opening hours: the Open now filter, open late, the cards' status and the details'
   * week are read at this instant (one per request). The real clock; tests fix it (BuildOptions.clock).
   */
  clock(): Date;
  /**
   * Runs `task` after the answer has gone out (its failure is logged): work whose duration must
   * not show in the answer's timing, such as whether an address has an account.
   */
  afterReply(req: FastifyRequest, task: () => Promise<void>): void;
  /** Resolves once the afterReply work begun so far, its mail and the matches counted are written (tests). */
  quiet(): Promise<void>;
}

/** The signed-in admin (granted by an operator, or a proven email in ADMIN_EMAILS), or 401 / 403. */
export async function requireAdmin(ctx: AppContext, req: FastifyRequest): Promise<UserRow> {
  const user = await requireUser(ctx, req);
  if (user.role !== "admin") throw forbidden("Admins only");
  return user;
}

const cache = new WeakMap<FastifyRequest, Promise<UserRow | null>>();

/** The signed-in user of this request (looked up once per request), or null. */
export function currentUser(ctx: AppContext, req: FastifyRequest): Promise<UserRow | null> {
  let p = cache.get(req);
  if (!p) {
    p = ctx.sessions.user(req);
    cache.set(req, p);
  }
  return p;
}

/** The user lookup this request already made, if it made one. */
export function lookedUpUser(req: FastifyRequest): Promise<UserRow | null> | undefined {
  return cache.get(req);
}

/** The signed-in user, or a 401. */
export async function requireUser(ctx: AppContext, req: FastifyRequest): Promise<UserRow> {
  const user = await currentUser(ctx, req);
  if (!user) throw unauthorized();
  return user;
}
